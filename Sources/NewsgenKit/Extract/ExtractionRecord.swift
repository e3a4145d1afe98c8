import Foundation
import NewsgenModel

/// What state.json remembers of one article's page between builds (`FetchState.pages`): failed
/// attempts at its full text, so a page that fails is retried with back-off and at most
/// `maxAttempts` times for one version of the feed's item, and a refresh asked for by
/// `newsgen archive refresh`. An article whose page was read needs no record: its `FullText` is in the archive.
struct ExtractionRecord: Equatable, Sendable {
    /// Attempts after which a page is left alone until its feed item changes or a refresh is asked for.
    static let maxAttempts = 4
    /// The wait before the next attempt after 1, 2 and 3 failures: an hour, six hours, a day.
    static let delays: [TimeInterval] = [3_600, 6 * 3_600, 24 * 3_600]

    /// Failed attempts for the item version `feedStamp`.
    var failures: Int = 0
    /// RFC 3339: the earliest next attempt, set when a failure is counted (ADR 053); nil once the
    /// attempts are used up, so that a build that leaves the page alone does not change the record.
    var pausedUntil: String?
    /// Why the last attempt failed, as the warning said it (for `/sources/`).
    var reason: String?
    /// `FullText.stamp` of the item when the failures were counted: a changed item starts again.
    var feedStamp: String?
    /// `newsgen archive refresh` asked for the page to be read again at the next build.
    var refresh: Bool = false

    /// True once the attempts for this version of the item are used up.
    var gaveUp: Bool { failures >= Self.maxAttempts }

    /// The wait after `failures` failed attempts; nil for none, or once the attempts are used up.
    static func delay(afterFailures failures: Int) -> TimeInterval? {
        guard failures >= 1, failures < maxAttempts else { return nil }
        return delays[min(failures, delays.count) - 1]
    }

    /// The earliest time of the next attempt; nil when it may be tried now.
    func nextAttempt() -> Date? {
        guard failures >= 1, !gaveUp else { return nil }
        return pausedUntil.flatMap(RFC3339.date(from:))
    }

    /// True when the page may be read at `now` for the item whose stamp is `stamp`.
    func isDue(now: Date, stamp: String) -> Bool {
        if refresh || feedStamp != stamp { return true }
        if gaveUp { return false }
        guard let next = nextAttempt() else { return true }
        return now >= next
    }

    /// The record after a failed attempt at `now` for the item `stamp`.
    func failed(_ reason: String, now: Date, stamp: String) -> ExtractionRecord {
        let count = (feedStamp == stamp && !refresh ? failures : 0) + 1
        let until = Self.delay(afterFailures: count).map { RFC3339.string(from: now.addingTimeInterval($0)) }
        return ExtractionRecord(failures: count, pausedUntil: until, reason: reason, feedStamp: stamp)
    }
}
