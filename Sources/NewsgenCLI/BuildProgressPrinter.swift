import Foundation
import NewsgenKit
import NewsgenModel

/// How `newsgen build` shows its progress: a live "fetching 12/40 …" line on a
/// terminal, one line per source without one (CI logs), nothing with `--quiet`.
final class BuildProgressPrinter: @unchecked Sendable {
    enum Mode: Equatable { case live, lines, silent }

    let mode: Mode
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private var liveLineShown = false

    /// `write` gets text exactly as it should appear (newlines and terminal codes included).
    init(mode: Mode, write: @escaping @Sendable (String) -> Void) {
        self.mode = mode
        self.write = write
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
