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
    /// What the Extract stage read, left waiting and failed.
    var fullText: ExtractedPages
    /// Sources whose document was the last build's, not parsed again (`ParseMemo`).
    var unparsed: Int
    /// Each article's line digest as saved, the Enrich cache's key (ADR 034).
    var digests: ArchiveDigests
    /// The sources that give only teasers, and the articles kept as teasers (ADR 056).
    var teasers: TeaserSources
}

extension SiteBuilder {
    /// Reads every source and the Markdown articles, merges them into the archive,
    /// applies retention and saves the archive and the fetch state. What the feeds
    /// brought lives only in this function, so its memory is freed before rendering.
    /// With `--strict`, a failed source stops the build here, after the archive was saved.
    static func updateArchive(_ site: Site, loaded: consuming LoadedSite, options: BuildOptions,
                              timer: inout StageTimer) throws(BuildError) -> ArchiveUpdate {
        // Fetch + Parse; a source whose document is the one the last build parsed is not parsed again (ADR 027).
        let memos = ParseMemoStore(site: site)
        let memo = memos.load().holding(loaded.archive, takenDown: loaded.takenDown, digests: loaded.onDisk.digests)
        var read = readSources(site, state: loaded.state, memo: memo, options: options, timer: &timer)
        let markdown = try MarkdownReader.read(site: site)
        timer.lap("parse")

        // Archive: what the healthy sources brought is kept, even when the build stops below.
        var merged = ArchiveStage.merge(read.incoming + markdown.articles, markdownPresent: markdown.presentIDs, into: loaded.archive,
                                        takenDown: loaded.takenDown, retention: site.config.archive, now: options.now,
                                        protected: Set(loaded.bookmarks.bookmarks.map(\.id)),
                                        unchanged: Set(read.unchanged.flatMap { memo.sources[$0].map { Array($0.articles.keys) } ?? [] }))
        timer.lap("archive")

        // Extract: the full text of the articles whose source asks for it, before the archive is saved with it.
        // Each text read is kept in the archive as it comes (ADR 057), through the archive's one journalled save.
        let onDisk = loaded.onDisk, store = site.archiveStore
        let checkpoint = ExtractionCheckpoint(base: merged.archive) { archive throws(BuildError) in _ = try store.save(archive, since: onDisk) }
        let watch = options.interrupted.map { interrupted in
            SignalWatch { signal in interrupted(signal, checkpoint.saveNow()) }
        }
        defer { watch?.stop() }
        let fullText = ExtractStage.run(&merged.archive, site: site, state: &read.state, offline: options.offline, now: options.now,
                                        network: options.network, progress: options.stageProgress, checkpoint: checkpoint)
        timer.lap("extract")
        merged.changes.textRead(fullText.readIDs)
        let teasers = TeaserSources.find(in: merged.archive, config: site.config)
        let archive = merged.archive, state = read.state
        let digests = try checkpoint.close { () throws(BuildError) in
            try ArchiveStage.save(archive, since: onDisk, state: state, site: site, offline: options.offline)
        }
        memos.save(ParseMemo.after(read, seenBySource: merged.seenBySource, previous: memo, archive: merged.archive, digests: digests))
        // The sources' names outlive site.json's list: a removed source keeps its title (ADR 061).
        let archived = Set(merged.archive.articlesBySource.filter { !$0.value.isEmpty }.keys)
        let parsed = Set(read.outcomes.compactMap { if case .fresh = $0.outcome { $0.id } else { nil } })
        let nameWarnings = SourceNames.keep(read.sources, archived: archived, read: parsed, site: site)
        read.sources.merge(SourceNames.removed(archived, besides: read.sources, site: site)) { current, _ in current }
        let warnings = loaded.warnings + read.warnings + markdown.warnings + merged.warnings + fullText.warnings + nameWarnings
        if options.strict, let failed = read.outcomes.first(where: { if case .failed = $0.outcome { return true } else { return false } }) {
            throw BuildError("source '\(failed.id)' failed and --strict is set; the archive was updated, the site was not published")
        }
        timer.lap("archive")
        // A source that answered 304 Not Modified sent nothing to parse: as unchanged as one whose document was the last build's.
        let unparsed = read.outcomes.count { read.unchanged.contains($0.id) || $0.outcome == .notModified }
        return ArchiveUpdate(archive: merged.archive, changes: merged.changes, warnings: warnings, outcomes: read.outcomes, sources: read.sources,
                             state: read.state, fullText: fullText, unparsed: unparsed, digests: digests, teasers: teasers)
    }
}
