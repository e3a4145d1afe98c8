import Foundation
import NewsgenKit
import NewsgenModel

extension NewsgenCLI {
    /// `newsgen check`: every finding on standard output in the report's order (a problem as
    /// `error:`, then `warning:` and `note:`), then a last line with the counts; exit 1 when
    /// there is any problem.
    static func check(_ arguments: Command.CheckArguments, _ context: Context) -> Int32 {
        var options = SiteCheckOptions(offline: arguments.offline, output: arguments.output.map { context.url($0) })
        options.network = context.network
        let report = SiteCheck.run(siteDirectory: context.url(arguments.site), options: options)
        let console = context.console
        for (severity, line) in CheckSummary.lines(report) {
            console.report(severity, line)
        }
        console.print(CheckSummary.line(report))
        return report.hasProblems ? exitFailure : exitSuccess
    }
}

extension CheckSeverity {
    /// A problem prints as `error:`, as compilers print what must be fixed.
    var terminalSeverity: TerminalStyle.Severity {
        switch self {
        case .problem: return .error
        case .warning: return .warning
        case .note: return .note
        }
    }
}

/// What `newsgen check` prints: its findings, then a line with the counts.
enum CheckSummary {
    /// Pages shown for one broken link before the rest are counted in a note: a broken link
    /// in a template is on every page, and thousands of identical lines would hide the others.
    static let pagesShownPerLink = 3

    /// Each finding as a labelled line, in report order, with repeats of one broken link cut short.
    static func lines(_ report: CheckReport) -> [(TerminalStyle.Severity, String)] {
        var perLink: [String: Int] = [:]
        for finding in report.findings where finding.area == .links { perLink[finding.message, default: 0] += 1 }
        var shown: [String: Int] = [:]
        var lines: [(TerminalStyle.Severity, String)] = []
        for finding in report.findings {
            guard finding.area == .links, let total = perLink[finding.message], total > pagesShownPerLink else {
                lines.append((finding.severity.terminalSeverity, finding.description))
                continue
            }
            shown[finding.message, default: 0] += 1
            let count = shown[finding.message] ?? 0
            if count <= pagesShownPerLink { lines.append((finding.severity.terminalSeverity, finding.description)) }
            if count == pagesShownPerLink {
                lines.append((.note, "\(finding.message) is also on \(Wording.counted(total - pagesShownPerLink, "more page")) "
                              + "(a link in a template?)"))
            }
        }
        return lines
    }

    /// The counts, then what was checked; when site.json could not be read nothing was, and the line says so.
    static func line(_ report: CheckReport) -> String {
        let problems = report.problemCount
        let warnings = report.warningCount
        let checked = report.checkedSummary.isEmpty ? "nothing else could be checked"
                                                    : "checked " + report.checkedSummary.joined(separator: ", ")
        if problems == 0 {
            let tail = warnings == 0 ? "" : ", \(Wording.counted(warnings, "warning"))"
            return "check: no problems\(tail) (\(checked))."
        }
        return "check: \(Wording.counted(problems, "problem")), \(Wording.counted(warnings, "warning")) (\(checked))."
    }
}
