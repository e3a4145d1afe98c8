import Testing
@testable import NewsgenCLI
import NewsgenKit

@Suite struct CheckSummaryTests {
    static func brokenLink(_ page: Int) -> CheckFinding {
        CheckFinding(.problem, .links, location: "public/p\(page)/index.html:3:9", "broken link '/nowhere/'")
    }

    @Test func oneBrokenLinkOnManyPagesIsShownThreeTimesThenCounted() {
        let report = CheckReport(findings: (1...5).map(Self.brokenLink)
                                 + [CheckFinding(.problem, .links, location: "public/index.html:9:1", "broken link 'a.png'")],
                                 checkedSummary: ["6 pages, 6 links"])
        let lines = CheckSummary.lines(report).map { "\($0.0): \($0.1)" }
        #expect(lines == [
            "error: public/p1/index.html:3:9: broken link '/nowhere/'",
            "error: public/p2/index.html:3:9: broken link '/nowhere/'",
            "error: public/p3/index.html:3:9: broken link '/nowhere/'",
            "note: broken link '/nowhere/' is also on 2 more pages (a link in a template?)",
            "error: public/index.html:9:1: broken link 'a.png'",
        ])
        #expect(CheckSummary.line(report) == "check: 6 problems, 0 warnings (checked 6 pages, 6 links).")
    }

    @Test func threePagesAreAllShown() {
        let report = CheckReport(findings: (1...3).map(Self.brokenLink))
        #expect(CheckSummary.lines(report).count == 3)
    }

    @Test func noProblemsSaysWhatWasChecked() {
        let warning = CheckFinding(.warning, .sources, "source 'x': the feed has no items")
        #expect(CheckSummary.lines(CheckReport(findings: [warning])).map { "\($0.0): \($0.1)" }
                == ["warning: source 'x': the feed has no items"])
        #expect(CheckSummary.line(CheckReport(findings: [warning], checkedSummary: ["site.json", "3 sources"]))
                == "check: no problems, 1 warning (checked site.json, 3 sources).")
        #expect(CheckSummary.line(CheckReport(findings: [], checkedSummary: ["site.json"])) == "check: no problems (checked site.json).")
    }

    /// site.json could not be loaded, so nothing was checked: no empty "(checked )".
    @Test func nothingCheckedIsSaidInWords() {
        let problem = CheckFinding(.problem, .siteJSON, location: "site.json:2:1", "unexpected end of file")
        #expect(CheckSummary.line(CheckReport(findings: [problem], checkedSummary: []))
                == "check: 1 problem, 0 warnings (nothing else could be checked).")
    }
}
