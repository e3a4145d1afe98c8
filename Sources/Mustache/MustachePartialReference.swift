/// One `{{>name}}` tag in a template, where it is written: so a tool that checks
/// a theme (`newsgen check`) can point at a partial that names no template, in the
/// `name:line:column` form of `MustacheError`, without rendering anything.
public struct MustachePartialReference: Sendable, Equatable, CustomStringConvertible {
    /// The partial's name as written in the tag.
    public let name: String
    /// 1-based line of the tag's opening delimiter.
    public let line: Int
    /// 1-based column (in characters) of the tag's opening delimiter.
    public let column: Int
    /// True when the tag is inside a section or an inverted section, so the data decides whether
    /// (and how often) it is expanded; false when every render of the template expands it.
    public let insideSection: Bool

    /// Made by the parser; public so callers can build expected values in their own tests.
    public init(name: String, line: Int, column: Int, insideSection: Bool = false) {
        self.name = name
        self.line = line
        self.column = column
        self.insideSection = insideSection
    }

    /// `line:column: name`, for test failures and debugging.
    public var description: String { "\(line):\(column): \(name)" }
}
