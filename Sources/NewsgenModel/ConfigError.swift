/// A problem in `site.json` or `bookmarks.json`, naming the key path and, when it can be
/// found in the document, where it is written, in the `file:line:column: message` form
/// that compilers use and editors jump to:
/// `bookmarks.json:4:7: 'bookmarks[2].added' must be an RFC 3339 date …`.
/// Without a position it reads `site.json: 'sources[1].id' must be a string, found a number`.
public struct ConfigError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file as the user should read it (usually `site.json`).
    public var file: String
    public var message: String
    /// 1-based line of the value or key the message is about, when known.
    public var line: Int?
    /// 1-based column, in characters, when known.
    public var column: Int?

    public init(file: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.message = message
        self.line = line
        self.column = column
    }

    public init(file: String, message: String, at position: TextPlace?) {
        self.init(file: file, message: message, line: position?.line, column: position?.column)
    }

    public var description: String {
        guard let line else { return "\(file): \(message)" }
        guard let column else { return "\(file):\(line): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }
}
