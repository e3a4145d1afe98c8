import Foundation
import NewsgenFeeds
import NewsgenHTML
import NewsgenModel

/// What `newsgen build` was asked to do.
public struct BuildOptions: Sendable {
    public var output: URL?
    /// Use no network: url sources come from the archive.
    public var offline: Bool
    /// Treat a failed source as a failed build (exit 1, nothing published). Only
    /// failures in this build count: a source backing off is skipped, not failed.
    public var strict: Bool
    /// The build's "now", taken once by the caller (library code never reads the
    /// clock): a failing source's back-off in state.json (`pausedUntil`) is counted from it; nil records none.
    public var now: Date?
    /// Seconds the first fetch retry waits; each next one waits twice as long.
    public var retryBackoff: Double
    /// How url sources and images are fetched, how a retry waits and the clock for deadlines:
    /// the real network unless a test gives a stub (`Network`).
    public var network: Network = .live
    /// Hears of each source as its result is known (from worker threads), for a progress display.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Hears how far extraction, images and rendering have got (from worker threads), for a progress display.
    public var stageProgress: (@Sendable (StageProgress) -> Void)?
    /// When set, SIGINT and SIGTERM during extraction first save the pages extracted so far (ADR 057), then
    /// this hears of the signal and how many pages' text the archive keeps from this build, and then the
    /// process ends by the signal. Nil (in-process callers, tests) leaves signals alone.
    public var interrupted: (@Sendable (_ signal: Int32, _ pagesKept: Int) -> Void)?
    /// Monotonic nanoseconds, for the time spent in each stage (`BuildReport.stageTimes`); nil measures nothing.
    public var stageClock: (@Sendable () -> UInt64)?
    /// The build is `newsgen serve`'s (ADR 058): offline, its url sources are shown on `/sources/` as
    /// "not fetched in preview", neither failed nor skipped. Part of the build's fingerprint, so a
    /// `newsgen build` after `serve` never keeps the preview's pages as up to date.
    public var preview = false

    public init(output: URL? = nil, offline: Bool = false, strict: Bool = false, now: Date? = nil, retryBackoff: Double = 1,
                progress: (@Sendable (BuildProgress) -> Void)? = nil) {
        self.output = output
        self.offline = offline
        self.strict = strict
        self.now = now
        self.retryBackoff = retryBackoff
        self.progress = progress
    }
}

/// What a build did, for the CLI to print.
public struct BuildReport: Sendable {
    public var sources: [(id: String, outcome: SourceOutcome)]
    public var articleCount: Int
    public var pageCount: Int
    public var output: URL
    public var warnings: [BuildWarning]
    /// New, updated and unchanged articles among those the sources brought; pruned by retention.
    public var changes: ArchiveChanges
    /// Articles not listed because another source carries the same story.
    public var duplicateCount: Int
    /// What the image cache did in this build.
    public var images = ImageCacheStatistics()
    /// Articles sanitized in this build, and those whose sanitized text the Enrich cache held (ADR 027).
    public var enrich = EnrichStatistics()
    /// Listed articles tokenized for the search index in this build, and those whose terms the search cache held (ADR 030).
    public var searchTerms: (tokenized: Int, reused: Int) = (0, 0)
    /// Sources whose document was byte for byte the one the last build parsed, so not parsed again (ADR 027).
    public var sourcesUnparsed = 0
    /// Article pages read for their full text in this build, left for later builds, and failed.
    public var fullText = FullTextSummary()
    /// The sources whose feeds give only teasers, and the articles the archive keeps as teasers (ADR 056).
    public var teasers = TeaserSources()
    /// Load, fetch, parse, archive, extract, enrich, images, render, publish: empty without `BuildOptions.stageClock`.
    public var stageTimes: [StageTime] = []
    /// True when nothing had changed since the last build and `public/` was left as it was (`BuildRecord`).
    public var upToDate = false
    /// Pages rendered in this build, and pages kept from the last one because what they are made from had not changed.
    public var pagesRendered = 0
    public var pagesKept = 0
}

