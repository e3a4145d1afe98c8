/// One thing `newsgen check` found: a problem, a warning or a note, with the place it
/// is about (`file:line:column`, relative to the site, when there is one) so editors and
/// CI logs can jump to it.
public struct CheckFinding: Equatable, Sendable, CustomStringConvertible {
    /// Whether it fails the check.
    public var severity: CheckSeverity
    /// What part of the site it is about; the report's first sort key.
    public var area: CheckArea
    /// `file`, `file:line` or `file:line:column`, relative to the site folder; nil when the
    /// finding is about no one file (a url source).
    public var location: String?
    /// What is wrong, in words, without the location.
    public var message: String

    /// A finding; the message says what, `location` where.
    public init(_ severity: CheckSeverity, _ area: CheckArea, location: String? = nil, _ message: String) {
        self.severity = severity
        self.area = area
        self.location = location
        self.message = message
    }

    /// `location: message`, or the message alone when there is no location.
    public var description: String { location.map { "\($0): \(message)" } ?? message }
}

extension CheckFinding {
    /// The report's order: by area, then by file, line and column (numbers compared as numbers,
    /// findings without a location last), then as found.
    static func sorted(_ findings: [CheckFinding]) -> [CheckFinding] {
        let keyed = findings.enumerated().map { (index: $0.offset, key: SortKey($0.element.location), finding: $0.element) }
        return keyed.sorted { left, right in
            if left.finding.area != right.finding.area { return left.finding.area < right.finding.area }
            if left.key != right.key { return left.key < right.key }
            return left.index < right.index
        }.map(\.finding)
    }

    /// A location split into its file and trailing line and column numbers.
    private struct SortKey: Comparable {
        var hasLocation: Bool
        var file: String
        var line: Int
        var column: Int

        init(_ location: String?) {
            guard let location else {
                self = SortKey(hasLocation: false, file: "", line: 0, column: 0)
                return
            }
            var parts = location.split(separator: ":", omittingEmptySubsequences: false)
            var numbers: [Int] = []
            while numbers.count < 2, parts.count > 1, let last = parts.last, let number = Int(last) {
                numbers.insert(number, at: 0)
                parts.removeLast()
            }
            self = SortKey(hasLocation: true, file: parts.joined(separator: ":"),
                           line: numbers.first ?? 0, column: numbers.count > 1 ? numbers[1] : 0)
        }

        private init(hasLocation: Bool, file: String, line: Int, column: Int) {
            self.hasLocation = hasLocation
            self.file = file
            self.line = line
            self.column = column
        }

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            if lhs.hasLocation != rhs.hasLocation { return lhs.hasLocation }
            if lhs.file != rhs.file { return lhs.file < rhs.file }
            if lhs.line != rhs.line { return lhs.line < rhs.line }
            return lhs.column < rhs.column
        }
    }
}
