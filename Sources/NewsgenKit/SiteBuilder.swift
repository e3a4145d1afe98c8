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

    public init(output: URL? = nil, offline: Bool = false, strict: Bool = false, now: Date? = nil, retryBackoff: Double = 1) {
        self.output = output
        self.offline = offline
        self.strict = strict
        self.now = now
        self.retryBackoff = retryBackoff
    }
}

/// What a build did, for the CLI to print.
public struct BuildReport: Sendable {
    public var sources: [(id: String, outcome: SourceOutcome)]
    public var articleCount: Int
    public var pageCount: Int
    public var output: URL
    public var warnings: [BuildWarning]
}

/// The pipeline: Load → Fetch/Parse → Archive → Enrich → Render → Publish.
/// Each stage is a plain value or function; only this type sequences them.
public enum SiteBuilder {
    public static func build(_ site: Site, options: BuildOptions = BuildOptions()) throws(BuildError) -> BuildReport {
        let config = site.config
        let templates = try Templates.load(from: site.templatesDirectory, shownAs: "templates")
        let bookmarks = try loadBookmarks(site)
        let store = ArchiveStore(directory: site.archiveDirectory, shownAs: config.archive.path)
        var archive = try store.load()
        let stateStore = FetchStateStore(file: site.archiveDirectory.appendingPathComponent(FetchStateStore.fileName),
                                         shownAs: config.archive.path + "/" + FetchStateStore.fileName)
        var state = try stateStore.load()

        // Fetch + Parse.
        var warnings: [BuildWarning] = []
        var incoming: [IncomingArticle] = []
        var sources: [String: SourceInfo] = [ArticleID.markdownSourceID: SourceInfo(id: ArticleID.markdownSourceID, title: config.title)]
        var outcomes: [(id: String, outcome: SourceOutcome)] = []
        var fetched: [String: SourceFetch] = [:]
        if !options.offline {
            let urlSources = config.sources.filter { $0.path == nil && $0.url != nil }
            // A source inside its back-off window is not asked this build; its archive stands.
            var due: [SourceConfig] = []
            for source in urlSources {
                if let now = options.now, let entry = state.sources[source.id], entry.url == source.url,
                   let reason = SourceBackoff.reasonToWait(entry, now: now) {
                    fetched[source.id] = SourceFetch(result: SourceResult(source: source, outcome: .skipped(reason: reason)),
                                                     succeeded: false, attempted: false)
                } else {
                    due.append(source)
                }
            }
            let fetcher = SourceFetcher(config: config.fetch, backoffBase: options.retryBackoff)
            for fetch in fetcher.fetchAll(due, state: state) {
                fetched[fetch.result.source.id] = fetch
                warnings += fetch.warnings.map { BuildWarning($0) }
            }
            state = Self.remember(fetched, urlSources: urlSources, in: state, now: options.now)
        }
        for source in config.sources {
            let result = fetched[source.id]?.result ?? FeedFileReader.read(source, site: site, offline: options.offline)
            outcomes.append((source.id, result.outcome))
            warnings += Self.warnings(for: result, config: config, offline: options.offline)
            sources[source.id] = SourceInfo(id: source.id, title: source.title ?? result.feed?.title?.plainText ?? source.id, url: result.feed?.link)
            let fromFeed = (result.feed?.items ?? []).compactMap { IncomingArticle(item: $0, sourceID: source.id) }
            warnings += ContentBounds.warnings(fromFeed, sourceID: source.id)
            incoming += fromFeed
        }
        let markdown = try MarkdownReader.read(site: site)
        warnings += markdown.warnings
        incoming += markdown.articles

        // Archive: what the healthy sources brought is kept, even when the build stops below.
        warnings += archive.merge(incoming, markdownPresent: markdown.presentIDs)
        try store.save(archive)
        // A site without url sources gets no state file.
        if !options.offline, !state.sources.isEmpty || FileSystem.exists(stateStore.file) { try stateStore.save(state) }
        if options.strict, let failed = outcomes.first(where: { if case .failed = $0.outcome { return true } else { return false } }) {
            throw BuildError("source '\(failed.id)' failed and --strict is set; the archive was updated, the site was not published")
        }

        // Enrich + Render.
        let articles = archive.allArticles.sorted(by: Article.newestFirst).map { PreparedArticle($0, embedHosts: config.embeds.allow) }
        let archivedIDs = Set(articles.map(\.article.id))
        for bookmark in bookmarks.bookmarks where !archivedIDs.contains(bookmark.id) {
            warnings.append(BuildWarning(path: config.bookmarks, "bookmark '\(bookmark.id)' (\(bookmark.title)) names no article in the archive; shown from the manifest"))
        }
        let statuses = SourceStatus.make(config: config, outcomes: outcomes, state: state, titles: sources)
        let input = RenderInput(config: config, templates: templates, articles: articles, sources: sources, bookmarks: bookmarks,
                                sourceStatuses: statuses)
        let files = try SiteRenderer(input).render()

        // Publish.
        let output = options.output ?? site.defaultOutputDirectory
        try Publisher(output: output, shownAs: output.path).publish(files, staticDirectory: site.staticDirectory)
        return BuildReport(sources: outcomes, articleCount: articles.count,
                           pageCount: files.filter { $0.path.hasSuffix(".html") }.count, output: output, warnings: warnings)
    }

