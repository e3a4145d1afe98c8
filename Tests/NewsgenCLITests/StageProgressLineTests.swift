import Foundation
import Testing
@testable import NewsgenCLI
@testable import NewsgenKit

/// The progress lines of the slow stages (issue 34): their words, the estimate, and how often they
/// are written, on a clock the test moves by hand.
@Suite("Stage progress lines")
struct StageProgressLineTests {
    /// A clock the test sets.
    private final class HandClock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 100.0
        func read() -> Double { lock.withLock { seconds } }
        func set(_ value: Double) { lock.withLock { seconds = value } }
    }

    private func extract(_ done: Int, of total: Int, _ host: String? = "example.org") -> StageProgress {
        StageProgress(stage: .extract, done: done, total: total, detail: host)
    }

    @Test func aLineSaysCountHostElapsedAndAnEstimate() {
        #expect(StageProgressLine.text(extract(10, of: 40), elapsed: 30) == "extracting 10/40 pages · example.org · 0:30, about 1:30 left")
        #expect(StageProgressLine.text(extract(0, of: 40, nil), elapsed: 0) == "extracting 0/40 pages · 0:00")
        #expect(StageProgressLine.text(extract(40, of: 40), elapsed: 125.2) == "extracting 40/40 pages · example.org · 2:05")
        #expect(StageProgressLine.text(StageProgress(stage: .render, done: 300, total: 900), elapsed: 2)
                == "rendering 300/900 files · 0:02, about 0:04 left")
        #expect(StageProgressLine.text(StageProgress(stage: .images, done: 1, total: 3), elapsed: 0.5) == "images 1/3 · 0:00, about 0:01 left")
        #expect(StageProgressLine.text(StageProgress(stage: .thumbnails, done: 2, total: 4), elapsed: 1) == "thumbnails 2/4 · 0:01, about 0:01 left")
    }

    @Test func timesReadAsMinutesAndHours() {
        #expect(StageProgressLine.clock(0) == "0:00")
        #expect(StageProgressLine.clock(59.9) == "0:59")
        #expect(StageProgressLine.clock(59.1, roundingUp: true) == "1:00")
        #expect(StageProgressLine.clock(3725) == "1:02:05")
        #expect(StageProgressLine.estimate(done: 0, total: 5, elapsed: 3) == nil)
        #expect(StageProgressLine.estimate(done: 5, total: 5, elapsed: 3) == nil)
        #expect(StageProgressLine.estimate(done: 1, total: 5, elapsed: 3) == 12)
    }

    @Test func withoutATerminalAStageLineIsWrittenAtMostOnceAnInterval() {
        let clock = HandClock()
        let output = Transcript(), errors = Transcript()
        let printer = BuildProgressPrinter(mode: .lines, write: output.append, status: errors.append, interval: 10, clock: clock.read)
        printer.report(extract(0, of: 4))
        clock.set(104)
        printer.report(extract(1, of: 4))
        #expect(errors.text == "", "a stage under ten seconds old says nothing")
        clock.set(110)
        printer.report(extract(2, of: 4))
        clock.set(119.9)
        printer.report(extract(3, of: 4))
        clock.set(120)
        printer.report(extract(4, of: 4))
        printer.finish()
        #expect(errors.text == """
            extracting 2/4 pages · example.org · 0:10, about 0:10 left
            extracting 4/4 pages · example.org · 0:20

            """)
        #expect(output.text == "", "standard output keeps the per-source lines and the summary only")
    }

    @Test func onATerminalTheLiveLineIsRedrawnNoMoreThanTenTimesASecond() {
        let clock = HandClock()
        let transcript = Transcript()
        let printer = BuildProgressPrinter(mode: .live, write: transcript.append, interval: 10, clock: clock.read)
        printer.report(StageProgress(stage: .render, done: 0, total: 3))
        clock.set(100.05)
        printer.report(StageProgress(stage: .render, done: 1, total: 3))
        clock.set(100.2)
        printer.report(StageProgress(stage: .render, done: 2, total: 3))
        clock.set(100.21)
        printer.report(StageProgress(stage: .render, done: 3, total: 3))
        printer.finish()
        #expect(transcript.text == "\r\u{1B}[2Krendering 0/3 files · 0:00\r\u{1B}[2Krendering 2/3 files · 0:00, about 0:01 left"
                + "\r\u{1B}[2Krendering 3/3 files · 0:00\r\u{1B}[2K")
    }

    @Test func quietWritesNoStageLine() {
        let clock = HandClock()
        let transcript = Transcript()
        let printer = BuildProgressPrinter(mode: .silent, write: transcript.append, status: transcript.append, interval: 0, clock: clock.read)
        for done in 0...3 {
            clock.set(100 + Double(done) * 20)
            printer.report(extract(done, of: 3))
        }
        printer.finish()
        #expect(transcript.text == "")
    }

    @Test func theIntervalComesFromTheEnvironmentWhenItIsANumberAboveZero() {
        #expect(NewsgenCLI.progressInterval(environment: [:]) == 10)
        #expect(NewsgenCLI.progressInterval(environment: ["NEWSGEN_PROGRESS_INTERVAL": "0.5"]) == 0.5)
        #expect(NewsgenCLI.progressInterval(environment: ["NEWSGEN_PROGRESS_INTERVAL": "0"]) == 10)
        #expect(NewsgenCLI.progressInterval(environment: ["NEWSGEN_PROGRESS_INTERVAL": "soon"]) == 10)
    }
}
