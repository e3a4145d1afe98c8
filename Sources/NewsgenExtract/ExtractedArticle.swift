/// An article found on a page.
public struct ExtractedArticle: Sendable, Equatable {
    /// The article's HTML, every URL absolute, NOT yet sanitized: it is the page's own markup and
    /// must go through `HTMLSanitizer` like any feed content before it is published.
    public var html: String
    /// What the page says about the article.
    public var metadata: ExtractedMetadata
    /// Length of the article's text, whitespace runs counted once (Readability's `length`).
    public var textLength: Int

    /// Every field given.
    public init(html: String, metadata: ExtractedMetadata, textLength: Int) {
        self.html = html
        self.metadata = metadata
        self.textLength = textLength
    }
}
