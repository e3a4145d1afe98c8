import NewsgenHTML
import NewsgenModel

/// Says which of a feed's articles were cut to fit: HTML beyond `HTMLInputBounds`,
/// which the sanitizer cuts when the page is made, and categories beyond
/// `IncomingArticle.maxTags`. The build names them, since the code that cuts
/// has no one to tell.
enum ContentBounds {
    /// One warning per cut: an article whose content or summary HTML is past the bounds,
    /// an article with more categories than it keeps as tags.
    static func warnings(_ articles: [IncomingArticle], sourceID: String) -> [BuildWarning] {
        articles.flatMap { incoming in
            let article = incoming.article
            let title = HTMLText.excerpt(article.title, maxCharacters: 80)
            var warnings: [BuildWarning] = []
            if [article.contentHTML, article.summaryHTML].contains(where: { $0.map { HTMLInputBounds.exceeds($0) } ?? false }) {
                warnings.append(BuildWarning("source '\(sourceID)': the HTML of '\(title)' has more than \(HTMLInputBounds.maxNodes) tags and comments, or a tag with more than \(HTMLInputBounds.maxAttributes) attributes; the page shows it cut there"))
            }
            if incoming.tagsLeftOut > 0 {
                warnings.append(BuildWarning("source '\(sourceID)': '\(title)' has \(incoming.tagsLeftOut + IncomingArticle.maxTags) categories; the first \(IncomingArticle.maxTags) are kept as tags"))
            }
            return warnings
        }
    }
}
