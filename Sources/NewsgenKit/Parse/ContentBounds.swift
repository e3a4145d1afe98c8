import NewsgenHTML
import NewsgenModel

/// Says which of a feed's articles carry HTML beyond `HTMLInputBounds`, which
/// the sanitizer cuts when the page is made: the build names them, since the
/// sanitizer itself has no one to tell.
enum ContentBounds {
    /// One warning per article whose content or summary HTML is past the bounds.
    static func warnings(_ articles: [IncomingArticle], sourceID: String) -> [BuildWarning] {
        articles.compactMap { incoming in
            let article = incoming.article
            guard [article.contentHTML, article.summaryHTML].contains(where: { $0.map { HTMLInputBounds.exceeds($0) } ?? false }) else {
                return nil
            }
            let title = HTMLText.excerpt(article.title, maxCharacters: 80)
            return BuildWarning("source '\(sourceID)': the HTML of '\(title)' has more than \(HTMLInputBounds.maxNodes) tags and comments, or a tag with more than \(HTMLInputBounds.maxAttributes) attributes; the page shows it cut there")
        }
    }
}
