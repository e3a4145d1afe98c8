import Foundation
import NewsgenFeeds
import NewsgenModel

extension SiteCheck {
    /// Every source read and parsed as a build would: path sources from disk, url sources fetched with
    /// site.json's fetch settings (no validators sent, nothing remembered: no archive or state.json
    /// write), or listed as skipped when `offline`. A failure is a problem naming the source and why;
    /// a feed with no items, or one a build would warn about, is a warning.
    static func sources(_ site: Site, options: SiteCheckOptions) -> CheckPart {
        let config = site.config
        let sources = config.sources
        var fetched: [String: SourceFetch] = [:]
        if !options.offline {
            let urlSources = sources.filter { $0.path == nil && $0.url != nil }
            let fetcher = SourceFetcher(config: config.fetch, backoffBase: options.retryBackoff)
            for fetch in fetcher.fetchAll(urlSources, state: FetchState()) { fetched[fetch.result.source.id] = fetch }
        }
        let done = fetched
        let offline = options.offline
        // In site.json order: each source's findings together.
        let perSource = Workers.parallelMap(sources.count) { index in
            let source = sources[index]
            let result = done[source.id]?.result ?? FeedFileReader.read(source, site: site, offline: offline)
            return findingsFor(result, config: config) + (done[source.id]?.warnings ?? []).map { CheckFinding(.warning, .sources, $0) }
        }
        var findings: [CheckFinding] = []
        var skipped = 0
        for part in perSource {
            findings += part
            skipped += part.filter { $0.severity == .note }.count
        }
        var summary = Wording.counted(sources.count, "source")
        if skipped > 0 { summary += " (\(Wording.grouped(skipped)) skipped: offline)" }
        return CheckPart(findings: findings, summary: summary)
    }

    /// What one source's result means for the check; a skipped source is a note.
    private static func findingsFor(_ result: SourceResult, config: SiteConfig) -> [CheckFinding] {
        let source = result.source
        switch result.outcome {
        case .failed(let reason):
            return [CheckFinding(.problem, .sources, "source '\(source.id)' failed: \(reason)")]
        case .skipped:
            return [CheckFinding(.note, .sources, "source '\(source.id)' skipped: offline (\(source.url ?? source.path ?? source.id) was not fetched)")]
        case .fresh, .notModified:
            var findings: [CheckFinding] = []
            if case .fresh(0) = result.outcome, result.itemsDropped == 0 {
                findings.append(CheckFinding(.warning, .sources, "source '\(source.id)': the feed has no items"))
            }
            findings += SiteBuilder.warnings(for: result, config: config, offline: true).map { CheckFinding(.warning, .sources, $0.description) }
            return findings
        }
    }
}
