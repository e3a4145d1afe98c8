/// A template that cannot be parsed, or a page template that does not exist.
///
/// Printed as `name:line:column: reason` (1-based), the form editors and CI logs
/// link to, e.g. `home.mustache:12:5: unclosed section 'articles'`. An error
/// with no position (line 0) prints as `name: reason`.
public struct MustacheError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The template's name as given to `MustacheTemplate` or `MustacheLibrary`.
    public let name: String
    /// 1-based line of the offending tag; 0 when the error has no position.
    public let line: Int
    /// 1-based column (in characters) of the offending tag; 0 with no position.
    public let column: Int
    /// What is wrong, in words.
    public let reason: String

    /// Made by the parser and the library; public so callers can build
    /// expected errors in their own tests.
    public init(name: String, line: Int, column: Int, reason: String) {
        self.name = name
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `name:line:column: reason`, or `name: reason` without a position;
    /// an unnamed template reads as `template`.
    public var description: String {
        let label = name.isEmpty ? "template" : name
        if line == 0 { return "\(label): \(reason)" }
        return "\(label):\(line):\(column): \(reason)"
    }
}
