/// A place in a text file, 1-based, as diagnostics print it (`file:line:column`):
/// where a feed's XML broke, where a JSON value is written (`JSONElement.place`).
public struct TextPlace: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, to follow a file name and a colon.
    public var description: String { "\(line):\(column)" }
}
