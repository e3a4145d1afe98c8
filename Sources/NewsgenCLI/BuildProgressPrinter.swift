import Foundation
import NewsgenKit
import NewsgenModel

/// How `newsgen build` shows its progress: a live "fetching 12/40 …" line on a
/// terminal, one line per source without one (CI logs), nothing with `--quiet`. The slow stages
/// after the feeds (extraction, images, thumbnails, rendering: `StageProgress`) get the same live
/// line on a terminal, redrawn at most every `liveInterval`, and without one a line at most every
/// `interval` seconds (`ProgressThrottle`), both on `clock`, the display's own.
final class BuildProgressPrinter: @unchecked Sendable {
    enum Mode: Equatable { case live, lines, silent }

    /// Without a terminal: at most one stage line this often (a CI log wants signs of life, not a flood).
    static let defaultInterval = 10.0
    /// On a terminal: the live line is redrawn no more often than this.
    static let liveInterval = 0.1

    let mode: Mode
    private let write: @Sendable (String) -> Void
    private let status: @Sendable (String) -> Void
    private let clock: @Sendable () -> Double
    private let lock = NSLock()
    private var liveLineShown = false
    private var throttle: ProgressThrottle
    /// When the stage now reported began (its first report, of nothing done yet), on `clock`.
    private var stageStart: (stage: StageProgress.Stage, at: Double)?

    /// `write` gets text exactly as it should appear (newlines and terminal codes included);
    /// `status`, the stage lines written without a terminal (standard error), `write` when not given.
    /// `clock` is monotonic seconds, for elapsed times and the throttle only.
    init(mode: Mode, write: @escaping @Sendable (String) -> Void, status: (@Sendable (String) -> Void)? = nil,
         interval: Double = defaultInterval, clock: @escaping @Sendable () -> Double = { 0 }) {
        self.mode = mode
        self.write = write
        self.status = status ?? write
        self.clock = clock
        throttle = ProgressThrottle(interval: mode == .live ? Self.liveInterval : interval, start: clock())
    }

    /// A slow stage's progress: redrawn live, or a line when the throttle allows.
    func report(_ progress: StageProgress) {
        lock.withLock {
            guard mode != .silent else { return }
            let now = clock()
            if stageStart?.stage != progress.stage || progress.done == 0 { stageStart = (progress.stage, now) }
            let text = StageProgressLine.text(progress, elapsed: now - (stageStart?.at ?? now))
            switch mode {
            case .silent: return
            case .lines:
                if throttle.allows(at: now) { status(text + "\n") }
            case .live:
                // The first and last of a stage always, so the line never shows a stage's stale count.
                guard throttle.allows(at: now) || progress.done == 0 || progress.done == progress.total else { return }
                write("\r\u{1B}[2K" + text)
                liveLineShown = true
            }
        }
    }

    /// The mode a person expects: quiet is silent, verbose lists every source, a terminal gets the live line.
    static func mode(verbosity: Command.Verbosity, terminal: Bool) -> Mode {
        switch verbosity {
        case .quiet: return .silent
        case .verbose: return .lines
        case .normal: return terminal ? .live : .lines
        }
    }

    func report(_ progress: BuildProgress) {
        lock.withLock {
            switch mode {
            case .silent: return
            case .lines:
                write("[\(progress.done)/\(progress.total)] \(progress.sourceID): \(Self.describe(progress.outcome))\n")
            case .live:
                // Carriage return and erase-line, so the line is redrawn in place.
                write("\r\u{1B}[2Kfetching \(progress.done)/\(progress.total) … \(progress.sourceID)")
                liveLineShown = true
            }
        }
    }

    /// Clears the live line, so what follows starts on a clean line.
    func finish() {
        lock.withLock {
            if liveLineShown { write("\r\u{1B}[2K") }
            liveLineShown = false
        }
    }

    static func describe(_ outcome: SourceOutcome) -> String {
        switch outcome {
        case .fresh(let count): return "ok, \(count) item\(count == 1 ? "" : "s")"
        case .notModified: return "not modified"
        case .skipped(let reason): return "skipped: \(reason)"
        case .failed(let reason): return "failed: \(reason)"
        }
    }
}
