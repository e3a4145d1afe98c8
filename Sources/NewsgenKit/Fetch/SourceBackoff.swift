import Foundation
import NewsgenModel

/// How long a failing url source, or a failing host of article pages (ADR 024), is left
/// alone: after N ≥ 1 consecutive failures the next attempt is not before
/// `failure + min(base × 2^(N-1), cap)`, so an hourly CI build does not hammer a
/// publisher that is down, and one that is down for days is still tried once a day. It
/// is never dropped: the first answer resets the count (see README "Building"). The end
/// is worked out when the failure is counted and kept in state.json as `pausedUntil`
/// (ADR 053), so a build during the pause changes nothing there.
struct SourceBackoff: Sendable {
    /// The wait after the first failure: 15 minutes.
    static let base: TimeInterval = 15 * 60
    /// The longest wait: 24 hours.
    static let cap: TimeInterval = 24 * 60 * 60

    /// The wait after `failures` consecutive failures; 0 for none.
    static func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures >= 1 else { return 0 }
        return min(base * pow(2, Double(min(failures - 1, 32))), cap)
    }

    /// The earliest time the source may be tried again; nil when it may be tried now
    /// (no failures, or no readable end of the back-off).
    static func nextAttempt(_ entry: FetchState.Entry) -> Date? {
        guard let failures = entry.failures, failures >= 1 else { return nil }
        return entry.pausedUntil.flatMap(RFC3339.date(from:))
    }

    /// The end of the back-off after `failures` consecutive failures, the last at `moment` (RFC 3339, to the second).
    static func pausedUntil(afterFailures failures: Int, at moment: Date) -> String {
        RFC3339.string(from: moment.addingTimeInterval(delay(afterFailures: failures)))
    }

    /// The reason a source is not fetched at `now`, or nil when it is due. An end further than its
    /// failures' delay from `now`, which no build could have written (a clock that was wrong, a
    /// hand-edited file), does not hold: the source is tried, and its answer writes a true end.
    /// The end is said as a person reads it ("12:50 UTC (in 15 min)"), not as state.json keeps it.
    static func reasonToWait(_ entry: FetchState.Entry, now: Date) -> SourceReason? {
        guard let failures = entry.failures, let next = nextAttempt(entry), now < next,
              next <= now.addingTimeInterval(delay(afterFailures: failures)) else { return nil }
        return SourceReason(.backingOff, count: failures, time: next,
                            text: "backing off after \(failures) failure\(failures == 1 ? "" : "s"); next try after \(Wording.waitEnd(next, now: now))")
    }
}
