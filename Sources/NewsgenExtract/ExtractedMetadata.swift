/// What a page says about its article, read the way Readability.js reads it (meta tags, JSON-LD,
/// the `<title>`), HTML entities decoded; nil where the page does not say.
public struct ExtractedMetadata: Sendable, Equatable {
    /// The article's title, with the site's name cut off (`Title | Site` → `Title`).
    public var title: String?
    /// Who wrote it, as the page writes it.
    public var byline: String?
    /// A short summary: the page's description, else the article's first paragraph.
    public var excerpt: String?
    /// When it was published, as the page wrote it (not parsed: formats vary too much to trust).
    public var publishedTime: String?
    /// The publication's name (`og:site_name`, JSON-LD publisher).
    public var siteName: String?
    /// The article's main picture, an absolute URL.
    public var leadImage: String?
    /// The page's language tag (`<html lang>`, `content-language`).
    public var language: String?
    /// Readability's `isProbablyReaderable`: enough long paragraphs that a reader view makes sense.
    public var readerable: Bool

    /// Every field given; used by the extractor and by tests.
    public init(title: String? = nil, byline: String? = nil, excerpt: String? = nil, publishedTime: String? = nil,
                siteName: String? = nil, leadImage: String? = nil, language: String? = nil, readerable: Bool = false) {
        self.title = title
        self.byline = byline
        self.excerpt = excerpt
        self.publishedTime = publishedTime
        self.siteName = siteName
        self.leadImage = leadImage
        self.language = language
        self.readerable = readerable
    }
}
