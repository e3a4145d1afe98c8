/// An article found on a page.
public struct ExtractedArticle: Sendable, Equatable {
    /// The article's HTML, every URL absolute, NOT yet sanitized: it is the page's own markup and
    /// must go through `HTMLSanitizer` like any feed content before it is published.
    public var html: String
    /// What the page says about the article.
    public var metadata: ExtractedMetadata
    /// Length of the article's text, whitespace runs counted once (Readability's `length`).
    public var textLength: Int
    /// A paywall or consent wall the page shows around the text extracted, nil on a free page:
    /// the text is then only what the page shows (a teaser), kept and labelled, not refused.
    public var wall: PageWall?

    /// Every field given.
    public init(html: String, metadata: ExtractedMetadata, textLength: Int, wall: PageWall? = nil) {
        self.html = html
        self.metadata = metadata
        self.textLength = textLength
        self.wall = wall
    }
}
