/// Why a page gave no article, short enough for a log line.
public enum NotFoundReason: Sendable, Equatable, CustomStringConvertible {
    /// Not a page at all: a PDF, an image… (the media type, when known).
    case notHTML(String?)
    /// A cookie-consent or privacy banner stands where the article should be.
    case consentWall
    /// Only a subscriber teaser: the rest is behind a paywall.
    case paywall
    /// A page, but nothing on it reads like an article (an index, a search form, an error page).
    case noArticle
    /// More bytes than the extractor reads (the limit in bytes).
    case tooLarge(Int)
    /// More elements than the extractor examines (the limit in elements).
    case tooComplex(Int)

    /// A short English reason, as in "error: page.html: the page is a cookie-consent wall".
    public var description: String {
        switch self {
        case .notHTML(let type?): return "the page is not HTML (\(type))"
        case .notHTML(nil): return "the page is not HTML"
        case .consentWall: return "the page is a cookie-consent wall"
        case .paywall: return "the article is behind a paywall"
        case .noArticle: return "no article found on the page"
        case .tooLarge(let limit): return "the page is larger than \(limit / 1_000_000) MB"
        case .tooComplex(let limit): return "the page has more than \(limit) elements"
        }
    }
}
