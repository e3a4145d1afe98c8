import Foundation
import NewsgenModel

/// `newsgen archive refresh ARTICLE|--source ID`: asks the next build to read the pages of
/// articles again for their full text (a publisher fixed a page; the extractor improved). It marks
/// them in state.json (`ExtractionRecord.refresh`, failures forgotten); the archive is not
/// touched, so the text extracted before stays until a new one replaces it, and a refresh that
/// fails loses nothing.
public enum RefreshCommand {
    /// What to refresh: one article (id, slug, site path or original URL, as `bookmark` takes them), or a source's articles.
    public enum Target: Sendable, Equatable {
        case article(String)
        case source(String)
    }

    /// Marks the articles and returns what to print.
    public static func refresh(_ target: Target, site: Site) throws(BuildError) -> String {
        let archive = try site.archiveStore.load()
        let store = site.fetchStateStore
        var state = try store.load()
        let articles: [Article]
        switch target {
        case .article(let reference):
            let resolver = ArticleResolver(articles: archive.allArticles, baseURL: site.config.baseURL)
            guard case .article(let article) = try resolve(reference, with: resolver) else {
                throw BuildError("no article matches '\(reference)'")
            }
            guard FullTextNeed.pageURL(of: article) != nil else {
                throw BuildError("\"\(article.title)\" (\(article.id)) has no http or https link, so there is no page to read")
            }
            articles = [article]
        case .source(let id):
            guard let source = site.config.sources.first(where: { $0.id == id }) else {
                let known = site.config.sources.map(\.id)
                let hint = Suggestion.closest(to: id, among: Set(known)).map { " (did you mean '\($0)'?)" } ?? ""
                throw BuildError("site.json has no source '\(id)'\(hint)")
            }
            articles = (archive.articlesBySource[source.id] ?? []).filter { FullTextNeed.pageURL(of: $0) != nil }
        }
        for article in articles { state.pages[article.id] = ExtractionRecord(refresh: true) }
        try store.save(state)
        // The articles are one source's (one article's, or the source asked for): one mode to check.
        let source = articles.first.flatMap { article in site.config.sources.first { $0.id == article.sourceID } }
        let off = !articles.isEmpty && (source.map { $0.fullText ?? site.config.extract.fullText } ?? .never) == .never
        let note = off ? "; its source has fullText \"never\", so set it to \"auto\" or \"always\" in site.json first" : ""
        switch target {
        case .article:
            return "\"\(articles[0].title)\" (\(articles[0].id)): the next build reads its page again\(note)."
        case .source(let id):
            return "\(Wording.counted(articles.count, "article")) of '\(id)': the next build reads their pages again (\(site.config.extract.maxPerBuild) a build at most)\(note)."
        }
    }

    private static func resolve(_ reference: String, with resolver: ArticleResolver) throws(BuildError) -> ResolvedArticle {
        do {
            return try resolver.resolve(reference)
        } catch {
            throw BuildError(error.description)
        }
    }
}