    /// What a person should hear about one source's result: a failure, a skip
    /// (except the expected one of --offline), items left out, an ill-formed document.
    static func warnings(for result: SourceResult, config: SiteConfig, offline: Bool) -> [BuildWarning] {
        let source = result.source
        var warnings: [BuildWarning] = []
        switch result.outcome {
        case .failed(let reason): warnings.append(BuildWarning("source '\(source.id)' failed: \(reason)"))
        case .skipped(let reason) where !offline: warnings.append(BuildWarning("source '\(source.id)': \(reason)"))
        case .fresh, .notModified, .skipped: break
        }
        if result.itemsDropped > 0, let kept = result.feed?.items.count {
            warnings.append(BuildWarning("source '\(source.id)': the feed has \(kept + result.itemsDropped) items, more than fetch.maxItemsPerFeed (\(config.fetch.maxItemsPerFeed)); the \(kept) newest were taken and \(result.itemsDropped) left out"))
        }
        if let reason = result.feed?.illFormedReason {
            warnings.append(BuildWarning("source '\(source.id)': \(source.path ?? source.url ?? source.id) is not well-formed (\(reason)); what could be read was kept"))
        }
        return warnings
    }

    /// The state after this build's fetches: validators of sources that answered,
    /// the old ones otherwise; entries only for the url sources in site.json.
    static func remember(_ fetched: [String: SourceFetch], urlSources: [SourceConfig], in old: FetchState, now: Date?) -> FetchState {
        var state = FetchState()
        let stamp = now.map { RFC3339.string(from: $0) }
        for source in urlSources {
            let url = source.url ?? ""
            let previous = old.sources[source.id].flatMap { $0.url == url ? $0 : nil }
            var entry = previous ?? FetchState.Entry(url: url)
            if let fetch = fetched[source.id], fetch.attempted {
                entry.failures = fetch.succeeded ? nil : (entry.failures ?? 0) + 1
                if fetch.succeeded {
                    let unchanged = fetch.result.outcome == .notModified
                    entry.etag = fetch.etag ?? (unchanged ? previous?.etag : nil)
                    entry.lastModified = fetch.lastModified ?? (unchanged ? previous?.lastModified : nil)
                    entry.lastSuccess = stamp ?? entry.lastSuccess
                }
                entry.lastAttempt = stamp ?? entry.lastAttempt
            }
            state.sources[source.id] = entry
        }
        return state
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
}
