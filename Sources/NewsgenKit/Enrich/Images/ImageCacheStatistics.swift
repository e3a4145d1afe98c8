/// What one `ImageCache` did, for the build summary, the tests and the
/// benchmark. Counts are of `image(for:)` / `localImage(at:)` answers.
public struct ImageCacheStatistics: Sendable, Equatable {
    /// Images downloaded (HTTP 200, accepted as images).
    public var downloads = 0
    /// Disk copies confirmed by a 304.
    public var revalidated = 0
    /// Answers served from memory (including a caller that waited for another
    /// thread fetching the same URL).
    public var memoryHits = 0
    /// Answers that were `.failed` (other than `offlineMisses`).
    public var failures = 0
    /// With `--offline`, answers for images the disk tier did not have: expected, not failures.
    public var offlineMisses = 0
    /// Disk copies served because the server failed (`ImageOrigin.stale`).
    public var staleServed = 0
    /// The most bytes the memory tier ever held at once; never above its bound.
    public var memoryBytesHighWater = 0

    public init() {}
}
