import NewsgenModel

/// What happened to one source in this build: the app's load state, made static.
public enum SourceOutcome: Equatable, Sendable {
    /// Read and parsed; `itemCount` items.
    case fresh(itemCount: Int)
    /// The server answered 304 to a conditional request: nothing was parsed and
    /// the archive's articles stand.
    case notModified
    /// Nothing new was read; the archive's articles stand. The reason says why.
    case skipped(reason: String)
    /// Reading or parsing failed; the archive keeps the source's earlier articles.
    case failed(reason: String)
}

/// A source after the Parse stage.
public struct SourceResult: Sendable {
    public var source: SourceConfig
    public var outcome: SourceOutcome
    /// The parsed feed, when there is one; its items are the ones this build takes.
    public var feed: ParsedFeed?
    /// Items the feed had beyond `fetch.maxItemsPerFeed`, left out of `feed`.
    public var itemsDropped: Int = 0
}
