import NewsgenHTML
import NewsgenModel

/// What the Enrich stage makes of an article's HTML, the costly part of a build (libxml2 over
/// every text), and all that the Enrich cache keeps: a function of what `EnrichKey` hashes.
struct PreparedText: Sendable, Equatable {
    var contentHTML: String?
    var summaryHTML: String?
    /// Plain text for list rows (clamped to three lines by the stylesheet).
    var summaryText: String?

    /// Sanitizes with the article's link as the base for relative URLs; `embedHosts` (site.json's
    /// `embeds.allow`) are the hosts whose iframes stay. Reads only what `EnrichKey` hashes.
    static func make(_ article: Article, embedHosts: [String]) -> PreparedText {
        let sanitize = { (html: String) in HTMLSanitizer.sanitize(html, baseURL: article.link, embedHosts: embedHosts) }
        var text = PreparedText()
        // The text extracted from the article's page, when there is one, is what its page shows (issue 17),
        // unless it gave less than the feed's own (ADR 064).
        if let fullText = article.fullText, fullText.isShown {
            text.contentHTML = nonBlank(HTMLSanitizer.sanitize(fullText.html, baseURL: fullText.finalURL, embedHosts: embedHosts))
                ?? article.contentHTML.map(sanitize).flatMap(nonBlank)
        } else {
            text.contentHTML = article.contentHTML.map(sanitize).flatMap(nonBlank)
        }
        text.summaryHTML = article.summaryHTML.map(sanitize).flatMap(nonBlank)
        text.summaryText = (text.summaryHTML ?? text.contentHTML)
            .map { HTMLText.excerpt(HTMLText.plainText(fromHTML: $0), maxCharacters: PreparedArticle.summaryLength) }
            .flatMap(nonBlank)
        return text
    }

    /// The UTF-8 bytes of the three texts.
    var byteCount: UInt64 {
        UInt64((contentHTML?.utf8.count ?? 0) + (summaryHTML?.utf8.count ?? 0) + (summaryText?.utf8.count ?? 0))
    }

    private static func nonBlank(_ text: String) -> String? {
        text.allSatisfy(\.isWhitespace) ? nil : text
    }
}
