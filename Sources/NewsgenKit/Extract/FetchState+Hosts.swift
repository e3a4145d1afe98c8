import Foundation
import NewsgenModel

/// How a host's memory in state.json decides, at the start of a build, whether its pages
/// are asked for, and how an answer changes it (ADR 024). One time is kept, the end of the
/// pause (ADR 053): what its `Retry-After` asked or the end of its back-off, the later one.
extension FetchState.Host {
    /// The longest a host is left alone, whatever it asked or however often it failed: 24 hours.
    static let longestPause: TimeInterval = SourceBackoff.cap

    /// The memory with dates no build could have written corrected: a pause longer than
    /// `longestPause` from `now` (a clock that was wrong, a hand-edited file) is cut to it,
    /// so no entry keeps a host waiting for ever.
    func corrected(at now: Date) -> FetchState.Host {
        var host = self
        if let until = pausedUntil.flatMap(RFC3339.date(from:)), until > now.addingTimeInterval(Self.longestPause) {
            host.pausedUntil = RFC3339.string(from: now.addingTimeInterval(Self.longestPause))
        }
        return host
    }

    /// Why the host's pages wait at `now`, or nil when it may be asked: backing off while
    /// failures are counted, paused by its `Retry-After` otherwise.
    func wait(at now: Date) -> PageWait? {
        guard let until = pausedUntil.flatMap(RFC3339.date(from:)), until > now else { return nil }
        return (failures ?? 0) >= 1 ? .hostBackingOff(until: until) : .hostPaused(until: until)
    }

    /// What is worth keeping: nil for a memory of nothing. A pause that is over is kept, and
    /// dropped only when the host answers (`PageScheduler`): time passing alone does not change the file.
    func kept() -> FetchState.Host? {
        var host = self
        if (failures ?? 0) < 1 { host.failures = nil }
        return host.pausedUntil == nil && host.failures == nil ? nil : host
    }

    /// After a failure at `moment`: one more failure counted (it cannot overflow), paused until
    /// the end of its back-off, or of a `Retry-After` pause that lasts longer.
    func failing(at moment: Date) -> FetchState.Host {
        let count = Swift.max(0, Swift.min(failures ?? 0, Int.max - 1)) + 1
        let backoff = SourceBackoff.pausedUntil(afterFailures: count, at: moment)
        return FetchState.Host(pausedUntil: StateMigration.later(pausedUntil, backoff), failures: count)
    }

    /// After a `Retry-After` of `seconds` at `moment` (at most `longestPause`): paused until then,
    /// rounded up to the second; failures counted so far kept.
    func paused(for seconds: Double, at moment: Date) -> FetchState.Host {
        let until = moment.addingTimeInterval(Swift.min(Swift.max(0, seconds), Self.longestPause))
        return FetchState.Host(pausedUntil: RFC3339.string(from: Date(timeIntervalSince1970: until.timeIntervalSince1970.rounded(.up))),
                               failures: failures)
    }
}
