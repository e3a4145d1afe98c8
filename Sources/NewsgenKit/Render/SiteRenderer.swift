import Foundation
import Mustache
import NewsgenModel

/// The Render stage: every route of the site, rendered through the theme into
/// output files. Pure: its only input is `RenderInput`.
struct SiteRenderer {
    let input: RenderInput
    private let context: PageContext

    init(_ input: RenderInput) {
        self.input = input
        context = PageContext(input)
    }

    func render() throws(BuildError) -> [OutputFile] {
        var files: [OutputFile] = []
        files += try homePages()
        for prepared in input.articles {
            files.append(try articlePage(prepared))
        }
        files += try bookmarksPages()
        files.append(bookmarksFeed())
        files.append(try sourcesPage())
        files += input.templates.assets.map { OutputFile(route: .asset(name: $0.name), data: $0.data) }
        return files
    }

    /// Home, split at `pageSize`; one (empty) page when there are no articles.
    private func homePages() throws(BuildError) -> [OutputFile] {
        let size = input.config.pageSize
        let listed = input.listedArticles
        let pageCount = max(1, (listed.count + size - 1) / size)
        var files: [OutputFile] = []
        for page in 1...pageCount {
            let route = Route.home(page: page)
            let slice = listed.dropFirst((page - 1) * size).prefix(size)
            var values: [String: MustacheValue] = [
                "articles": .list(slice.map { context.row($0, from: route) }),
                "isEmpty": .bool(slice.isEmpty),
            ]
            values["pagination"] = pagination(page: page, of: pageCount, from: route) { .home(page: $0) }
            let title = page == 1 ? input.config.title : "Page \(page)"
            files.append(try render("home", route, title: title, values))
        }
        return files
    }

    private func articlePage(_ prepared: PreparedArticle) throws(BuildError) -> OutputFile {
        let route = Route.article(slug: prepared.article.slug)
        return try render("article", route, title: prepared.article.title, description: prepared.summaryText,
                          ["article": context.article(prepared)])
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

    /// Every source with this build's outcome and its remembered state: the app's loading and error states, made static.
    private func sourcesPage() throws(BuildError) -> OutputFile {
        let rows = input.sourceStatuses.map(context.sourceRow)
        let failed = input.sourceStatuses.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        return try render("sources", .sources, title: "Sources", [
            "sources": .list(rows), "isEmpty": .bool(rows.isEmpty), "count": .int(rows.count),
            "failedCount": .int(failed), "hasFailures": .bool(failed > 0),
        ])
    }

    /// Previous, next and a window of page numbers (first, last, two either side of the current one,
    /// `gapBefore` where numbers are skipped); nil for a single page.
    private func pagination(page: Int, of pageCount: Int, from route: Route, _ routeFor: (Int) -> Route) -> MustacheValue? {
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
    private func render(_ template: String, _ route: Route, title: String, description: String? = nil,
                        _ values: [String: MustacheValue]) throws(BuildError) -> OutputFile {
        var page = context.page(route, title: title, description: description, values)
        do {
            let content = try input.templates.library.render(template, page)
            if case .object(var fields) = page {
                fields["content"] = .string(content)
                page = .object(fields)
            }
            let html = try input.templates.library.render("layout", page)
            return OutputFile(route: route, data: Data(html.utf8))
        } catch {
            throw BuildError(path: "templates/\(error.name).mustache", error.reason)
        }
    }
}
