/// A place in a text file, 1-based, as diagnostics print it (`file:line:column`).
public struct TextPlace: Equatable, Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
