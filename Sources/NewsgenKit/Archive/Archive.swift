import NewsgenModel

/// Every article ever seen, by source: the app's repository over a persistence
/// store. Pure: loading and saving live in `ArchiveStore`.
public struct Archive: Sendable, Equatable {
    /// Articles by source id, each list sorted by article id.
    public private(set) var articlesBySource: [String: [Article]]

    public init(articlesBySource: [String: [Article]] = [:]) {
        self.articlesBySource = articlesBySource.mapValues { $0.sorted { $0.id < $1.id } }
    }

    public var allArticles: [Article] { articlesBySource.keys.sorted().flatMap { articlesBySource[$0] ?? [] } }

    /// Folds this build's articles in. Known ids keep their slug and extracted full text and take the new
    /// fields; new ids get a slug from their title, unique across the archive,
    /// assigned oldest first so that the order of the feed does not decide who gets the bare slug.
    /// Markdown articles whose file is gone (`keepMarkdown` lacks their id) leave the archive.
    /// Returns a warning for each article whose chosen slug is already taken (that article is not merged).
    mutating func merge(_ incoming: [IncomingArticle], markdownPresent keepMarkdown: Set<String>) -> [BuildWarning] {
        var warnings: [BuildWarning] = []
        var byID: [String: Article] = [:]
        for article in allArticles where article.sourceID != ArticleID.markdownSourceID || keepMarkdown.contains(article.id) {
            byID[article.id] = article
        }
        var taken = Set(byID.values.map(\.slug))
        var chosenBy: [String: String] = [:]
        var fresh: [IncomingArticle] = []

        for item in deduplicated(incoming) {
            if let chosen = item.chosenSlug {
                if let owner = byID.values.first(where: { $0.slug == chosen && $0.id != item.article.id }) ?? chosenBy[chosen].flatMap({ byID[$0] }) {
                    warnings.append(BuildWarning("the slug '\(chosen)' of '\(item.article.title)' is already used by '\(owner.title)'; article skipped"))
                    continue
                }
                var article = item.article
                if let old = byID[article.id] {
                    taken.remove(old.slug)
                    article.fullText = old.fullText
                }
                article.slug = chosen
                taken.insert(chosen)
                chosenBy[chosen] = article.id
                byID[article.id] = article
            } else if let old = byID[item.article.id] {
                var article = item.article
                article.slug = old.slug
                // The feed brings its own text again; the page's text, extracted once, stays (issue 17).
                article.fullText = old.fullText
                byID[article.id] = article
            } else {
                fresh.append(item)
            }
        }
        fresh.sort { ($0.article.date ?? .distantFuture, $0.article.id) < ($1.article.date ?? .distantFuture, $1.article.id) }
        // Each title's slug made on every core (folding text is the costly part); only making them unique is in order.
        let titles = fresh.map(\.article.title)
        let slugs = Workers.parallelMap(titles.count) { Slug.make(from: titles[$0]) }
        for (index, item) in fresh.enumerated() {
            var article = item.article
            article.slug = Slug.unique(slugs[index], taken: taken)
            taken.insert(article.slug)
            byID[article.id] = article
        }
        self = Archive(articlesBySource: Dictionary(grouping: byID.values, by: \.sourceID))
        return warnings
    }

    /// Puts each of `articles` in place of the stored article with its id (the Extract stage's full texts).
    mutating func replace(_ articles: [Article]) {
        guard !articles.isEmpty else { return }
        let byID = Dictionary(articles.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        for (source, list) in articlesBySource where list.contains(where: { byID[$0.id] != nil }) {
            articlesBySource[source] = list.map { byID[$0.id] ?? $0 }
        }
    }

    /// A feed may list the same item twice; the first occurrence wins, as a reader would show it.
    private func deduplicated(_ incoming: [IncomingArticle]) -> [IncomingArticle] {
        var seen: Set<String> = []
        return incoming.filter { seen.insert($0.article.id).inserted }
    }
}
