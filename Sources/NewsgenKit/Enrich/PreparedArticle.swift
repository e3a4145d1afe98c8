import NewsgenHTML
import NewsgenModel

/// The Enrich stage's product: an article with its HTML sanitized and its
/// list-row summary made (`PreparedText`), ready for any number of pages. `ImageStage`
/// then points its images at the site's own copies (ADR 010) and sets `image`.
struct PreparedArticle: Sendable {
    static let summaryLength = 200
    /// Bump whenever `PreparedText.make` may give other text for the same article (a change of
    /// the excerpt, of what is sanitized, of the fields read): it is part of every `EnrichKey`,
    /// so bumping it makes every build sanitize everything again once.
    static let version = "1"

    var article: Article
    var contentHTML: String?
    var summaryHTML: String?
    /// Plain text for list rows (clamped to three lines by the stylesheet).
    var summaryText: String?
    /// The article's own image, served from the site; nil until `ImageStage` ran, or when there is none.
    var image: ArticleImage?
    /// The key its prepared text was made or found under (`CachedPreparation`); nil when made without the cache.
    var enrichKey: EnrichKey?
    /// The images `ImageStage` turned into links, in the order met: their link text is in the page's text,
    /// so what search indexes is a function of the prepared text and these (the search cache's key).
    var imagesShownAsLinks: [String] = []

    /// Sanitizes with the article's link as the base for relative URLs;
    /// `embedHosts` (site.json's `embeds.allow`) are the hosts whose iframes stay.
    init(_ article: Article, embedHosts: [String] = []) {
        self.init(article, text: PreparedText.make(article, embedHosts: embedHosts))
    }

    /// `article` with `text` made for it now or by an earlier build (the Enrich cache).
    init(_ article: Article, text: PreparedText) {
        self.article = article
        contentHTML = text.contentHTML
        summaryHTML = text.summaryHTML
        summaryText = text.summaryText
        // Pages show only the sanitized copies; the publisher's HTML stays in the archive, not in memory twice.
        self.article.contentHTML = nil
        self.article.summaryHTML = nil
        self.article.fullText?.html = ""
    }

    /// This article with its images rewritten as `decide` says, remembering which became links.
    func rewritingImages(_ decide: (String) -> ImageRewrite) -> PreparedArticle {
        var updated = self
        var linked: [String] = []
        func deciding(_ reference: String) -> ImageRewrite {
            let made = decide(reference)
            if case .link = made { linked.append(reference) }
            return made
        }
        updated.contentHTML = contentHTML.map { HTMLImages.rewrite($0, deciding) }
        updated.summaryHTML = summaryHTML.map { HTMLImages.rewrite($0, deciding) }
        updated.imagesShownAsLinks = linked
        return updated
    }

    /// The image the article leads with: the feed's (thumbnail, enclosure, front matter `image`), else the
    /// publisher's lead image found when its full text was read (issue 34).
    var leadImageURL: String? { article.imageURL ?? article.fullText?.leadImage }

    var text: PreparedText { PreparedText(contentHTML: contentHTML, summaryHTML: summaryHTML, summaryText: summaryText) }

    /// Every article prepared, in the given order. Sanitizing is the costly part of the
    /// Enrich stage and each article is independent of the others, so the articles are
    /// spread over every core (libxml2 parses separate documents safely on separate threads).
    static func all(_ articles: [Article], embedHosts: [String] = [], parallel: Bool = true) -> [PreparedArticle] {
        Workers.parallelMap(articles.count, parallel: parallel) { PreparedArticle(articles[$0], embedHosts: embedHosts) }
    }
}
