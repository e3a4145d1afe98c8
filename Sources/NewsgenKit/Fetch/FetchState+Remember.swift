import Foundation
import NewsgenModel

/// What state.json keeps of one url source's fetch in this build.
struct FetchAttempt: Sendable, Equatable {
    /// The server answered (200 or 304) and what it sent, if anything, parsed.
    var succeeded: Bool
    /// The answer was 304: the validators sent still hold.
    var notModified = false
    var etag: String? = nil
    var lastModified: String? = nil

    /// A fetch and what the Parse stage made of it; nil for a source left alone (backing off).
    init?(_ fetched: FetchedSource, parsed: SourceOutcome) {
        guard fetched.attempted else { return nil }
        var failedToParse = false
        if case .failed = parsed { failedToParse = true }
        succeeded = fetched.answered && !failedToParse
        notModified = fetched.outcome == .notModified
        if succeeded {
            etag = fetched.etag
            lastModified = fetched.lastModified
        }
    }

    init(succeeded: Bool, notModified: Bool = false, etag: String? = nil, lastModified: String? = nil) {
        self.succeeded = succeeded
        self.notModified = notModified
        self.etag = etag
        self.lastModified = lastModified
    }
}

extension FetchState {
    /// The state after this build's fetches: validators of sources that answered, the old
    /// ones otherwise (and after a 304); failures counted since the last success, with the end
    /// of their back-off; entries only for the url sources in site.json, and a fresh one when a
    /// source's url changed. Nothing records that an attempt was made (ADR 053): a source that
    /// answers as it did last time, or is left alone while backing off, keeps its entry as it was.
    /// The hosts of article pages and the pages' records are kept as they were: the Extract stage updates them.
    func remembering(_ attempts: [String: FetchAttempt], urlSources: [SourceConfig], now: Date?) -> FetchState {
        var state = FetchState()
        state.hosts = hosts
        state.pages = pages
        for source in urlSources {
            let url = source.address
            let previous = sources[source.id].flatMap { $0.url == url ? $0 : nil }
            var entry = previous ?? FetchState.Entry(url: url)
            if let attempt = attempts[source.id] {
                if attempt.succeeded {
                    entry.failures = nil
                    entry.pausedUntil = nil
                    entry.etag = attempt.etag ?? (attempt.notModified ? previous?.etag : nil)
                    entry.lastModified = attempt.lastModified ?? (attempt.notModified ? previous?.lastModified : nil)
                } else {
                    let failures = min(entry.failures ?? 0, Int.max - 1) + 1
                    entry.failures = failures
                    // Without the build's "now" there is no time to back off from: the source is tried at the next build.
                    entry.pausedUntil = now.map { SourceBackoff.pausedUntil(afterFailures: failures, at: $0) }
                }
            }
            state.sources[source.id] = entry
        }
        return state
    }
}
