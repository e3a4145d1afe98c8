import Foundation
import NewsgenFeeds
import NewsgenModel

/// One of a build's sources is done: for a progress display.
public struct BuildProgress: Sendable, Equatable {
    public var sourceID: String
    public var outcome: SourceOutcome
    /// Sources done so far, this one included, and in all.
    public var done: Int
    public var total: Int
}

/// What the Fetch and Parse stages brought from the sources of site.json.
struct SourcesRead {
    var incoming: [IncomingArticle] = []
    /// In site.json order.
    var outcomes: [(id: String, outcome: SourceOutcome)] = []
    var sources: [String: SourceInfo]
    var warnings: [BuildWarning] = []
    /// The fetch state to save: validators, attempts, back-off.
    var state: FetchState
}

extension SiteBuilder {
    /// Fetches the url sources that are due (concurrently), reads the path sources,
    /// and turns every feed into incoming articles. A source's failure is its outcome.
    static func readSources(_ site: Site, state: FetchState, options: BuildOptions, timer: inout StageTimer) -> SourcesRead {
        let config = site.config
        let counter = ProgressCounter(total: config.sources.count, report: options.progress)
        var read = SourcesRead(sources: [ArticleID.markdownSourceID: SourceInfo(id: ArticleID.markdownSourceID, title: config.title)],
                               state: state)
        var fetched: [String: SourceFetch] = [:]
        if !options.offline {
            let urlSources = config.sources.filter { $0.path == nil && $0.url != nil }
            // A source inside its back-off window is not asked this build; its archive stands.
            var due: [SourceConfig] = []
            for source in urlSources {
                if let now = options.now, let entry = state.sources[source.id], entry.url == source.url,
                   let reason = SourceBackoff.reasonToWait(entry, now: now) {
                    let skipped = SourceFetch(result: SourceResult(source: source, outcome: .skipped(reason: reason)),
                                              succeeded: false, attempted: false)
                    fetched[source.id] = skipped
                    counter.finished(skipped.result)
                } else {
                    due.append(source)
                }
            }
            var fetcher = SourceFetcher(config: config.fetch, backoffBase: options.retryBackoff)
            fetcher.now = options.now
            for fetch in fetcher.fetchAll(due, state: state, finished: { counter.finished($0.result) }) {
                fetched[fetch.result.source.id] = fetch
                read.warnings += fetch.warnings.map { BuildWarning($0) }
            }
            read.state = remember(fetched, urlSources: urlSources, in: state, now: options.now)
        }
        timer.lap("fetch")
        // Path sources are read and parsed, and every feed turned into articles, on every core;
        // the results are then taken in site.json order, so outcomes, progress and warnings
        // come out the same however the cores took the sources. A parsed feed is dropped as soon
        // as its articles are made, as a serial loop would, so the feeds are never all in memory.
        let sources = config.sources
        let done = fetched
        let parsed = Workers.parallelMap(sources.count) { index in
            SourceParse.make(sources[index], fetched: done[sources[index].id]?.result, site: site, offline: options.offline)
        }
        for (source, parse) in zip(sources, parsed) {
            if fetched[source.id] == nil { counter.finished(SourceResult(source: source, outcome: parse.outcome)) }
            read.outcomes.append((source.id, parse.outcome))
            read.warnings += parse.warnings
            read.sources[source.id] = parse.info
            read.incoming += parse.incoming
        }
        return read
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
            let document = source.path ?? source.url ?? source.id
            if let place = result.feed?.illFormedPlace {
                // `file:line:column: …`, so an editor or a CI log links straight to the break.
                let placeless = reason.replacingOccurrences(of: " at line \(place.line), column \(place.column)", with: "")
                warnings.append(BuildWarning(path: "\(document):\(place.line):\(place.column)",
                                             "source '\(source.id)' is not well-formed (\(placeless)); what could be read was kept"))
            } else {
                warnings.append(BuildWarning("source '\(source.id)': \(document) is not well-formed (\(reason)); what could be read was kept"))
            }
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
}

/// Counts sources as they finish, on whichever thread they finish, and tells the listener.
private final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: (@Sendable (BuildProgress) -> Void)?

    init(total: Int, report: (@Sendable (BuildProgress) -> Void)?) {
        self.total = total
        self.report = report
    }

    func finished(_ result: SourceResult) {
        guard let report else { return }
        lock.withLock {
            done += 1
            report(BuildProgress(sourceID: result.source.id, outcome: result.outcome, done: done, total: total))
        }
    }
}
