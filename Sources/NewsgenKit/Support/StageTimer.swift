/// How long one stage of a build took, for `newsgen build --verbose`.
public struct StageTime: Sendable, Equatable {
    public var stage: String
    public var seconds: Double
}

/// Laps through the build's stages with a clock the caller passes in (the
/// library never reads one itself); without a clock it records nothing.
struct StageTimer {
    private let clock: (@Sendable () -> UInt64)?
    private var last: UInt64
    private(set) var times: [StageTime] = []

    /// `clock` gives monotonic nanoseconds.
    init(clock: (@Sendable () -> UInt64)?) {
        self.clock = clock
        last = clock?() ?? 0
    }

    /// Ends the stage that began at the previous lap (or at the start), naming it `stage`;
    /// a stage that appears twice (fetching and parsing are interleaved) adds up.
    mutating func lap(_ stage: String) {
        guard let clock else { return }
        let now = clock()
        let seconds = Double(now &- last) / 1e9
        last = now
        if let index = times.firstIndex(where: { $0.stage == stage }) {
            times[index].seconds += seconds
        } else {
            times.append(StageTime(stage: stage, seconds: seconds))
        }
    }
}
