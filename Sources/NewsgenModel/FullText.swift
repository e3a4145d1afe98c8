import Foundation

/// An article's text as newsgen extracted it from the article's own page (issue 17), kept in the
/// archive beside the feed's own text, so the article stays readable after the publisher's page is
/// gone, with where and when it came from.
public struct FullText: Sendable, Equatable, Codable {
    /// The article's main text: sanitized HTML, every URL absolute.
    public var html: String
    /// The address asked for: the item's link.
    public var url: String
    /// Where the page was found after redirects (the same as `url` for a saved page).
    public var finalURL: String
    /// The build's "now" when the page was read.
    public var extractedAt: Date
    /// `ArticleExtractor.version` of the extractor that made `html`.
    public var extractor: String
    /// `FullText.stamp` of the feed's item when the page was read: a different stamp later means
    /// the publisher changed the item (a new `updated` date or text), and the page is read again.
    public var feedStamp: String
    /// The saved page read instead of fetching (relative to the site folder), nil when fetched.
    public var savedPage: String?
    /// The publisher's lead image as the page named it (`og:image` and the like, an absolute http(s)
    /// URL), nil when it named none or the text was read before issue 34. Kept here, with the text, so
    /// the article keeps its picture after the publisher's page is gone; fetched like the feed's image.
    public var leadImage: String?
    /// The wall the page showed its text behind (issue 35), nil on a free page: `html` is then only
    /// what the page shows, a teaser behind a paywall, kept and labelled rather than refused.
    public var wall: Wall?
    /// Why the feed's own text is shown instead of `html` (ADR 064), nil when the page's text is shown:
    /// the page gave less than the feed. `html` is kept all the same, so the choice can be looked at again.
    public var feedKept: FeedKeptReason?

    /// `FullTextRules.digest` of the source's rules the text was extracted under, nil when it had none
    /// (and in archives from before ADR 062, which therefore read and write byte for byte as before).
    /// A digest that is not the source's now means its rules changed: the page is read again.
    public var rules: String?

    public init(html: String, url: String, finalURL: String, extractedAt: Date, extractor: String, feedStamp: String,
                savedPage: String? = nil, leadImage: String? = nil, wall: Wall? = nil, feedKept: FeedKeptReason? = nil,
                rules: String? = nil) {
        self.html = html
        self.url = url
        self.finalURL = finalURL
        self.extractedAt = extractedAt
        self.extractor = extractor
        self.feedStamp = feedStamp
        self.savedPage = savedPage
        self.leadImage = leadImage
        self.wall = wall
        self.feedKept = feedKept
        self.rules = rules
    }

    /// What stood between a reader and the whole article on the page, as the archive writes it
    /// (the raw values are `NewsgenExtract.PageWall`'s).
    public enum Wall: String, Sendable, Equatable, CaseIterable, Codable {
        /// The page marks the article as not free, or a paywall hides its body: `html` is its teaser.
        case paywall
        /// A cookie-consent banner covered the page; `html` is the text behind it.
        case consentWall
    }

    /// Why the page's text was not the better one (ADR 064).
    public enum FeedKeptReason: String, Sendable, Equatable, CaseIterable, Codable {
        /// The page's text has fewer words than the feed's (a paywall's teaser, a page cut short).
        case pageShorter
        /// The page's text shares too little with the feed's: another block of the page was taken.
        case pageDifferent
    }

    /// True when the article shows this text, false when the feed's own text is kept instead.
    public var isShown: Bool { feedKept == nil }

    /// What identifies the feed's version of an article: its `updated` date and its summary and
    /// content, hashed (16 hex digits), so a changed item is noticed without keeping a second copy.
    public static func stamp(of article: Article) -> String {
        var bytes: [UInt8] = []
        if let updated = article.updated { bytes.append(contentsOf: RFC3339.string(from: updated).utf8) }
        for part in [article.summaryHTML, article.contentHTML] {
            bytes.append(0)
            bytes.append(contentsOf: (part ?? "").utf8)
        }
        return String(SHA256.hex(bytes).prefix(16))
    }
}
