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
    /// clock): recorded as lastAttempt/lastSuccess in state.json; nil records none.
    public var now: Date?
    /// Seconds the first fetch retry waits; each next one waits twice as long.
    public var retryBackoff: Double
    /// How url sources and images are fetched, how a retry waits and the clock for deadlines:
    /// the real network unless a test gives a stub (`Network`).
    public var network: Network = .live
    /// Hears of each source as its result is known (from worker threads), for a progress display.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Monotonic nanoseconds, for the time spent in each stage (`BuildReport.stageTimes`); nil measures nothing.
    public var stageClock: (@Sendable () -> UInt64)?

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
    /// Load, fetch, parse, archive, enrich, render, publish: empty without `BuildOptions.stageClock`.
    public var stageTimes: [StageTime] = []
    /// True when nothing had changed since the last build and `public/` was left as it was (`BuildRecord`).
    public var upToDate = false
    /// Pages rendered in this build, and pages kept from the last one because what they are made from had not changed.
    public var pagesRendered = 0
    public var pagesKept = 0
}

/// The pipeline: Load → Fetch/Parse → Archive → Enrich → Render → Publish.
/// Each stage is a plain value or function; only this type sequences them.
public enum SiteBuilder {
    public static func build(_ site: Site, options: BuildOptions = BuildOptions()) throws(BuildError) -> BuildReport {
        var timer = StageTimer(clock: options.stageClock)
        let config = site.config
        // Nothing changed since the last build, which left public/ as it is: that build stands.
        let output = options.output ?? site.defaultOutputDirectory
        let records = BuildRecordStore(site: site)
        let record = records.load()
        if let fingerprint = BuildFingerprint.inputs(site, options: options, output: output), let record,
           record.isCurrent(fingerprint: fingerprint, output: output) {
            timer.lap("load")
            return BuildReport(sources: [], articleCount: record.articleCount, pageCount: record.pageCount, output: output,
                               warnings: record.warnings.map { BuildWarning($0) }, changes: ArchiveChanges(), duplicateCount: 0,
                               stageTimes: timer.times, upToDate: true)
        }
        let templates = try Templates.load(from: site.templatesDirectory, shownAs: "templates", limits: Templates.limits(for: site.config))
        let bookmarks = try loadBookmarks(site)
        timer.lap("load")

        // Fetch + Parse + Archive, in a function of its own so that what the feeds brought is let go before rendering.
        var updated = try updateArchive(site, options: options, bookmarks: bookmarks, timer: &timer)
        var warnings = SiteContainment.warnings(site) + updated.warnings

        // Enrich + Render.
        let duplicates = updated.archive.duplicates()
        let prepared = PreparedArticle.all(updated.archive.allArticles.sorted(by: Article.newestFirst), embedHosts: config.embeds.allow)
        updated.archive = Archive()  // the prepared articles hold what the pages need
        defer { try? FileSystem.manager.removeItem(at: site.mediaStagingDirectory) }
        let images = localizeImages(prepared, site: site, options: options)
        let articles = images.articles
        warnings += images.warnings
        timer.lap("enrich")
        let archivedIDs = Set(articles.map(\.article.id))
        for bookmark in bookmarks.bookmarks where !archivedIDs.contains(bookmark.id) {
            warnings.append(BuildWarning(path: config.bookmarks, "bookmark '\(bookmark.id)' (\(bookmark.title)) names no article in the archive; shown from the manifest"))
        }
        let statuses = SourceStatus.make(config: config, outcomes: updated.outcomes, state: updated.state, titles: updated.sources)
        let input = RenderInput(config: config, templates: templates, articles: articles, sources: updated.sources, bookmarks: bookmarks,
                                sourceStatuses: statuses, duplicateOf: duplicates,
                                previousPages: record?.reusablePages(in: output) ?? [:], previousOutput: output,
                                themeKey: themeKey(site))
        let files = try SiteRenderer(input).render() + images.files
        timer.lap("render")

        // Publish.
        try Publisher(output: output, shownAs: output.path, siteDirectory: site.directory).publish(files, staticDirectory: site.staticDirectory)
        timer.lap("publish")
        let pageCount = files.filter { $0.path.hasSuffix(".html") }.count
        var pageKeys: [String: UInt64] = [:]
        for file in files { if let key = file.pageKey { pageKeys[file.path] = key } }
        let pagesKept = files.filter { $0.pageKey != nil && $0.sourceFile != nil }.count
        // A build that could not fetch an image is not one to stand for the next: that one tries again.
        if images.statistics.failures == 0, images.statistics.staleServed == 0 {
            // Without a fingerprint (url sources to fetch) the record still lets the next build keep unchanged pages.
            records.save(fingerprint: BuildFingerprint.inputs(site, options: options, output: output) ?? "", output: output,
                         paths: files.map(\.path), pages: pageKeys, articleCount: articles.count, pageCount: pageCount, warnings: warnings)
        } else {
            records.forget()
        }
        return BuildReport(sources: updated.outcomes, articleCount: articles.count, pageCount: pageCount, output: output, warnings: warnings,
                           changes: updated.changes, duplicateCount: duplicates.count, images: images.statistics,
                           stageTimes: timer.times, pagesRendered: pageKeys.count - pagesKept, pagesKept: pagesKept)
    }

    /// The Enrich stage's images (`ImageStage`), through the site's image cache; its index is saved
    /// before the site is rendered. The stage's folder of files to publish goes once the site is out.
    static func localizeImages(_ articles: [PreparedArticle], site: Site, options: BuildOptions)
        -> (articles: [PreparedArticle], files: [OutputFile], warnings: [BuildWarning], statistics: ImageCacheStatistics) {
        let config = site.config
        let cache = ImageCache(config: config.imageCache, siteFolder: site.directory, timeoutSeconds: Double(config.fetch.timeoutSeconds),
                               userAgent: config.fetch.userAgent, offline: options.offline, network: options.network)
        let stage = ImageStage(cache: cache, thumbnailer: Thumbnailer(), concurrency: config.fetch.concurrency,
                               articlesDirectory: site.articlesDirectory, mediaFolder: site.mediaStagingDirectory)
        let output = stage.run(articles)
        var warnings = output.warnings
        do {
            try cache.save()
        } catch {
            warnings.append(BuildWarning("the image cache's index was not saved (\(error)); the next build fetches its images again"))
        }
        return (output.articles, output.files, warnings, cache.statistics)
    }

    /// The manifest when present, an empty one otherwise; a manifest that cannot be read stops the build.
    static func loadBookmarks(_ site: Site) throws(BuildError) -> BookmarkManifest {
        let file = site.bookmarksFile
        guard FileSystem.exists(file) else { return BookmarkManifest() }
        let data = try FileSystem.read(file, shownAs: site.config.bookmarks)
        do {
            return try BookmarkManifest.decode(data, file: site.config.bookmarks)
        } catch {
            throw BuildError("\(error.description); it was left untouched")
        }
    }

    /// What every page depends on besides its own values: newsgen's version, site.json and the theme's files.
    static func themeKey(_ site: Site) -> UInt64 {
        var key = PageKey()
        key.add(HelpText.version)
        key.add(number: BuiltInTheme.key)
        key.add(bytes: (try? Data(contentsOf: site.directory.appendingPathComponent("site.json"))) ?? Data())
        for file in (try? FileSystem.siteFiles(in: site.templatesDirectory, site: site.directory, recursive: true))?.files ?? [] {
            key.add(file.path)
            key.add(bytes: (try? Data(contentsOf: file.source)) ?? Data())
        }
        return key.value
    }
}
