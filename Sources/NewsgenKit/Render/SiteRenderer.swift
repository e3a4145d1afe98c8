import Foundation
import Mustache
import NewsgenModel

/// The Render stage: every route of the site, rendered through the theme into
/// output files. Pure: its only input is `RenderInput`.
struct SiteRenderer {
    let input: RenderInput
    let context: PageContext
    /// What every list shows (`RenderInput.listedArticles`), computed once.
    let listed: [PreparedArticle]
    let tags: TagIndex
    let sourcePages: SourceCatalog

    init(_ input: RenderInput) {
        self.input = input
        listed = input.listedArticles
        tags = TagIndex(listed: listed)
        sourcePages = SourceCatalog(input, listed: listed)
        context = PageContext(input, tags: tags, sourcePages: sourcePages)
    }

    func render() throws(BuildError) -> [OutputFile] {
        var files: [OutputFile] = []
        files += try homePages()
        files += try articlePages()
        files += try bookmarksPages()
        files.append(bookmarksFeed())
        files.append(try sourcesPage())
        files += try sourcePagesFiles()
        files += try tagPages()
        files += try searchFiles()
        files.append(try notFoundPage())
        files.append(robotsFile())
        // Every page the site has, for the sitemap: each `…/index.html` is a route's folder.
        let pageRoutes = files.compactMap { $0.path.hasSuffix("index.html") ? Route(path: "/" + $0.path.dropLast("index.html".count)) : nil }
        files += SiteFeeds.files(for: input, pageRoutes: pageRoutes)
        files += input.templates.assets.map { OutputFile(route: .asset(name: $0.name), data: $0.data) }
        return files
    }

    /// Home, split at `pageSize`; one (empty) page when there are no articles.
    private func homePages() throws(BuildError) -> [OutputFile] {
        try listPages(listed, template: "home", route: { .home(page: $0) },
                      title: { $0 == 1 ? input.config.title : "Page \($0)" })
    }

    /// A list of articles split at `pageSize` into pages `route(1)`, `route(2)`, …, each with
    /// `articles` (rows), `isEmpty`, `count` (in all) and `pagination?`, plus `values(route)`.
    /// One (empty) page when there are none.
    func listPages(_ articles: [PreparedArticle], template: String, route routeFor: (Int) -> Route, title: (Int) -> String,
                   values: (Route) -> [String: MustacheValue] = { _ in [:] }) throws(BuildError) -> [OutputFile] {
        let size = max(1, input.config.pageSize)
        let pageCount = max(1, (articles.count + size - 1) / size)
        var files: [OutputFile] = []
        for page in 1...pageCount {
            let route = routeFor(page)
            let slice = articles.dropFirst((page - 1) * size).prefix(size)
            var pageValues = values(route)
            pageValues["articles"] = .list(slice.map { context.row($0, from: route) })
            pageValues["isEmpty"] = .bool(slice.isEmpty)
            pageValues["count"] = .int(articles.count)
            pageValues["pagination"] = pagination(page: page, of: pageCount, from: route, routeFor)
            files.append(try render(template, route, title: title(page), pageValues))
        }
        return files
    }

    /// Every article's page; a listed article links its neighbours in the home order
    /// (`newer`, `older`), a cross-source duplicate (not listed) gets neither.
    private func articlePages() throws(BuildError) -> [OutputFile] {
        let position = Dictionary(listed.enumerated().map { ($1.article.id, $0) }, uniquingKeysWith: { first, _ in first })
        var files: [OutputFile] = []
        for prepared in input.articles {
            let route = Route.article(slug: prepared.article.slug)
            var values: [String: MustacheValue] = ["article": context.article(prepared)]
            if let index = position[prepared.article.id], input.duplicateOf[prepared.article.id] == nil {
                if index > 0 { values["newer"] = context.neighbour(listed[index - 1], from: route) }
                if index + 1 < listed.count { values["older"] = context.neighbour(listed[index + 1], from: route) }
            }
            values["hasNeighbours"] = .bool(values["newer"] != nil || values["older"] != nil)
            files.append(try render("article", route, title: prepared.article.title, description: prepared.summaryText, values))
        }
        return files
    }

