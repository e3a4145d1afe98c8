import Foundation
import NewsgenModel

/// The build's Parse stage on feed files alone, for `newsgen-parse-bench`: each
/// file is one path source, read by `SourceFetcher.fetch` and turned into
/// incoming articles by `SourceParse.make`, on every core as `SourceReading` does (or on the calling
/// thread, for a serial figure). `sanitizing` adds what the Enrich stage does
/// to each article (`PreparedArticle`: sanitize the content and summary, make
/// the list-row text), so the probe can be set beside feedparser, which
/// sanitizes while it parses. Nothing is written and no clock is read here.
package enum ParseStageProbe {
    /// What one run read.
    package struct Tally: Sendable, Equatable {
        /// Incoming articles made (items with an identity).
        package var items = 0
        /// Build warnings the sources gave (ill-formed feeds, HTML past its bounds…).
        package var warnings = 0
        /// The sources whose outcome was a failure, with the reason.
        package var failures: [String] = []
    }

    /// Runs the Parse stage over `files` (absolute paths), with the default site configuration.
    package static func run(files: [String], parallel: Bool, sanitizing: Bool = false) -> Tally {
        let sources = files.indices.map { SourceConfig(id: String(format: "f%03d", $0 + 1), location: .file(files[$0])) }
        let site = Site(directory: URL(fileURLWithPath: "/"), config: SiteConfig(title: "parse bench", sources: sources))
        let embedHosts = site.config.embeds.allow
        let fetcher = SourceFetcher(config: site.config.fetch, backoffBase: 0)
        let tallies = Workers.parallelMap(sources.count, parallel: parallel) { index -> Tally in
            let fetched = fetcher.fetch(sources[index], site: site, remembered: nil, offline: true)
            let parse = SourceParse.make(fetched, config: site.config, offline: true)
            var tally = Tally(items: parse.incoming.count, warnings: parse.warnings.count + parse.contentWarnings.count)
            if case .failed(let reason) = parse.outcome { tally.failures.append(reason.text) }
            if sanitizing {
                let prepared = parse.incoming.map { PreparedArticle($0.article, embedHosts: embedHosts) }
                tally.items = prepared.count
            }
            return tally
        }
        return tallies.reduce(into: Tally()) { total, one in
            total.items += one.items
            total.warnings += one.warnings
            total.failures += one.failures
        }
    }
}
