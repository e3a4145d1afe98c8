import Foundation
import Testing
@testable import NewsgenCLI
@testable import NewsgenKit

/// What `newsgen build` prints: progress per source and the summary at the end.
@Suite("Build output")
struct BuildOutputTests {
    private func progress(_ id: String, _ outcome: SourceOutcome, _ done: Int, of total: Int) -> BuildProgress {
        BuildProgress(sourceID: id, outcome: outcome, done: done, total: total)
    }

    @Test func withoutATerminalEachSourceGetsALine() {
        let transcript = Transcript()
        let printer = BuildProgressPrinter(mode: .lines, write: transcript.append)
        printer.report(progress("wire", .fresh(itemCount: 1), 1, of: 3))
        printer.report(progress("paper", .notModified, 2, of: 3))
        printer.report(progress("blog", .failed(reason: "https://blog.example/feed: the server answered HTTP 500"), 3, of: 3))
        printer.finish()
        #expect(transcript.text == """
            [1/3] wire: ok, 1 item
            [2/3] paper: not modified
            [3/3] blog: failed: https://blog.example/feed: the server answered HTTP 500

            """)
    }

    @Test func onATerminalOneLineIsRedrawnAndClearedAtTheEnd() {
        let transcript = Transcript()
        let printer = BuildProgressPrinter(mode: .live, write: transcript.append)
        printer.report(progress("wire", .fresh(itemCount: 4), 1, of: 2))
        printer.report(progress("paper", .skipped(reason: "backing off"), 2, of: 2))
        printer.finish()
        printer.finish()
        #expect(transcript.text == "\r\u{1B}[2Kfetching 1/2 … wire\r\u{1B}[2Kfetching 2/2 … paper\r\u{1B}[2K")
    }

    @Test func quietPrintsNothing() {
        let transcript = Transcript()
        let printer = BuildProgressPrinter(mode: .silent, write: transcript.append)
        printer.report(progress("wire", .fresh(itemCount: 4), 1, of: 1))
        printer.finish()
        #expect(transcript.text == "")
    }

    @Test(arguments: [(Command.Verbosity.quiet, true, BuildProgressPrinter.Mode.silent), (.quiet, false, .silent),
                      (.normal, true, .live), (.normal, false, .lines), (.verbose, true, .lines), (.verbose, false, .lines)])
    func theModeFollowsTheTerminalAndTheFlags(verbosity: Command.Verbosity, terminal: Bool, mode: BuildProgressPrinter.Mode) {
        #expect(BuildProgressPrinter.mode(verbosity: verbosity, terminal: terminal) == mode)
    }

    @Test func theSummarySaysWhatChangedWhatFailedAndHowLong() {
        var report = BuildReport(sources: [("wire", .fresh(itemCount: 3)), ("blog", .failed(reason: "gone"))], articleCount: 12,
                                 pageCount: 15, output: URL(fileURLWithPath: "/site/public"), warnings: [BuildWarning("blog failed")],
                                 changes: ArchiveChanges(new: 2, updated: 1, unchanged: 9), duplicateCount: 0)
        #expect(BuildSummary.line(report, outputShownAs: "public", seconds: 1.234)
                == "Built 12 articles into public/ (15 pages) in 1.23 s: 2 new, 1 updated, 9 unchanged; 2 sources, 1 failed; 1 warning.")
        report.changes.pruned = 4
        report.duplicateCount = 1
        report.warnings = []
        report.sources = [("wire", .notModified)]
        #expect(BuildSummary.line(report, outputShownAs: "out", seconds: 0.05)
                == "Built 12 articles into out/ (15 pages) in 0.05 s: 2 new, 1 updated, 9 unchanged; 4 removed by the retention policy; 1 duplicate not listed; 1 source, 0 failed.")
    }

    @Test func stagesPrintInOrderWithMilliseconds() {
        #expect(BuildSummary.stages([StageTime(stage: "load", seconds: 0.001), StageTime(stage: "fetch", seconds: 0.0085),
                                     StageTime(stage: "parse", seconds: 0.0005)])
                == "Stages: load 0.001 s, fetch 0.009 s, parse 0.001 s.")
    }
}
