/// How `ImageCache` obtained an image: for statistics, and so the build can
/// warn when it had to use an old copy.
public enum ImageOrigin: Sendable, Equatable {
    /// Already in memory in this build: no disk, no network.
    case memory
    /// From the disk cache, fresh: the server answered 304 to a conditional
    /// GET (or it did so earlier in this build).
    case disk
    /// Downloaded now (200) and stored in both tiers.
    case downloaded
    /// From the disk cache although it could not be revalidated: the server
    /// failed for `reason` (a stale copy beats no image).
    case stale(reason: String)
    /// Read from a local file (an image next to a Markdown article).
    case file
}
