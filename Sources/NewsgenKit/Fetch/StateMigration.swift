import Foundation
import NewsgenModel

/// Reading a state.json written before ADR 053, which kept the time of each entry's last
/// attempt and worked out the end of its back-off from it at every build: the end is worked
/// out once, when the file is read, and kept instead, so the back-off a failing source, host
/// or page was in goes on as it would have.
enum StateMigration {
    /// `lastAttempt + delay(failures)` (RFC 3339); nil without failures, without a readable
    /// last attempt, or when `delay` says the failures lead to no next attempt.
    static func pausedUntil(failures: Int?, lastAttempt: String?, delay: (Int) -> TimeInterval?) -> String? {
        guard let failures, failures >= 1, let last = lastAttempt.flatMap(RFC3339.date(from:)),
              let wait = delay(failures) else { return nil }
        return RFC3339.string(from: last.addingTimeInterval(wait))
    }

    /// The later of two RFC 3339 times (an unreadable one counts as absent): a host paused by its
    /// `Retry-After` and backing off waits for both.
    static func later(_ a: String?, _ b: String?) -> String? {
        switch (a.flatMap(RFC3339.date(from:)), b.flatMap(RFC3339.date(from:))) {
        case let (x?, y?): return x >= y ? a : b
        case (.some, nil): return a
        case (nil, .some): return b
        case (nil, nil): return a ?? b
        }
    }
}
