import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// `/search/` and its index, `/search/index.json`. The page works with JavaScript off: the
    /// form stays hidden, a `<noscript>` points to the lists by source, and every tag is listed.
    func searchFiles() throws(BuildError) -> [OutputFile] {
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
        let titles = { (id: String) in input.sources[id]?.title ?? sourcePages.entry(id: id)?.info.title ?? id }
        let index = SearchIndex.make(listed, sources: titles, dates: context.dates, tagsOf: articleTags)
        return [page, OutputFile(path: SearchIndex.outputPath, data: Data(index.utf8))]
    }
}
