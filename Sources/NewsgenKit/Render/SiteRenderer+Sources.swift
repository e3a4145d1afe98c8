import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// `/sources/`: every source of site.json in its order (stable, whatever fails), with this
    /// build's outcome and its remembered state: the app's loading and error states, made static.
    /// The archive's other sources (removed from site.json, the Markdown articles) follow.
    func sourcesPage() throws(BuildError) -> OutputFile {
        let rows = input.sourceStatuses.map { context.sourceRow($0) }
        let failed = input.sourceStatuses.filter(\.failedInThisBuild).count
        let failing = input.sourceStatuses.filter(\.isFailing).count
        let strings = context.strings
        let others = sourcePages.entries.filter { $0.kind != .configured }.map { entry in
            MustacheValue.object([
                "id": .string(entry.info.id), "title": .string(entry.info.title), "initial": .string(entry.info.initial),
                "pageURL": .string(Route.source(id: entry.info.id).relativeLink(from: .sources)),
                "archivedCount": .int(entry.archivedCount), "archivedLabel": .string(strings.count("inArchive", entry.archivedCount)),
                "isRemoved": .bool(entry.kind == .removed), "isMarkdown": .bool(entry.kind == .markdown),
            ])
        }
        return try render("sources", .sources, title: strings.text("sourcesTitle"), [
            "sources": .list(rows), "isEmpty": .bool(rows.isEmpty), "count": .int(rows.count),
            "countLabel": .string(strings.count("sources", rows.count)), "failingLabel": .string(strings.count("failing", failing)),
            "failedCount": .int(failed), "hasFailures": .bool(failed > 0),
            "failingCount": .int(failing), "hasFailing": .bool(failing > 0),
            "others": .list(others), "hasOthers": .bool(!others.isEmpty),
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
