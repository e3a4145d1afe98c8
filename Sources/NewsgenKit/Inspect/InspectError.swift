/// Why `newsgen inspect` could not show a feed: the file or URL as the user
/// gave it and the reason, printed as `error: SOURCE: REASON`.
public struct InspectError: Error, Equatable, CustomStringConvertible, Sendable {
    public var source: String
    public var reason: String
    /// The argument itself must be fixed (a URL without its scheme): a usage error, exit 64.
    public var isUsage: Bool

    /// An error about `source` (as the user typed it) for `reason` (one line, no source in it).
    public init(source: String, _ reason: String, isUsage: Bool = false) {
        self.source = source
        self.reason = reason
        self.isUsage = isUsage
    }

    public var description: String { "\(source): \(reason)" }
}
