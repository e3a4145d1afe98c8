import NewsgenModel

/// One source's full text as `/sources/` shows it: how many of its articles hold text from their
/// page, how many wait for a later build, and how many failed, by reason (issue 17); of those with
/// text, how many are behind a wall and how many keep the feed's text because their page gave less (issue 35).
struct FullTextCounts: Sendable, Equatable {
    /// The source's mode (`fullText`, or the site's default).
    var mode: FullTextMode
    var extracted = 0
    /// Of `extracted`, those whose feed's text is kept: their page gave less (ADR 064).
    var feedKept = 0
    /// Of `extracted`, those whose page showed its text behind a wall, by wall.
    var walls: [FullText.Wall: Int] = [:]
    /// Wanted but not read yet: over this build's budget, a paused or backing-off host, offline.
    var waiting = 0
    /// Failed articles by the reason of their last attempt.
    var failuresByReason: [String: Int] = [:]

    var failed: Int { failuresByReason.values.reduce(0, +) }

    /// Counts an article that holds `text` from its page.
    mutating func count(_ text: FullText) {
        extracted += 1
        if text.feedKept != nil { feedKept += 1 }
        if let wall = text.wall { walls[wall, default: 0] += 1 }
    }

    /// Most frequent first, ties by reason, so the page is the same for the same input.
    var failures: [(reason: String, count: Int)] {
        failuresByReason.map { ($0.key, $0.value) }.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
    }
}
