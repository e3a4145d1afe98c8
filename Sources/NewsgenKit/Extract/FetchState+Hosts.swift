import Foundation
import NewsgenModel

/// How a host's memory in state.json decides, at the start of a build, whether its pages
/// are asked for, and how an answer changes it (ADR 024).
extension FetchState.Host {
    /// The longest a host is left alone, whatever it asked or however often it failed: 24 hours.
    static let longestPause: TimeInterval = SourceBackoff.cap

    /// The memory with dates no build could have written corrected: a pause longer than
    /// `longestPause` from `now` is cut to it, and a last attempt after `now` (a clock
    /// that was wrong) is taken as `now`, so no entry keeps a host waiting for ever.
    func corrected(at now: Date) -> FetchState.Host {
        var host = self
        if let until = pausedUntil.flatMap(RFC3339.date(from:)), until > now.addingTimeInterval(Self.longestPause) {
            host.pausedUntil = RFC3339.string(from: now.addingTimeInterval(Self.longestPause))
        }
        if let last = lastAttempt.flatMap(RFC3339.date(from:)), last > now { host.lastAttempt = RFC3339.string(from: now) }
        return host
    }

    /// Why the host's pages wait at `now`, or nil when it may be asked.
    func wait(at now: Date) -> PageWait? {
        if let until = pausedUntil.flatMap(RFC3339.date(from:)), until > now { return .hostPaused(until: until) }
        if let next = SourceBackoff.nextAttempt(failures: failures, lastAttempt: lastAttempt), next > now {
            return .hostBackingOff(until: next)
        }
        return nil
    }

    /// What is still worth keeping at `now`: nil once a pause is over and no failure is counted.
    func kept(at now: Date) -> FetchState.Host? {
        var host = self
        if !(pausedUntil.flatMap(RFC3339.date(from:)).map { $0 > now } ?? false) { host.pausedUntil = nil }
        if (failures ?? 0) < 1 { host.failures = nil }
        return host.pausedUntil == nil && host.failures == nil ? nil : host
    }

    /// After a failure at `moment`: one more failure counted (it cannot overflow), the attempt's time.
    func failing(at moment: Date) -> FetchState.Host {
        FetchState.Host(pausedUntil: nil, failures: Swift.max(0, Swift.min(failures ?? 0, Int.max - 1)) + 1,
                        lastAttempt: RFC3339.string(from: moment))
    }

    /// After a `Retry-After` of `seconds` at `moment` (at most `longestPause`): paused until then,
    /// rounded up to the second; failures counted so far kept.
    func paused(for seconds: Double, at moment: Date) -> FetchState.Host {
        let until = moment.addingTimeInterval(Swift.min(Swift.max(0, seconds), Self.longestPause))
        return FetchState.Host(pausedUntil: RFC3339.string(from: Date(timeIntervalSince1970: until.timeIntervalSince1970.rounded(.up))),
                               failures: failures, lastAttempt: RFC3339.string(from: moment))
    }
}
