/// A build's full-text work, for its summary line.
public struct FullTextSummary: Sendable, Equatable {
    /// Pages whose text this build put in the archive.
    public var extracted = 0
    /// Pages wanted but left for a later build (budget, paused host, offline).
    public var waiting = 0
    /// Pages that gave no text in this build.
    public var failed = 0
    /// Of `extracted`, pages that gave less than their feed, whose text is kept (ADR 064).
    public var feedKept = 0

    public init(extracted: Int = 0, waiting: Int = 0, failed: Int = 0, feedKept: Int = 0) {
        self.extracted = extracted
        self.waiting = waiting
        self.failed = failed
        self.feedKept = feedKept
    }
}
