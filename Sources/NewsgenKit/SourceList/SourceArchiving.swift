import Foundation
import NewsgenModel

/// The archive side of the `source` commands, through the build's own stages: what
/// `source add` fetched is parsed (`SourceParse`), merged (`ArchiveStage.merge`, with the
/// takedowns, the retention and the bookmarks a build applies) and saved with its validators
/// in state.json (`ArchiveStage.save`), so the next build, offline too, shows its articles and
/// the next fetch is conditional. The caller holds the build lock.
enum SourceArchiving {
    /// What storing one fetched feed did.
    struct Stored {
        var parse: SourceParse
        /// Articles of the source in the archive afterwards.
        var archived: Int
    }

    /// Parses `document` as `source`'s, as a build would.
    static func parse(_ document: FetchedDocument, as source: SourceConfig, config: SiteConfig) -> SourceParse {
        let fetched = FetchedSource(source: source, outcome: .fresh(document), etag: document.etag, lastModified: document.lastModified)
        return SourceParse.make(fetched, config: config, offline: false)
    }

    /// True when the parsed feed gives only teasers (`TeaserTest`, ADR 056).
    static func isTeaserFeed(_ parse: SourceParse) -> Bool {
        TeaserTest.isTeaserFeed(TeaserTest.marked(parse.incoming).map(\.article))
    }

    /// Stores `parse` (of `document`, as `source`'s) with its validators; `config` is site.json with `source` in it.
    static func store(_ parse: SourceParse, of document: FetchedDocument, as source: SourceConfig, config: SiteConfig, site: Site,
                      now: Date) throws(BuildError) -> Stored {
        let site = Site(directory: site.directory, config: config)
        let loaded = try loadArchive(site)
        let fetched = FetchedSource(source: source, outcome: .fresh(document), etag: document.etag, lastModified: document.lastModified)
        let markdown = Set((loaded.archive.articlesBySource[ArticleID.markdownSourceID] ?? []).map(\.id))
        let merged = ArchiveStage.merge(parse.incoming, markdownPresent: markdown, into: loaded.archive, takenDown: loaded.takenDown,
                                        retention: config.archive, now: now, protected: loaded.bookmarked)
        var attempts: [String: FetchAttempt] = [:]
        attempts[source.id] = FetchAttempt(fetched, parsed: parse.outcome)
        let state = loaded.state.remembering(attempts, urlSources: config.sources.filter(\.isURL), now: now)
        _ = try ArchiveStage.save(merged.archive, since: loaded.onDisk, state: state, site: site, offline: false)
        return Stored(parse: parse, archived: merged.archive.articlesBySource[source.id]?.count ?? 0)
    }

    /// The ids of the archived articles of source `id`.
    static func articles(of id: String, site: Site) throws(BuildError) -> [Article] {
        try site.archiveStore.load().articlesBySource[id] ?? []
    }

    /// Takes source `id`'s articles out of the archive, except the bookmarked ones; returns how many left and how many stayed.
    static func purge(_ id: String, site: Site) throws(BuildError) -> (removed: Int, bookmarked: Int) {
        let loaded = try loadArchive(site)
        let articles = loaded.archive.articlesBySource[id] ?? []
        let leaving = Set(articles.map(\.id)).subtracting(loaded.bookmarked)
        guard !leaving.isEmpty else { return (0, articles.count) }
        _ = try ArchiveStage.save(loaded.archive.removing(leaving), since: loaded.onDisk, state: loaded.state, site: site, offline: false)
        return (leaving.count, articles.count - leaving.count)
    }

    private struct Loaded {
        var archive: Archive
        var onDisk: ArchiveOnDisk
        var state: FetchState
        var takenDown: Set<String>
        var bookmarked: Set<String>
    }

    /// The archive, the fetch state, the takedowns and the bookmarks, as the Load stage reads them.
    private static func loadArchive(_ site: Site) throws(BuildError) -> Loaded {
        let bookmarked = Set(try LoadStage.bookmarks(site).bookmarks.map(\.id))
        let takenDown = try TakedownList.load(site).ids
        let archive = try site.archiveStore.loadRepairing()
        let state = try site.fetchStateStore.load()
        return Loaded(archive: archive.archive.removing(takenDown), onDisk: archive.onDisk, state: state, takenDown: takenDown, bookmarked: bookmarked)
    }
}
