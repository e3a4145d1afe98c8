import NewsgenModel

/// One source's full text as `/sources/` shows it: how many of its articles hold text from their
/// page, how many wait for a later build, and how many failed, by reason (issue 17).
struct FullTextCounts: Sendable, Equatable {
    /// The source's mode (`fullText`, or the site's default).
    var mode: FullTextMode
    var extracted = 0
    /// Wanted but not read yet: over this build's budget, a paused or backing-off host, offline.
    var waiting = 0
    /// Failed articles by the reason of their last attempt, most frequent first (ties by reason).
    var failures: [(reason: String, count: Int)] = []

    var failed: Int { failures.reduce(0) { $0 + $1.count } }

    init(mode: FullTextMode, extracted: Int = 0, waiting: Int = 0, failures: [String: Int] = [:]) {
        self.mode = mode
        self.extracted = extracted
        self.waiting = waiting
        self.failures = failures.map { ($0.key, $0.value) }.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
    }

    static func == (a: FullTextCounts, b: FullTextCounts) -> Bool {
        a.mode == b.mode && a.extracted == b.extracted && a.waiting == b.waiting
            && a.failures.map(\.reason) == b.failures.map(\.reason) && a.failures.map(\.count) == b.failures.map(\.count)
    }
}
