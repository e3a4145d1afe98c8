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
    /// Every article's tags by id (`TagIndex.tagsByArticle`), made once for the rows, the tag pages and the search index.
    let articleTags: [String: [(slug: String, name: String)]]
    let sourcePages: SourceCatalog
    /// Every article's digests (`ArticleDigests`) by id, made once on every core (whatever `parallel` says
    /// later: they are the same either way): the keys of the pages that show it.
    let digests: [String: ArticleDigests]
    /// Pages and the other files are made on every core (`renderFiles`); false renders them one after another
    /// on the calling thread. The bytes are the same either way.
    var parallel = true
    /// Hears of each page or file job done, for a progress display.
    var progress: (@Sendable (StageProgress) -> Void)? = nil
    /// Every `searchArticles` article's terms, from the search cache (`cachedSearchTerms`); nil: made while rendering.
    var searchTerms: [SearchTerms]?

    init(_ input: RenderInput) {
        self.input = input
        listed = input.listedArticles
        articleTags = TagIndex.tagsByArticle(input.articles)
        tags = TagIndex(listed: listed, tagsOf: articleTags)
        sourcePages = SourceCatalog(input, listed: listed)
        context = PageContext(input, tags: tags, sourcePages: sourcePages, articleTags: articleTags)
        digests = ArticleDigests.all(input.articles, context: context, parallel: true)
    }

    /// Every file of the site, in a fixed order. The pages and the other files are made on
    /// every core (`renderFiles`); the order and the bytes do not depend on it.
    func render() throws(BuildError) -> [OutputFile] {
        let (pages, lists) = pageJobs()
        // Every page the site has, for the sitemap, in the order of the files: each `…/index.html` is a
        // route's folder. Known from the routes before anything is rendered, so the feeds are made beside the pages.
        // The redirects of old numbered pages are left out: a sitemap lists the pages themselves.
        let pageRoutes = (pages.map(\.route) + sourcesRoutes() + lists.map(\.route) + [.search]).compactMap { route -> Route? in
            if case .legacyPage = route { return nil }
            let path = OutputFile(route: route, data: Data()).path
            return path.hasSuffix("index.html") ? Route(path: "/" + path.dropLast("index.html".count)) : nil
        }
        var jobs: [FileJob] = pages.map(FileJob.page)
        jobs.append(.files { [bookmarksFeed()] })
        jobs.append(.files { () throws(BuildError) in try sourcesPages() })
        jobs += lists.map(FileJob.page)
        // Tokenizing every article is made here, on every core, not inside the search job (a job of
        // `renderFiles` already has a core of its own: a parallel map inside it runs on that core alone).
        let searchDocuments = searchDocuments()
        jobs.append(.files { () throws(BuildError) in try searchFiles(searchDocuments) })
        jobs.append(.files { () throws(BuildError) in [try notFoundPage()] })
        jobs.append(.files { [robotsFile()] })
        jobs.append(.files { SiteFeeds.files(for: input, pageRoutes: pageRoutes) })
        return try renderFiles(jobs) + input.templates.assets.map { OutputFile(route: .asset(name: $0.name), data: $0.data) }
    }

    /// Every page that has a `PageKey`: home, `/archive/`, the articles and bookmarks (`pages`), then the
    /// source and tag lists (`lists`), each in the order of the site's files.
    func pageJobs() -> (pages: [PageJob], lists: [PageJob]) {
        (homePages() + [archivePage()] + articlePages() + bookmarksPages(), sourcePagesFiles() + tagPages())
    }

    /// Home: the newest articles and every month, a page for each month, the redirects of old numbered pages.
    private func homePages() -> [PageJob] {
        listPages(ListShape(list: .home, articles: listed, template: "home", title: input.config.title,
                            name: context.strings.text("allArticles"), monthTitle: { [strings = context.strings] in strings.name(of: $0) }))
    }

    /// Every article's page; a listed article links its neighbours in the home order
    /// (`newer`, `older`), a cross-source duplicate (not listed) gets neither. Its key holds the article's
    /// page digest and its neighbours' (ADR 033); the values are made only to render it.
    private func articlePages() -> [PageJob] {
        let position = Dictionary(listed.enumerated().map { ($1.article.id, $0) }, uniquingKeysWith: { first, _ in first })
        return input.articles.map { prepared in
            let route = Route.article(slug: prepared.article.slug)
            let index = input.duplicateOf[prepared.article.id] == nil ? position[prepared.article.id] : nil
            let newer = index.flatMap { $0 > 0 ? listed[$0 - 1] : nil }
            let older = index.flatMap { $0 + 1 < listed.count ? listed[$0 + 1] : nil }
            let hasNeighbours = newer != nil || older != nil
            let deferred = DeferredValues(digests: { [digests] in
                [digests[prepared.article.id]?.page ?? 0] + [newer, older].flatMap { neighbour in
                    neighbour.map { [1, digests[$0.article.id]?.neighbour ?? 0] } ?? [0]
                }
            }, make: { [context] in
                var values: [String: MustacheValue] = ["article": context.article(prepared)]
                values["newer"] = newer.map { context.neighbour($0, from: route) }
                values["older"] = older.map { context.neighbour($0, from: route) }
                return values
            })
            return PageJob(template: "article", route: route, title: prepared.article.title, description: prepared.summaryText,
                           deferred: deferred) { ["hasNeighbours": .bool(hasNeighbours)] }
        }
    }

    /// Bookmarked articles, newest bookmark first, split at `pageSize`; a bookmark the archive
    /// does not know renders from the manifest. One (empty) page when there are none.
    private func bookmarksPages() -> [PageJob] {
        let pages = Pagination(pageSize: input.config.pageSize)
        let byID = Dictionary(input.articles.map { ($0.article.id, $0) }, uniquingKeysWith: { first, _ in first })
        let bookmarks = input.bookmarks.newestFirst
        let pageCount = pages.pageCount(of: bookmarks.count)
        return (1...pageCount).map { page in
            let route = Route.bookmarks(page: page)
            let shown = pages.items(of: bookmarks, page: page)
            let title = page == 1 ? context.strings.text("bookmarksTitle") : context.strings.text("bookmarksPageTitle", ["page": String(page)])
            return PageJob(template: "bookmarks", route: route, title: title) {
                let rows = shown.map { bookmark in
                    byID[bookmark.id].map { context.row($0, from: route) } ?? context.orphanRow(bookmark)
                }
                var values: [String: MustacheValue] = [
                    "bookmarks": .list(rows), "isEmpty": .bool(rows.isEmpty), "count": .int(bookmarks.count),
                    "countLabel": .string(context.strings.count("bookmarksSaved", bookmarks.count)),
                    "feedURL": .string(Route.bookmarksFeed.relativeLink(from: route)),
                ]
                values["pagination"] = pagination(page: page, of: pageCount, from: route) { .bookmarks(page: $0) }
                return values
            }
        }
    }

    /// `/bookmarks/feed.xml`: the bookmarks as Atom, newest bookmark first.
    private func bookmarksFeed() -> OutputFile {
        let byID = Dictionary(input.articles.map { ($0.article.id, $0) }, uniquingKeysWith: { first, _ in first })
        let feed = AtomFeed.bookmarks(input.bookmarks, articles: byID, sources: input.sources, config: input.config,
                                      fallbackUpdated: input.articles.compactMap(\.article.date).max(),
                                      name: context.strings.text("bookmarksTitle"))
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
                         "label": .string(context.strings.text("pageNumber", ["number": String(number)])),
                         "isCurrent": .bool(number == page), "gapBefore": .bool(index > 0 && shown[index - 1] != number - 1)])
            }),
        ]
        if page > 1 { value["previous"] = .object(["url": .string(routeFor(page - 1).relativeLink(from: route))]) }
        if page < pageCount { value["next"] = .object(["url": .string(routeFor(page + 1).relativeLink(from: route))]) }
        return .object(value)
    }

    /// The page template, then the layout around it.
    func render(_ template: String, _ route: Route, title: String, description: String? = nil, inLayout: Bool = true,
                _ values: [String: MustacheValue]) throws(BuildError) -> OutputFile {
        let page = context.page(route, title: title, description: description, values)
        return OutputFile(route: route, data: Data(try render(template, page, inLayout: inLayout).utf8))
    }

    /// `template` with `page`'s values, then `layout` with its HTML as `content` (unless `inLayout` is false:
    /// a template that is a whole document, the redirect page).
    func render(_ template: String, _ page: MustacheValue, inLayout: Bool = true) throws(BuildError) -> String {
        do {
            let content = try input.templates.library.render(template, page)
            guard inLayout else { return content }
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
