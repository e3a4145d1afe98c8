import Foundation
import NewsgenModel

/// After `source import` (ADR 039, 056 amended): each feed it added is read once, politely, and
/// put through the teaser test, so import can name the sources whose feeds give only teasers
/// with the one command that turns full text on. Nothing is stored and no mode is changed: the
/// next build archives the feeds; import only lists.
///
/// Polite: at most `concurrency` requests in flight, one at a time per host, the site's
/// `fetch.timeoutSeconds`, size limit and User-Agent, and a total `deadline(timeoutSeconds:)`
/// after which the feeds not yet asked are named as not checked. Each feed is fetched and
/// parsed as `source add` fetches and parses one (the site's fetcher, the parse sandbox,
/// `SourceArchiving.parse`), without discovery: an OPML outline gives the feed's own address.
public enum SourceImportCheck {
    /// Requests in flight at once, over every host.
    static let concurrency = 4

    /// What became of one feed.
    public enum Outcome: Equatable, Sendable {
        case teaser
        case whole
        /// Why it could not be read: a fetch error, or a document that is not a feed.
        case unreadable(String)
        /// The total deadline ran out before it was asked.
        case notChecked
    }

    /// Two minutes, or one request timeout when that is longer: 300 feeds at four at a time take
    /// well under that from answering hosts, and a list of hanging ones cannot hold the terminal longer.
    public static func deadline(timeoutSeconds: Int) -> Double {
        max(120, Double(timeoutSeconds))
    }

    /// Reads each of `sources` (url sources) and returns their outcomes in the same order.
    public static func run(_ sources: [SourceConfig], config: SiteConfig, network: Network) -> [Outcome] {
        let fetch = config.fetch
        let total = deadline(timeoutSeconds: fetch.timeoutSeconds)
        let fetcher = network.feedFetcher(fetch)
        let start = network.clock()
        // One list a host, in file order; a worker takes a host and asks its feeds one after another.
        let hosts = byHost(sources)
        let answers = Workers.map(hosts.count, concurrency: concurrency) { host in
            hosts[host].map { index -> (Int, Outcome) in
                let remaining = total - (network.clock() - start)
                guard remaining > 0 else { return (index, .notChecked) }
                var requestFetcher = fetcher
                requestFetcher.deadline = min(fetcher.deadline, remaining)
                return (index, check(sources[index], fetcher: requestFetcher, config: config))
            }
        }
        var outcomes = Array(repeating: Outcome.notChecked, count: sources.count)
        for (index, outcome) in answers.joined() { outcomes[index] = outcome }
        return outcomes
    }

    /// The indexes of `sources`, one list a host (lowercased, with a port not the scheme's default), in file order.
    static func byHost(_ sources: [SourceConfig]) -> [[Int]] {
        var hosts: [[Int]] = []
        var hostOf: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            var key = "#\(index)"
            if case .url(let url) = source.location, let host = HostQueue.key(of: url) { key = host }
            if let host = hostOf[key] { hosts[host].append(index) } else {
                hostOf[key] = hosts.count
                hosts.append([index])
            }
        }
        return hosts
    }

    /// Fetches and parses one feed and runs the teaser test on its items.
    static func check(_ source: SourceConfig, fetcher: HTTPFetcher, config: SiteConfig) -> Outcome {
        guard case .url(let url) = source.location else { return .unreadable("not a url source") }
        switch fetcher.exchange(url).result {
        case .failure(let error): return .unreadable(error.description)
        case .success(let document):
            let parse = SourceArchiving.parse(document, as: source, config: config)
            if case .failed(let reason) = parse.outcome { return .unreadable(reason.text) }
            return SourceArchiving.isTeaserFeed(parse) ? .teaser : .whole
        }
    }

    /// The most unreadable feeds named one a line; the rest are counted.
    static let listed = 10

    /// What import prints after its report: the teaser sources and the one command, the feeds that could
    /// not be read, those not checked. `sources` and `outcomes` in file order; `siteMode` is `extract.fullText`,
    /// `deadline` the check's (`deadline(timeoutSeconds:)`).
    public static func text(_ sources: [SourceConfig], _ outcomes: [Outcome], siteMode: FullTextMode, deadline: Double) -> String {
        var teasers: [String] = [], unreadable: [String] = [], notChecked: [String] = []
        for (source, outcome) in zip(sources, outcomes) {
            switch outcome {
            case .teaser: teasers.append(source.id)
            case .whole: break
            case .unreadable(let why): unreadable.append("\(source.id): \(source.address): \(why)")
            case .notChecked: notChecked.append(source.id)
            }
        }
        let checked = sources.count - notChecked.count
        var lines = ["Read \(checked) of the \(Wording.counted(sources.count, "feed")) added, once each, to find those that give only teasers "
            + "(nothing stored: the next 'newsgen build' archives them)."]
        if teasers.isEmpty {
            lines.append(checked - unreadable.count > 0 ? "None of those read gives only teasers." : "")
        } else if siteMode == .never {
            let which = teasers.count == 1 ? "Source '\(teasers[0])' gives" : "\(teasers.count) sources (\(teasers.joined(separator: ", "))) give"
            lines.append("\(which) only a teaser of each article, and full text is off, so the archive would keep a sentence and a link. "
                + "To keep whole articles: \(TeaserSources.command(teasers))")
        } else {
            lines.append("Only teasers from \(teasers.joined(separator: ", ")); full text is \(siteMode) for them (extract.fullText), "
                + "so each build reads their articles' pages.")
        }
        if !unreadable.isEmpty {
            lines.append("Could not read \(Wording.counted(unreadable.count, "feed")) (still added; each build tries again and reports on it):")
            lines += unreadable.prefix(listed).map { "  " + $0 }
            if unreadable.count > listed { lines.append("  … and \(unreadable.count - listed) more") }
        }
        if !notChecked.isEmpty {
            lines.append("Not checked, \(Wording.counted(notChecked.count, "feed")): the check's \(FetchError.seconds(deadline)) ran out "
                + "(the next build names any that give only teasers): " + shortList(notChecked))
        }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// `a, b, c, … and N more`.
    private static func shortList(_ ids: [String]) -> String {
        ids.prefix(listed).joined(separator: ", ") + (ids.count > listed ? ", … and \(ids.count - listed) more" : "")
    }
}
