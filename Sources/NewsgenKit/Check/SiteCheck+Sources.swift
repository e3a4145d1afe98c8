import Foundation
import NewsgenFeeds
import NewsgenModel

extension SiteCheck {
    /// Every source read and parsed as a build would: path sources from disk, url sources fetched with
    /// site.json's fetch settings (no validators sent, nothing remembered: no archive or state.json
    /// write), or listed as skipped when `offline`. A failure is a problem naming the source and why;
    /// a feed with no items, or one a build would warn about, is a warning. state.json, which a build
    /// reads for them, must read as the build reads it (`fetchState`). More sources than a site
    /// supports (`SourceLimit`) is a problem of site.json.
    static func sources(_ site: Site, options: SiteCheckOptions) -> CheckPart {
        let config = site.config
        let fetcher = SourceFetcher(config: config.fetch, backoffBase: options.retryBackoff, network: options.network)
        let reads = SourceReading.run(site, fetcher: fetcher, state: FetchState(), offline: options.offline)
        // The count the build warns about: site.json's sources as `Site.load` decoded them.
        var findings = SourceLimit.excess(config).map { [CheckFinding(.problem, .siteJSON, location: Site.configFileName, $0)] } ?? []
        findings += fetchState(site)
        var skipped = 0
        // In site.json order: each source's findings together.
        for (source, read) in zip(config.sources, reads) {
            let part = findingsFor(source, read.parsed) + read.fetchWarnings.map { CheckFinding(.warning, .sources, $0) }
            findings += part
            skipped += part.filter { $0.severity == .note }.count
        }
        var summary = Wording.counted(config.sources.count, "source")
        if skipped > 0 { summary += " (\(Wording.grouped(skipped)) skipped: offline)" }
        return CheckPart(findings: findings, summary: summary)
    }

    /// What one source's result means for the check; a skipped source is a note.
    private static func findingsFor(_ source: SourceConfig, _ parsed: SourceParse) -> [CheckFinding] {
        switch parsed.outcome {
        case .failed(let reason):
            return [CheckFinding(.problem, .sources, "source '\(source.id)' failed: \(reason)")]
        case .skipped:
            return [CheckFinding(.note, .sources, "source '\(source.id)' skipped: offline (\(source.address) was not fetched)")]
        case .fresh, .notModified:
            var findings: [CheckFinding] = []
            if case .fresh(0) = parsed.outcome, parsed.itemsDropped == 0 {
                findings.append(CheckFinding(.warning, .sources, "source '\(source.id)': the feed has no items"))
            }
            findings += parsed.warnings.map { CheckFinding(.warning, .sources, $0.description) }
            return findings
        }
    }
}
