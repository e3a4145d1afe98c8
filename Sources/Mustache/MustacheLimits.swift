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

    /// Sections (and inverted sections) one template may nest: the parser refuses the opening tag
    /// one deeper, naming its line (`row.mustache:101:1: section 'a' is nested 101 deep; …`). A
    /// limit of the template's shape, not of one render, so it is the same for every library. The
    /// built-in theme nests 5 deep at most, Liquid stops at the same 100 ("Nesting too deep"), and a
    /// tree this deep is walked and freed on any thread's stack (30,000 levels crashed a build).
    public static let sectionDepth = 100

    /// The limits a library renders with unless told otherwise.
    public static let standard = MustacheLimits()
}
