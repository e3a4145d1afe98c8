import Foundation
import NewsgenModel

/// What the Archive stage's merge made of the archive and this build's articles.
struct MergedArchive {
    var archive: Archive
    /// New, updated, unchanged and pruned, for the build's summary.
    var changes: ArchiveChanges
    /// Slug collisions resolved, Markdown articles whose file went (`Archive.merge`).
    var warnings: [BuildWarning]
    /// The ids (the archive's) of this build's articles, by source: what each source's parse gave, for the `ParseMemo`.
    var seenBySource: [String: [String]] = [:]
}

/// The Archive stage, in two steps: `merge` (identity, dedup, takedowns, retention) and `save`
/// (crash-safe, ADR 015). A stage that works on merged articles (full-text extraction: it needs
/// their identity, what was already extracted, and the items that left their feed) goes between them.
enum ArchiveStage {
    /// This build's articles under the ids the archive knows them by (a change of identity rules
    /// never changes one, ADR 017), taken-down ones left out, merged into `archive`, then
    /// retention applied (`protected` ids, the bookmarked ones, are never pruned). `unchanged` are the
    /// ids of articles that unparsed sources (`ParseMemo`) would have brought as they are: counted as seen.
    static func merge(_ incoming: [IncomingArticle], markdownPresent: Set<String>, into archive: Archive,
                      takenDown: Set<String>, retention: ArchiveConfig, now: Date?, protected: Set<String>,
                      unchanged: Set<String> = []) -> MergedArchive {
        let identified = archive.identifying(TeaserTest.marked(incoming)).filter { !$0.isAny(of: takenDown) }
        var merged = archive
        let warnings = merged.merge(identified, markdownPresent: markdownPresent)
        let pruned = merged.applyRetention(keepDays: retention.keepDays, keepPerSource: retention.keepPerSource,
                                           now: now, protected: protected)
        var changes = ArchiveChanges(before: archive, after: merged, seen: Set(identified.map(\.article.id)).union(unchanged))
        changes.pruned = pruned
        return MergedArchive(archive: merged, changes: changes, warnings: warnings,
                             seenBySource: Dictionary(grouping: identified.map(\.article), by: \.sourceID).mapValues { $0.map(\.id) })
    }

    /// Saves the archive, writing only the month files that differ from what the load read (`onDisk`),
    /// then the fetch state, when its bytes changed (offline, only the Extract
    /// stage's records of saved pages can have), and not for a site that has nothing to remember
    /// and no state file yet. Returns each saved article's line digest.
    static func save(_ archive: Archive, since onDisk: ArchiveOnDisk, state: FetchState, site: Site,
                     offline: Bool) throws(BuildError) -> ArchiveDigests {
        let digests = try site.archiveStore.save(archive, since: onDisk)
        let stateStore = site.fetchStateStore
        let remembers = !state.sources.isEmpty || !state.pages.isEmpty || !state.hosts.isEmpty
        if remembers || FileSystem.exists(stateStore.file) { try stateStore.save(state) }
        return digests
    }
}