/// The pipeline: Load → Fetch → Parse → Archive → Enrich → Render → Publish, each stage in the
/// folder of its name with one entry point; only this type sequences them, and no stage calls back into it.
public enum SiteBuilder {
    public static func build(_ site: Site, options: BuildOptions = BuildOptions()) throws(BuildError) -> BuildReport {
        var timer = StageTimer(clock: options.stageClock)
        let output = options.output ?? site.defaultOutputDirectory
        // Every writer of this build goes through these bounds, and their refusals are its warnings (ADR 047).
        let site = site.bounded(output: output)
        let records = BuildRecordStore(site: site)
        let record = records.load()
        if let record, let report = upToDate(site, record: record, options: options, output: output, timer: &timer) { return report }

        let loaded = try LoadStage.run(site)
        let (templates, bookmarks) = (loaded.templates, loaded.bookmarks)
        timer.lap("load")
        // Fetch, Parse and Archive, in a function of their own so that what the feeds brought is let go before Enrich.
        var updated = try updateArchive(site, loaded: consume loaded, options: options, timer: &timer)
        let duplicates = updated.archive.duplicates()
        let newestFirst = updated.archive.allArticles.sorted(by: Article.newestFirst)
        updated.archive = Archive()  // the enriched articles hold what the pages need

        defer {
            try? DurableFile.removeTree(site.mediaStagingDirectory, within: site.bounds)
            try? DurableFile.removeTree(site.pageSpoolDirectory, within: site.bounds)
        }
        let enriched = EnrichStage.run(consume newestFirst, digests: updated.digests, site: site, offline: options.offline, network: options.network,
                                       sources: updated.sources, hosts: updated.state.hosts, now: options.now, timer: &timer,
                                       progress: options.stageProgress)
        for (id, icon) in enriched.icons { updated.sources[id]?.icon = icon }

        let input = RenderInput(config: site.config, templates: templates, articles: enriched.articles, sources: updated.sources,
                                bookmarks: bookmarks, sourceStatuses: SourceStatus.make(config: site.config, outcomes: updated.outcomes,
                                                                                        state: updated.state, titles: updated.sources,
                                                                                        fullText: updated.fullText.counts,
                                                                                        notFetchedInPreview: options.preview && options.offline,
                                                                                        teasers: updated.teasers.withoutFullText),
                                duplicateOf: duplicates, previousPages: record?.reusablePages(in: output, site: site.directory) ?? [:],
                                previousOutput: output, themeKey: PageKey.theme(site), ownFavicon: site.hasOwnFavicon,
                                spool: PageSpool.make(in: site.pageSpoolDirectory, within: site.bounds), now: options.now)
        var renderer = SiteRenderer(input)
        renderer.progress = options.stageProgress
        let search = renderer.cachedSearchTerms(store: RecordCacheStore(directory: site.searchCacheDirectory, bounds: site.bounds))
        renderer.searchTerms = search.terms
        timer.lap("search")
        let files = try renderer.render() + enriched.files
        timer.lap("render")

        try Publisher(output: output, shownAs: output.path, siteDirectory: site.directory, bounds: site.bounds)
            .publish(files, staticDirectory: site.staticDirectory)
        timer.lap("publish")

        let reported = updated.warnings + enriched.warnings + search.warnings + input.bookmarkWarnings
        let warnings = reported + site.bounds.warnings.filter { !reported.contains($0) }
        let pages = PublishedPages(files)
        // A build that could not fetch an image is not one to stand for the next: that one tries again.
        if enriched.images.failures == 0, enriched.images.staleServed == 0 {
            // Without a fingerprint (url sources to fetch) the record still lets the next build keep unchanged pages.
            records.save(fingerprint: BuildFingerprint.inputs(site, options: options, output: output) ?? "", output: output,
                         paths: files.map(\.path), pages: pages.keys, articleCount: input.articles.count, pageCount: pages.count,
                         warnings: warnings)
        } else {
            records.forget()
        }
        return BuildReport(sources: updated.outcomes, articleCount: input.articles.count, pageCount: pages.count, output: output,
                           warnings: warnings, changes: updated.changes, duplicateCount: duplicates.count, images: enriched.images,
                           enrich: enriched.cache, searchTerms: (search.tokenized, search.reused), sourcesUnparsed: updated.unparsed,
                           fullText: updated.fullText.summary, teasers: updated.teasers,
                           stageTimes: timer.times, pagesRendered: pages.rendered, pagesKept: pages.kept)
    }

    /// The up-to-date shortcut: nothing changed since the last build, which left `output` as it is, so that build stands.
    private static func upToDate(_ site: Site, record: BuildRecord, options: BuildOptions, output: URL,
                                 timer: inout StageTimer) -> BuildReport? {
        guard let fingerprint = BuildFingerprint.inputs(site, options: options, output: output),
              record.isCurrent(fingerprint: fingerprint, output: output, site: site.directory) else { return nil }
        timer.lap("load")
        return BuildReport(sources: [], articleCount: record.articleCount, pageCount: record.pageCount, output: output,
                           warnings: record.warnings.map { BuildWarning($0) }, changes: ArchiveChanges(), duplicateCount: 0,
                           stageTimes: timer.times, upToDate: true)
    }
}
