import NewsgenHTML
import NewsgenModel

/// The Enrich stage's product: an article with its HTML sanitized and its
/// list-row summary made, ready for any number of pages. `ImageStage` then
/// points its images at the site's own copies (ADR 010) and sets `image`.
struct PreparedArticle: Sendable {
    static let summaryLength = 200

    var article: Article
    var contentHTML: String?
    var summaryHTML: String?
    /// Plain text for list rows (clamped to three lines by the stylesheet).
    var summaryText: String?
    /// The article's own image, served from the site; nil until `ImageStage` ran, or when there is none.
    var image: ArticleImage?

    /// Sanitizes with the article's link as the base for relative URLs;
    /// `embedHosts` (site.json's `embeds.allow`) are the hosts whose iframes stay.
    init(_ article: Article, embedHosts: [String] = []) {
        self.article = article
        let sanitize = { (html: String) in HTMLSanitizer.sanitize(html, baseURL: article.link, embedHosts: embedHosts) }
        // The text extracted from the article's page, when there is one, is what its page shows (issue 17).
        if let fullText = article.fullText {
            contentHTML = Self.nonBlank(HTMLSanitizer.sanitize(fullText.html, baseURL: fullText.finalURL, embedHosts: embedHosts))
                ?? article.contentHTML.map(sanitize).flatMap(Self.nonBlank)
        } else {
            contentHTML = article.contentHTML.map(sanitize).flatMap(Self.nonBlank)
        }
        summaryHTML = article.summaryHTML.map(sanitize).flatMap(Self.nonBlank)
        summaryText = (summaryHTML ?? contentHTML)
            .map { HTMLText.excerpt(HTMLText.plainText(fromHTML: $0), maxCharacters: Self.summaryLength) }
            .flatMap(Self.nonBlank)
        // Pages show only the sanitized copies; the publisher's HTML stays in the archive, not in memory twice.
        self.article.contentHTML = nil
        self.article.summaryHTML = nil
        self.article.fullText?.html = ""
    }

    /// Every article prepared, in the given order. Sanitizing is the costly part of the
    /// Enrich stage and each article is independent of the others, so the articles are
    /// spread over every core (libxml2 parses separate documents safely on separate threads).
    static func all(_ articles: [Article], embedHosts: [String] = [], parallel: Bool = true) -> [PreparedArticle] {
        Workers.parallelMap(articles.count, parallel: parallel) { PreparedArticle(articles[$0], embedHosts: embedHosts) }
    }

    private static func nonBlank(_ text: String) -> String? {
        text.allSatisfy(\.isWhitespace) ? nil : text
    }
}
