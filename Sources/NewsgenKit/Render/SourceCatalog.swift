import Foundation
import NewsgenModel

/// The sources that get a page of their own (`/sources/<id>/`): every source of
/// site.json, every source the archive still holds articles of although site.json
/// no longer names it (its articles keep their pages, so their bylines need a
/// page to link to), and the Markdown articles (`articles`) when there are any.
struct SourceCatalog: Sendable {
    /// Why a source has a page.
    enum Kind: Sendable, Equatable {
        /// Named in site.json.
        case configured
        /// Archived articles of a source site.json no longer names.
        case removed
        /// The site's own Markdown articles.
        case markdown
    }

    /// One source page.
    struct Entry: Sendable {
        var info: SourceInfo
        var kind: Kind
        /// This build's outcome and the remembered fetch state; site.json sources only.
        var status: SourceStatus?
        /// What its page lists: the source's listed articles, newest first.
        var articles: [PreparedArticle]
        /// Every article of the source in the archive, cross-source duplicates included.
        var archivedCount: Int
        /// The date of its newest article in the archive (published, else updated): "last new item" on
        /// `/sources/`, a moment that moves only when the source brings news (ADR 053); nil for none dated.
        var newest: Date? = nil
    }

    /// site.json order, then the removed sources by id, then the Markdown articles.
    let entries: [Entry]
    private let byID: [String: Int]

    init(_ input: RenderInput, listed: [PreparedArticle]) {
        var listedBySource: [String: [PreparedArticle]] = [:]
        for prepared in listed { listedBySource[prepared.article.sourceID, default: []].append(prepared) }
        var archived: [String: Int] = [:]
        var newest: [String: Date] = [:]
        for prepared in input.articles {
            let source = prepared.article.sourceID
            archived[source, default: 0] += 1
            if let date = prepared.article.date, date > newest[source] ?? .distantPast { newest[source] = date }
        }
        let statuses = Dictionary(input.sourceStatuses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let configured = Set(input.config.sources.map(\.id))

        var entries: [Entry] = input.config.sources.map { source in
            let status = statuses[source.id]
            var info = input.sources[source.id] ?? SourceInfo(id: source.id, title: status?.title ?? source.title ?? source.id)
            info.id = source.id
            return Entry(info: info, kind: .configured, status: status, articles: listedBySource[source.id] ?? [],
                         archivedCount: archived[source.id] ?? 0, newest: newest[source.id])
        }
        let markdown = ArticleID.markdownSourceID
        for id in archived.keys.sorted() where !configured.contains(id) && id != markdown {
            entries.append(Entry(info: input.sources[id] ?? SourceInfo(id: id, title: id), kind: .removed, status: nil,
                                 articles: listedBySource[id] ?? [], archivedCount: archived[id] ?? 0, newest: newest[id]))
        }
        if let count = archived[markdown], !configured.contains(markdown) {
            let title = input.sources[markdown]?.title ?? input.config.title
            entries.append(Entry(info: SourceInfo(id: markdown, title: title), kind: .markdown, status: nil,
                                 articles: listedBySource[markdown] ?? [], archivedCount: count, newest: newest[markdown]))
        }
        // Ids newsgen did not validate (a hand-edited archive) could share a folder; the first keeps it.
        var paths: Set<String> = []
        self.entries = entries.filter { paths.insert(Route.source(id: $0.info.id).path).inserted }
        byID = Dictionary(self.entries.enumerated().map { ($1.info.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page of source `id`, if one is made.
    func entry(id: String) -> Entry? {
        byID[id].map { entries[$0] }
    }
}
