import Foundation
import NewsgenModel

/// What the Fetch, Parse and Archive stages leave for the rest of the build.
struct ArchiveUpdate {
    var archive: Archive
    var changes: ArchiveChanges
    var warnings: [BuildWarning]
    /// In site.json order.
    var outcomes: [(id: String, outcome: SourceOutcome)]
    var sources: [String: SourceInfo]
    /// The fetch state as saved.
    var state: FetchState
}

extension SiteBuilder {
    /// Reads every source and the Markdown articles, merges them into the archive,
    /// applies retention and saves the archive and the fetch state. What the feeds
    /// brought lives only in this function, so its memory is freed before rendering.
    /// With `--strict`, a failed source stops the build here, after the archive was saved.
    static func updateArchive(_ site: Site, loaded: consuming LoadedSite, options: BuildOptions,
                              timer: inout StageTimer) throws(BuildError) -> ArchiveUpdate {
        let config = site.config
        let bookmarks = loaded.bookmarks
        // Taken-down articles leave the archive and never come back from a feed (`newsgen archive remove`).
        let takenDown = loaded.takenDown
        let before = loaded.archive

        // Fetch + Parse.
        let read = readSources(site, state: loaded.state, options: options, timer: &timer)
        var warnings = loaded.archiveWarnings + read.warnings
        let markdown = try MarkdownReader.read(site: site)
        warnings += markdown.warnings
        // Under the ids the archive knows them by, which a change of identity rules never changes (ADR 017).
        let incoming = before.identifying(read.incoming + markdown.articles).filter { !$0.isAny(of: takenDown) }
        timer.lap("parse")

        // Archive: what the healthy sources brought is kept, even when the build stops below.
        var archive = before
        warnings += archive.merge(incoming, markdownPresent: markdown.presentIDs)
        let pruned = archive.applyRetention(keepDays: config.archive.keepDays, keepPerSource: config.archive.keepPerSource,
                                            now: options.now, protected: Set(bookmarks.bookmarks.map(\.id)))
        var changes = ArchiveChanges(before: before, after: archive, seen: Set(incoming.map(\.article.id)))
        changes.pruned = pruned
        try site.archiveStore.save(archive)
        // A site without url sources gets no state file.
        let stateStore = site.fetchStateStore
        if !options.offline, !read.state.sources.isEmpty || FileSystem.exists(stateStore.file) { try stateStore.save(read.state) }
        if options.strict, let failed = read.outcomes.first(where: { if case .failed = $0.outcome { return true } else { return false } }) {
            throw BuildError("source '\(failed.id)' failed and --strict is set; the archive was updated, the site was not published")
        }
        timer.lap("archive")
        return ArchiveUpdate(archive: archive, changes: changes, warnings: warnings, outcomes: read.outcomes, sources: read.sources,
                             state: read.state)
    }
}
