import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// Sources a page of `/sources/` lists (ADR 048): a row is a few hundred bytes of HTML, so a page
    /// stays near 100 KB however many sources the site has, far below the render bound.
    static let sourcesPerPage = 100

    /// What `/sources/` lists, in order: every source of site.json in its order (stable, whatever fails),
    /// then the archive's other sources (removed from site.json, the Markdown articles).
    private enum SourcesEntry {
        case configured(SourceStatus)
        case other(SourceCatalog.Entry)
    }

    /// `/sources/`, `/sources/page/2/`…: every source, `sourcesPerPage` a page, with this build's outcome and
    /// its remembered state: the app's loading and error states, made static. A source keeps its page while
    /// nothing before it in site.json is removed (`source add` and `source import` append). Every page carries
    /// the whole site's counts; one page (empty) when there are no sources at all.
    func sourcesPages() throws(BuildError) -> [OutputFile] {
        let statuses = input.sourceStatuses
        let entries = sourcesEntries
        let failed = statuses.filter(\.failedInThisBuild).count
        let failing = statuses.filter(\.isFailing).count
        let notFetched = statuses.filter(\.isNotFetched).count
        let strings = context.strings
        let pages = Pagination(pageSize: Self.sourcesPerPage)
        let pageCount = pages.pageCount(of: entries.count)
        var files: [OutputFile] = []
        for page in 1...pageCount {
            let route = Route.sources(page: page)
            var rows: [MustacheValue] = [], others: [MustacheValue] = []
            for entry in pages.items(of: entries, page: page) {
                switch entry {
                case .configured(let status): rows.append(context.sourceRow(status, from: route))
                case .other(let other): others.append(otherSourceRow(other, from: route))
                }
            }
            let title = page == 1 ? strings.text("sourcesTitle") : strings.text("sourcesPageTitle", ["page": String(page)])
            var values: [String: MustacheValue] = [
                "sources": .list(rows), "isEmpty": .bool(statuses.isEmpty), "hasSources": .bool(!rows.isEmpty), "count": .int(statuses.count),
                "countLabel": .string(strings.count("sources", statuses.count)), "failingLabel": .string(strings.count("failing", failing)),
                "failedCount": .int(failed), "hasFailures": .bool(failed > 0),
                "failingCount": .int(failing), "hasFailing": .bool(failing > 0),
                "notFetchedCount": .int(notFetched), "hasNotFetched": .bool(notFetched > 0),
                "notFetchedLabel": .string(strings.count("notFetched", notFetched)),
                "others": .list(others), "hasOthers": .bool(!others.isEmpty),
            ]
            values["pagination"] = pagination(page: page, of: pageCount, from: route) { .sources(page: $0) }
            files.append(try render("sources", route, title: title, values))
        }
        return files
    }

    /// `/sources/` and its numbered pages, known before they are rendered (the sitemap lists them).
    func sourcesRoutes() -> [Route] {
        (1...Pagination(pageSize: Self.sourcesPerPage).pageCount(of: sourcesEntries.count)).map { .sources(page: $0) }
    }

    private var sourcesEntries: [SourcesEntry] {
        input.sourceStatuses.map(SourcesEntry.configured) + sourcePages.entries.filter { $0.kind != .configured }.map(SourcesEntry.other)
    }

    /// A source of the archive that site.json does not name (removed, or the Markdown articles), on `route`.
    private func otherSourceRow(_ entry: SourceCatalog.Entry, from route: Route) -> MustacheValue {
        .object([
            "id": .string(entry.info.id), "title": .string(entry.info.title), "initial": .string(entry.info.initial),
            "pageURL": .string(Route.source(id: entry.info.id).relativeLink(from: route)),
            "archivedCount": .int(entry.archivedCount), "archivedLabel": .string(context.strings.count("inArchive", entry.archivedCount)),
            "isRemoved": .bool(entry.kind == .removed), "isMarkdown": .bool(entry.kind == .markdown),
        ])
    }

    /// `/sources/<id>/` and its months for every source in `sourcePages`: the source's listed articles,
    /// newest first, under a header with its site link and status (on the front page only, so that a
    /// fetch's outcome does not change every month page).
    func sourcePagesFiles() -> [PageJob] {
        sourcePages.entries.flatMap { entry in
            let title = entry.info.title
            return listPages(ListShape(list: .source(id: entry.info.id), articles: entry.articles, template: "source", title: title,
                                       name: title, monthTitle: { [strings = context.strings] in "\(title), \(strings.name(of: $0))" },
                                       values: { [context] in ["source": context.sourceHeader(entry, from: $0)] }))
        }
    }
}
