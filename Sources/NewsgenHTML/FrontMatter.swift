import Foundation

/// The YAML block at the top of a Markdown article: what the author says about
/// the article, as opposed to what the article says.
public struct FrontMatter: Sendable, Equatable {
    /// Required: the article's headline.
    public var title: String?
    /// Publication time; a date without a time means midnight UTC.
    public var date: Date?
    public var author: String?
    /// Shown in list rows instead of an excerpt of the body.
    public var summary: String?
    /// In the order written, duplicates removed.
    public var tags: [String]
    public var image: String?
    /// The article's own URL slug, instead of one made from the title; must pass `Slug.isValid`.
    public var slug: String?

    /// Every key an article may set; anything else is an error (usually a typo).
    public static let keys = ["title", "date", "author", "summary", "tags", "image", "slug"]

    public init(title: String? = nil, date: Date? = nil, author: String? = nil, summary: String? = nil,
                tags: [String] = [], image: String? = nil, slug: String? = nil) {
        self.title = title
        self.date = date
        self.author = author
        self.summary = summary
        self.tags = tags
        self.image = image
        self.slug = slug
    }
}
