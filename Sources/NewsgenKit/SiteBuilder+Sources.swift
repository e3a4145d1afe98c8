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
    /// Sources whose document was the one the last build parsed: not parsed again (`ParseMemo`).
    var unchanged: Set<String> = []
    /// The fingerprints of the documents parsed cleanly in this build, by source, for the next build's `ParseMemo`.
    var documents: [String: [UInt8]] = [:]
}

extension SiteBuilder {
    /// Fetches the url sources that are due (concurrently), reads the path sources,
    /// and turns every feed into incoming articles, except those whose document `memo` says is the
    /// last build's. A source's failure is its outcome.
    static func readSources(_ site: Site, state: FetchState, memo: ParseMemo, options: BuildOptions, timer: inout StageTimer) -> SourcesRead {
        let config = site.config
        let counter = ProgressCounter(total: config.sources.count, report: options.progress)
        var read = SourcesRead(sources: [ArticleID.markdownSourceID: SourceInfo(id: ArticleID.markdownSourceID, title: config.title)],
                               state: state)
        if let excess = SourceLimit.excess(config) { read.warnings.append(BuildWarning(path: Site.configFileName, excess)) }
        var fetcher = SourceFetcher(config: config.fetch, backoffBase: options.retryBackoff, network: options.network)
        fetcher.now = options.now
        let reads = SourceReading.run(site, fetcher: fetcher, state: state, offline: options.offline, memo: memo, remember: true,
                                      finished: { counter.finished($0, $1) }, downloaded: { timer.lap("fetch") })
        var attempts: [String: FetchAttempt] = [:]
        for (source, one) in zip(config.sources, reads) {
            read.warnings += one.fetchWarnings.map { BuildWarning($0) }
            attempts[source.id] = one.attempt
        }
        if !options.offline {
            read.state = state.remembering(attempts, urlSources: config.sources.filter(\.isURL), now: options.now)
        }
        for (source, one) in zip(config.sources, reads) {
            read.outcomes.append((source.id, one.parsed.outcome))
            read.warnings += one.parsed.warnings + one.parsed.contentWarnings
            read.sources[source.id] = one.parsed.info
            read.incoming += one.parsed.incoming
            if one.parsed.unchanged { read.unchanged.insert(source.id) }
            if let document = one.parsed.document { read.documents[source.id] = document }
        }
        return read
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

    func finished(_ source: SourceConfig, _ outcome: SourceOutcome) {
        guard let report else { return }
        lock.withLock {
            done += 1
            report(BuildProgress(sourceID: source.id, outcome: outcome, done: done, total: total))
        }
    }
}
