/// What the Enrich cache did in one build, for the build summary and the tests.
public struct EnrichStatistics: Sendable, Equatable {
    /// Articles sanitized in this build: new, changed, or not found whole in the cache.
    public var sanitized = 0
    /// Articles whose prepared text the cache held from an earlier build.
    public var reused = 0

    public init(sanitized: Int = 0, reused: Int = 0) {
        self.sanitized = sanitized
        self.reused = reused
    }
}
