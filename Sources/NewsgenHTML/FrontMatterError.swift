/// Why a Markdown article's front matter was refused, and where: `line` counts
/// in the whole file (the `---` line is line 1) and `column` in characters, both
/// from 1, so the caller can print `content/articles/x.md:4:7: reason`.
public struct FrontMatterError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var reason: String

    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line:column: reason`; the caller puts the file's path in front.
    public var description: String { "\(line):\(column): \(reason)" }
}
