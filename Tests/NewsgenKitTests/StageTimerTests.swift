import Foundation
import Testing
@testable import NewsgenKit

/// The build's stage timer (`newsgen build --verbose`): laps add up per stage, in the order first seen.
@Suite("Stage timer")
struct StageTimerTests {
    @Test func stagesAddUpInOrder() {
        let ticks = Ticks([0, 1_000_000, 3_000_000, 3_500_000, 10_000_000])
        var timer = StageTimer(clock: { ticks.next() })
        timer.lap("load")
        timer.lap("fetch")
        timer.lap("parse")
        timer.lap("fetch")
        #expect(timer.times == [StageTime(stage: "load", seconds: 0.001), StageTime(stage: "fetch", seconds: 0.0085),
                                StageTime(stage: "parse", seconds: 0.0005)])
        var silent = StageTimer(clock: nil)
        silent.lap("load")
        #expect(silent.times.isEmpty)
    }

    /// A clock that reads out the given instants in turn.
    private final class Ticks: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [UInt64]
        init(_ values: [UInt64]) { self.values = values }
        func next() -> UInt64 { lock.withLock { values.isEmpty ? 0 : values.removeFirst() } }
    }
}
