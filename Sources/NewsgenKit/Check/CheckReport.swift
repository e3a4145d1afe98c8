/// What `newsgen check` found, in a fixed order (area, then location), and what it
/// looked at, for the command line to print. Problems mean exit 1.
public struct CheckReport: Sendable {
    /// Sorted by area, then file, line and column.
    public var findings: [CheckFinding]
    /// What was checked, one entry an area, e.g. `12 templates (2 from templates/)`,
    /// `3 sources (1 skipped: offline)`, `1,204 pages, 9,310 links`.
    public var checkedSummary: [String]

    /// A report of `findings` as given (`SiteCheck.run` sorts them).
    public init(findings: [CheckFinding], checkedSummary: [String] = []) {
        self.findings = findings
        self.checkedSummary = checkedSummary
    }

    /// True when at least one finding is a problem: the check fails.
    public var hasProblems: Bool { findings.contains { $0.severity == .problem } }

    /// Problems in all areas: the `N problems` of the summary line.
    public var problemCount: Int { count(.problem) }
    /// Warnings in all areas: the `M warnings` of the summary line.
    public var warningCount: Int { count(.warning) }

    /// Findings of `severity`, in one area or in all.
    public func count(_ severity: CheckSeverity, in area: CheckArea? = nil) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity && (area == nil || $1.area == area) ? 1 : 0) }
    }

    /// The findings about one area, in report order.
    public func findings(in area: CheckArea) -> [CheckFinding] {
        findings.filter { $0.area == area }
    }
}
