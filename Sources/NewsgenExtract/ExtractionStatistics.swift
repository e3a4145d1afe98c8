/// How much work one extraction did, counted rather than timed, so tests can hold the extractor to
/// its bounds on any machine (a hostile page must cost a bounded number of steps, not just be fast here).
public struct ExtractionStatistics: Sendable, Equatable {
    /// Elements copied from libxml2's tree into the extractor's own.
    public var elementsBuilt = 0
    /// Elements the candidate walk visited, over all attempts.
    public var elementsVisited = 0
    /// Times Readability's grab-article loop ran (1 to 4: it relaxes its flags when it finds too little).
    public var scoringPasses = 0
    /// Elements whose subtree the conditional cleaning measured, over all its passes: each once
    /// a pass, plus the ancestors of what it removed, never once per ancestor of every node.
    public var nodesMeasured = 0
    /// Deepest element nesting seen in the tree built.
    public var maxDepth = 0

    /// Nothing counted yet.
    public init() {}
}
