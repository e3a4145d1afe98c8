/// How much one render may do, so that a theme whose partials include one another more than
/// once per expansion (`x{{>boom}}{{>boom}}`: each level doubles the page) fails at once with a
/// clear error instead of running for minutes and filling memory. Depth alone cannot bound that:
/// 64 levels of doubling are 2^64 expansions. What is statically visible is reported by
/// `MustachePartialGraph`; what depends on the data (a section over a list that recurses) only
/// a budget can stop. Liquid's render limits (`render_length_limit`, `render_score_limit`) are
/// the same idea.
public struct MustacheLimits: Sendable, Equatable {
    /// Partials nested deeper than this render as nothing, so a partial that includes itself
    /// once, unconditionally, ends instead of exhausting the stack.
    public var partialDepth: Int
    /// Partials expanded in one render, in all. A page of a paginated theme expands a few per
    /// article shown; 100,000 leaves room for a page size in the thousands.
    public var partialExpansions: Int
    /// Bytes one render may write. Above any page real data makes under the default
    /// `fetch.maxFeedMB` (20), which bounds an article (newsgen raises it with that setting);
    /// small enough that a render stopped here peaks near 220 MB, not 730 MB as at 256 MB.
    public var outputBytes: Int

    public init(partialDepth: Int = 64, partialExpansions: Int = 100_000, outputBytes: Int = 64 * 1_048_576) {
        self.partialDepth = partialDepth
        self.partialExpansions = partialExpansions
        self.outputBytes = outputBytes
    }

    /// The limits a library renders with unless told otherwise.
    public static let standard = MustacheLimits()
}