    /// Bookmarked articles, newest bookmark first, split at `pageSize`; a bookmark the archive
    /// does not know renders from the manifest. One (empty) page when there are none.
    private func bookmarksPages() throws(BuildError) -> [OutputFile] {
        let size = input.config.pageSize
        let byID = Dictionary(input.articles.map { ($0.article.id, $0) }, uniquingKeysWith: { first, _ in first })
        let bookmarks = input.bookmarks.newestFirst
        let pageCount = max(1, (bookmarks.count + size - 1) / size)
        var files: [OutputFile] = []
        for page in 1...pageCount {
            let route = Route.bookmarks(page: page)
            let rows = bookmarks.dropFirst((page - 1) * size).prefix(size).map { bookmark in
                byID[bookmark.id].map { context.row($0, from: route) } ?? context.orphanRow(bookmark)
            }
            var values: [String: MustacheValue] = [
                "bookmarks": .list(rows), "isEmpty": .bool(rows.isEmpty), "count": .int(bookmarks.count),
                "feedURL": .string(Route.bookmarksFeed.relativeLink(from: route)),
            ]
            values["pagination"] = pagination(page: page, of: pageCount, from: route) { .bookmarks(page: $0) }
            files.append(try render("bookmarks", route, title: page == 1 ? "Bookmarks" : "Bookmarks, page \(page)", values))
        }
        return files
    }

    /// `/bookmarks/feed.xml`: the bookmarks as Atom, newest bookmark first.
    private func bookmarksFeed() -> OutputFile {
        let byID = Dictionary(input.articles.map { ($0.article.id, $0) }, uniquingKeysWith: { first, _ in first })
        let feed = AtomFeed.bookmarks(input.bookmarks, articles: byID, sources: input.sources, config: input.config,
                                      fallbackUpdated: input.articles.compactMap(\.article.date).max())
        return OutputFile(route: .bookmarksFeed, data: Data(feed.xml().utf8))
    }

    /// Previous, next and a window of page numbers (first, last, two either side of the current one,
    /// `gapBefore` where numbers are skipped); nil for a single page.
    func pagination(page: Int, of pageCount: Int, from route: Route, _ routeFor: (Int) -> Route) -> MustacheValue? {
        guard pageCount > 1 else { return nil }
        let shown = Set([1, pageCount] + Array(max(1, page - 2)...min(pageCount, page + 2))).sorted()
        var value: [String: MustacheValue] = [
            "page": .int(page),
            "pageCount": .int(pageCount),
            "pages": .list(shown.enumerated().map { index, number in
                .object(["number": .int(number), "url": .string(routeFor(number).relativeLink(from: route)),
                         "isCurrent": .bool(number == page), "gapBefore": .bool(index > 0 && shown[index - 1] != number - 1)])
            }),
        ]
        if page > 1 { value["previous"] = .object(["url": .string(routeFor(page - 1).relativeLink(from: route))]) }
        if page < pageCount { value["next"] = .object(["url": .string(routeFor(page + 1).relativeLink(from: route))]) }
        return .object(value)
    }

    /// The page template, then the layout around it.
    func render(_ template: String, _ route: Route, title: String, description: String? = nil,
                _ values: [String: MustacheValue]) throws(BuildError) -> OutputFile {
        let page = context.page(route, title: title, description: description, values)
        return OutputFile(route: route, data: Data(try render(template, page).utf8))
    }

    /// `template` with `page`'s values, then `layout` with its HTML as `content`.
    func render(_ template: String, _ page: MustacheValue) throws(BuildError) -> String {
        do {
            let content = try input.templates.library.render(template, page)
            var page = page
            if case .object(var fields) = page {
                fields["content"] = .string(content)
                page = .object(fields)
            }
            return try input.templates.library.render("layout", page)
        } catch {
            throw BuildError(path: "templates/\(error.name).mustache", error.reason)
        }
    }
}
