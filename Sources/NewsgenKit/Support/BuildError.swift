/// Why a command failed, as one line a person can act on. `BuildError` ends
/// the build with nothing published; per-source problems are `BuildWarning`s instead.
public struct BuildError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file the problem is in, as the user would type it (relative to the site when possible).
    public var path: String?
    public var reason: String

    public init(path: String? = nil, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}

/// A problem the build survives (a source that failed, an article with bad front matter):
/// reported, and summed up at the end.
public struct BuildWarning: Equatable, CustomStringConvertible, Sendable {
    public var path: String?
    public var reason: String

    public init(path: String? = nil, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}
