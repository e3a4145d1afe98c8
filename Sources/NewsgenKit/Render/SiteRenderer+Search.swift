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
        let page = try render("search", route, title: "Search", [
            "indexURL": .string(String(SearchIndex.outputPath.split(separator: "/").last ?? "index.json")),
            "scriptURL": .string(Route.asset(name: "search.js").relativeLink(from: route)),
            "articleCount": .int(listed.count), "articleCountLabel": .string(PageContext.articles(listed.count)),
            "tags": .list(tagList), "hasTags": .bool(!tagList.isEmpty),
        ])
        let tagNames = Dictionary(tags.tags.map { ($0.slug, $0.name) }, uniquingKeysWith: { first, _ in first })
        return [page] + SearchIndex(documents).files(tagNames: tagNames)
    }

    /// The listed articles as search documents, oldest first (doc numbers are positions), made on every core.
    func searchDocuments() -> [SearchDocument] {
        let oldestFirst = Array(listed.reversed())
        return Workers.parallelMap(oldestFirst.count, parallel: parallel) { index in
            let prepared = oldestFirst[index]
            let id = prepared.article.sourceID
            return SearchDocument(prepared, source: input.sources[id]?.title ?? sourcePages.entry(id: id)?.info.title ?? id,
                                  date: prepared.article.date.map(context.dates.display) ?? "",
                                  tags: articleTags[prepared.article.id] ?? TagIndex.tags(of: prepared.article))
        }
    }
}
