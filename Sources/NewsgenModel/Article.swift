import Foundation

/// An article as the archive keeps it and the pages show it: the app's `Article`
/// plus what a static site needs (content, source, tags, a permanent slug).
public struct Article: Sendable, Equatable, Codable {
    /// 16 hex digits; see `ArticleID`. Never changes once given, even when the
    /// rules that made it from `identityKey` do (ADR 017).
    public var id: String
    /// What the article is recognised by when its item comes back (guid or id,
    /// else link, else title and date; a Markdown article's file name), as this
    /// release computes it; nil for an article newsgen 0.1.0 stored that no build
    /// has seen since.
    public var identityKey: String?
    /// Made once at first sight and never changed (see `Slug`).
    public var slug: String
    public var sourceID: String
    public var title: String
    /// The original article on the publisher's site.
    public var link: String?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    /// Sanitized HTML.
    public var summaryHTML: String?
    /// Sanitized HTML.
    public var contentHTML: String?
    public var tags: [String]
    public var imageURL: String?
    /// The text extracted from the article's own page, when its source asks for full text and
    /// extraction succeeded; the feed's `summaryHTML` and `contentHTML` are kept beside it.
    public var fullText: FullText?
    /// `.teaser` when the feed's text is only a teaser of the article (ADR 056), set when the item is merged.
    public var feedText: FeedTextKind?

    public init(id: String, slug: String, sourceID: String, title: String, link: String? = nil,
                author: String? = nil, published: Date? = nil, updated: Date? = nil,
                summaryHTML: String? = nil, contentHTML: String? = nil, tags: [String] = [],
                imageURL: String? = nil, identityKey: String? = nil, fullText: FullText? = nil) {
        self.id = id
        self.identityKey = identityKey
        self.slug = slug
        self.sourceID = sourceID
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.summaryHTML = summaryHTML
        self.contentHTML = contentHTML
        self.tags = tags
        self.imageURL = imageURL
        self.fullText = fullText
    }

    /// The date lists sort by and pages show: published, else updated.
    public var date: Date? { published ?? updated }
}

extension Article {
    /// Newest first; undated articles last; ties broken by id so the order is total.
    public static func newestFirst(_ a: Article, _ b: Article) -> Bool {
        switch (a.date, b.date) {
        case let (x?, y?) where x != y: return x > y
        case (.some, .none): return true
        case (.none, .some): return false
        default: return a.id < b.id
        }
    }
}
