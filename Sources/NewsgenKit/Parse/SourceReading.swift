import NewsgenModel

/// One source after the Fetch and Parse stages.
struct SourceRead: Sendable {
    var parsed: SourceParse
    /// For state.json: nil for a path source, a url source offline and one backing off.
    var attempt: FetchAttempt?
    /// What the fetch had to say (a permanent redirect).
    var fetchWarnings: [String] = []
}

/// Fetch then Parse over every source of a site, as `newsgen build` and `newsgen check`
/// run them: url sources `fetch.concurrency` at a time (`SourceFetcher.fetchAll`), each
/// parsed on the worker that fetched it, so its document and feed are let go as soon as
/// its articles are made; then path sources (and url sources offline) read and parsed on
/// every core. The results come in site.json order, however the threads took the sources.
enum SourceReading {
    /// `finished` hears of each source as it ends: a url source from its worker, the
    /// others afterwards in site.json order. `downloaded` is called between the two
    /// halves (the build's stage timer tells fetching from parsing by it). `memo` and `remember`
    /// are `SourceParse.make`'s: the build's, to leave unchanged documents unparsed (ADR 027).
    static func run(_ site: Site, fetcher: SourceFetcher, state: FetchState, offline: Bool,
                    memo: ParseMemo = ParseMemo(), remember: Bool = false,
                    finished: (@Sendable (SourceConfig, SourceOutcome) -> Void)? = nil,
                    downloaded: () -> Void = {}) -> [SourceRead] {
        let config = site.config
        var done: [String: SourceRead] = [:]
        if !offline {
            // A source inside its back-off window is not asked this build; its archive stands.
            var due: [SourceConfig] = []
            for source in config.sources where source.isURL {
                if let skipped = fetcher.backingOff(source, remembered: state.sources[source.id]) {
                    let read = SourceRead(parsed: SourceParse.make(skipped, config: config, offline: offline))
                    done[source.id] = read
                    finished?(source, read.parsed.outcome)
                } else {
                    due.append(source)
                }
            }
            let reads = fetcher.fetchAll(due, site: site, state: state) { fetched in
                let parsed = SourceParse.make(fetched, config: config, offline: offline, memo: memo.sources[fetched.source.id],
                                              remember: remember)
                finished?(fetched.source, parsed.outcome)
                return SourceRead(parsed: parsed, attempt: FetchAttempt(fetched, parsed: parsed.outcome), fetchWarnings: fetched.warnings)
            }
            for (source, read) in zip(due, reads) { done[source.id] = read }
        }
        downloaded()
        let sources = config.sources
        let fetchedURLs = done
        let reads = Workers.parallelMap(sources.count) { index in
            fetchedURLs[sources[index].id] ?? SourceRead(parsed: SourceParse.make(
                fetcher.fetch(sources[index], site: site, remembered: nil, offline: offline), config: config, offline: offline,
                memo: memo.sources[sources[index].id], remember: remember))
        }
        for (source, read) in zip(sources, reads) where done[source.id] == nil { finished?(source, read.parsed.outcome) }
        return reads
    }
}
