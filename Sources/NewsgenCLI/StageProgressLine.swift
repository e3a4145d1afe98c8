import Foundation
import NewsgenKit

/// The words of one progress line for a slow stage (issue 34): what is done of how much, what the
/// stage is at, the time it has taken and, once something is done, about how long it has left at
/// that pace. `elapsed` comes from the display's own clock; nothing of it reaches the site.
enum StageProgressLine {
    static func text(_ progress: StageProgress, elapsed: Double) -> String {
        var parts = ["\(verb(progress.stage)) \(progress.done)/\(progress.total)\(noun(progress.stage))"]
        if let detail = progress.detail, !detail.isEmpty { parts.append(detail) }
        var time = clock(elapsed)
        if let left = estimate(done: progress.done, total: progress.total, elapsed: elapsed) { time += ", about \(clock(left, roundingUp: true)) left" }
        parts.append(time)
        return parts.joined(separator: " · ")
    }

    /// Seconds left at the pace so far; nil before the first item or after the last.
    static func estimate(done: Int, total: Int, elapsed: Double) -> Double? {
        guard done > 0, total > done, elapsed > 0 else { return nil }
        return elapsed / Double(done) * Double(total - done)
    }

    /// `m:ss`, or `h:mm:ss` from an hour on; whole seconds, rounded down (time taken) or up (time left, so
    /// that "0:00 left" is never said while something is).
    static func clock(_ seconds: Double, roundingUp: Bool = false) -> String {
        let whole = Int(max(0, seconds).rounded(roundingUp ? .up : .down))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let ss = (rest < 10 ? "0" : "") + String(rest)
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):\(ss)" }
        return "\(minutes):\(ss)"
    }

    private static func verb(_ stage: StageProgress.Stage) -> String {
        switch stage {
        case .extract: return "extracting"
        case .images: return "images"
        case .thumbnails: return "thumbnails"
        case .render: return "rendering"
        }
    }

    private static func noun(_ stage: StageProgress.Stage) -> String {
        switch stage {
        case .extract: return " pages"
        case .images, .thumbnails: return ""
        case .render: return " files"
        }
    }
}

/// When a progress line may be written: at most once every `interval` seconds on the display's
/// clock, counted from the start (so a stage quicker than that says nothing in a CI log).
struct ProgressThrottle {
    let interval: Double
    private(set) var last: Double

    init(interval: Double, start: Double) {
        self.interval = interval
        last = start
    }

    /// True, and the time taken as the last line's, when a line may be written at `now`.
    mutating func allows(at now: Double) -> Bool {
        guard now - last >= interval else { return false }
        last = now
        return true
    }
}
