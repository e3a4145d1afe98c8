import NewsgenHTML
import NewsgenModel

/// The Enrich stage's product: an article with its HTML sanitized and its
/// list-row summary made, ready for any number of pages.
struct PreparedArticle: Sendable {
    static let summaryLength = 280

    var article: Article
    var contentHTML: String?
    var summaryHTML: String?
    /// Plain text for list rows (clamped to three lines by the stylesheet).
    var summaryText: String?
    /// An http(s) image URL, or nil.
    var imageURL: String?

    init(_ article: Article) {
        self.article = article
        contentHTML = article.contentHTML.map { HTMLSanitizer.sanitize($0, baseURL: article.link) }.flatMap(Self.nonBlank)
        summaryHTML = article.summaryHTML.map { HTMLSanitizer.sanitize($0, baseURL: article.link) }.flatMap(Self.nonBlank)
        summaryText = (summaryHTML ?? contentHTML)
            .map { HTMLText.excerpt(HTMLText.plainText(fromHTML: $0), maxCharacters: Self.summaryLength) }
            .flatMap(Self.nonBlank)
        imageURL = article.imageURL.flatMap(Self.webURL)
    }

    private static func nonBlank(_ text: String) -> String? {
        text.allSatisfy(\.isWhitespace) ? nil : text
    }

    /// Only absolute http(s) URLs (or site-relative ones) may become an `src`.
    private static func webURL(_ text: String) -> String? {
        let lower = text.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? text : nil
    }
}
