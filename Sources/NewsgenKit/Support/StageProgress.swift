import Foundation

/// How far one of the slow stages of a build has got (issue 34): for a progress display, never
/// for what is rendered. It carries counts and names only; the display keeps its own clock.
public struct StageProgress: Sendable, Equatable {
    /// The stages that can take seconds after the feeds are in (the feeds have `BuildProgress`).
    public enum Stage: String, Sendable, Equatable, CaseIterable {
        /// Article pages fetched and extracted for their full text.
        case extract
        /// Images fetched (or found in the cache).
        case images
        /// Thumbnails made (or found made) of the articles' own images.
        case thumbnails
        /// Pages rendered.
        case render
    }

    public var stage: Stage
    /// Items done so far, this one included, and in all.
    public var done: Int
    public var total: Int
    /// What the stage is at: the host of the page just read, for extraction.
    public var detail: String?

    public init(stage: Stage, done: Int, total: Int, detail: String? = nil) {
        self.stage = stage
        self.done = done
        self.total = total
        self.detail = detail
    }
}

/// Counts a stage's items as they finish, on whichever thread they finish, and tells the listener:
/// first of nothing done (the stage has begun, so a display can start its clock), then of each item.
final class StageCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let stage: StageProgress.Stage
    private let total: Int
    private let report: (@Sendable (StageProgress) -> Void)?

    init(_ stage: StageProgress.Stage, total: Int, report: (@Sendable (StageProgress) -> Void)?) {
        self.stage = stage
        self.total = total
        self.report = report
        if total > 0 { report?(StageProgress(stage: stage, done: 0, total: total)) }
    }

    /// One more item is done; `detail` says what it was.
    func finished(detail: String? = nil) {
        guard let report else { return }
        lock.withLock {
            done += 1
            report(StageProgress(stage: stage, done: done, total: total, detail: detail))
        }
    }
}
