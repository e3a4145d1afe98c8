import Foundation
import NewsgenModel

/// One source as the `/sources/` page shows it: what this build got from it and
/// what state.json remembers. Made from this build's outcome and the state the
/// build recorded, never from the clock, so the page is the same for the same input.
/// When it last brought news is the archive's to say (`SourceCatalog.Entry.newest`), not state.json's (ADR 053).
struct SourceStatus: Sendable {
    var id: String
    var title: String
    /// The feed file's path or the URL, as site.json gives it.
    var location: String
    var isURL: Bool
    /// site.json's `category`, when the source has one.
    var category: String?
    var outcome: SourceOutcome
    /// Failed attempts since the last success (0 for none).
    var failures: Int = 0
    /// The earliest next attempt while backing off.
    var nextAttempt: Date?
    /// Its articles' full text, when its mode is not `never`.
    var fullText: FullTextCounts?
    /// A url source `newsgen serve` did not fetch (an offline preview build, ADR 058): neither failed nor skipped.
    var notFetchedInPreview = false
    /// Its feed gives only teasers and its full text is off (ADR 056): `/sources/` marks it.
    var teaserOnly = false

    /// Statuses in site.json order.
    static func make(config: SiteConfig, outcomes: [(id: String, outcome: SourceOutcome)], state: FetchState,
                     titles: [String: SourceInfo], fullText: [String: FullTextCounts] = [:],
                     notFetchedInPreview: Bool = false, teasers: [String] = []) -> [SourceStatus] {
        let teasers = Set(teasers)
        let byID = Dictionary(outcomes.map { ($0.id, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        return config.sources.map { source in
            var status = SourceStatus(id: source.id, title: titles[source.id]?.title ?? source.title ?? source.id,
                                      location: source.address, isURL: source.isURL,
                                      outcome: byID[source.id] ?? .skipped(reason: SourceReason(.notRead, text: "not read")))
            status.fullText = fullText[source.id]
            status.teaserOnly = teasers.contains(source.id)
            status.category = source.category
            if notFetchedInPreview, source.isURL, case .skipped = status.outcome { status.notFetchedInPreview = true }
            if source.isURL, let entry = state.sources[source.id], entry.url == source.address {
                status.failures = entry.failures ?? 0
                status.nextAttempt = SourceBackoff.nextAttempt(entry)
            }
            return status
        }
    }
}
