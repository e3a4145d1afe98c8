import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// `/search/` and its index (`SearchIndex`). The page works with JavaScript off: the
    /// form stays hidden, a `<noscript>` points to the lists by source, and every tag is listed.
    func searchFiles(_ documents: [SearchDocument]) throws(BuildError) -> [OutputFile] {
        let route = Route.search
        let tagList = tags.tags
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
            .map { tag in
                MustacheValue.object(["name": .string(tag.name), "slug": .string(tag.slug), "count": .int(tag.articles.count),
                                      "url": .string(Route.tag(slug: tag.slug).relativeLink(from: route))])
            }
        let strings = context.strings
        let page = try render("search", route, title: strings.text("searchTitle"), [
            "indexURL": .string(String(SearchIndex.outputPath.split(separator: "/").last ?? "index.json")),
            "scriptURL": .string(Route.asset(name: "search.js").relativeLink(from: route)),
            "articleCount": .int(listed.count), "articleCountLabel": .string(context.articles(listed.count)),
            "subtitle": .string(strings.count("searchSubtitle", listed.count)),
            "prompt": .string(strings.count("searchPrompt", listed.count)),
            "tags": .list(tagList), "hasTags": .bool(!tagList.isEmpty),
        ])
        let tagNames = Dictionary(tags.tags.map { ($0.slug, $0.name) }, uniquingKeysWith: { first, _ in first })
        return [page] + SearchIndex(documents).files(tagNames: tagNames)
    }

    /// The listed articles oldest first (doc numbers are positions), with the tags search shows of each.
    func searchArticles() -> (articles: [PreparedArticle], tags: [[(slug: String, name: String)]]) {
        let oldestFirst = Array(listed.reversed())
        return (oldestFirst, oldestFirst.map { articleTags[$0.article.id] ?? TagIndex.tags(of: $0.article) })
    }

    /// The terms of `searchArticles` through the search cache in `store`, for `searchTerms`.
    func cachedSearchTerms(store: RecordCacheStore<SearchTermsRecord>) -> CachedSearchTerms {
        let (articles, tags) = searchArticles()
        return CachedSearchTerms.make(articles, tags: tags, store: store, parallel: parallel)
    }

    /// The listed articles as search documents, made on every core; their terms are `searchTerms` when
    /// given (the search cache's), made here otherwise.
    func searchDocuments() -> [SearchDocument] {
        let (articles, tags) = searchArticles()
        let terms = searchTerms.flatMap { $0.count == articles.count ? $0 : nil }
        return Workers.parallelMap(articles.count, parallel: parallel) { index in
            let prepared = articles[index]
            let id = prepared.article.sourceID
            return SearchDocument(prepared, source: input.sources[id]?.title ?? sourcePages.entry(id: id)?.info.title ?? id,
                                  date: prepared.article.date.map(context.dates.display) ?? "", tags: tags[index], terms: terms?[index])
        }
    }
}
