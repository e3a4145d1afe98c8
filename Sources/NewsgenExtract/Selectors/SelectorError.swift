/// Why a selector cannot be used: where (1-based, in characters, as written) and what was wrong,
/// for `check` to print after the key (`sources[2].fullText.select: expected a name after '.' at 9`).
public struct SelectorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based character position in the selector as written; nil when libxml2 gave none.
    public var position: Int?
    public var reason: String

    public init(position: Int?, reason: String) {
        self.position = position
        self.reason = reason
    }

    public var description: String { position.map { "\(reason) at \($0)" } ?? reason }
}
