import NewsgenModel

/// What happened to one source in this build: the app's load state, made static.
public enum SourceOutcome: Equatable, Sendable {
    /// Read and parsed; `itemCount` items.
    case fresh(itemCount: Int)
    /// The server answered 304 to a conditional request: nothing was parsed and
    /// the archive's articles stand.
    case notModified
    /// Nothing new was read; the archive's articles stand. The reason says why.
    case skipped(reason: SourceReason)
    /// Reading or parsing failed; the archive keeps the source's earlier articles.
    case failed(reason: SourceReason)
}
