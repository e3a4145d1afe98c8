import NewsgenModel

/// What one build did to the archive, for the summary line: of the articles the
/// sources brought, how many were new, how many changed, how many were as stored.
public struct ArchiveChanges: Sendable, Equatable {
    public var new = 0
    public var updated = 0
    public var unchanged = 0
    /// Removed by the retention policy.
    public var pruned = 0

    public init(new: Int = 0, updated: Int = 0, unchanged: Int = 0, pruned: Int = 0) {
        self.new = new
        self.updated = updated
        self.unchanged = unchanged
        self.pruned = pruned
    }

    /// Compares the archive before and after the merge, over the ids this build read.
    /// An id read but no longer in `after` (retention removed it) counts nowhere.
    init(before: Archive, after: Archive, seen: Set<String>) {
        let old = Dictionary(before.allArticles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for article in after.allArticles where seen.contains(article.id) {
            switch old[article.id] {
            case nil: new += 1
            case article?: unchanged += 1
            case _?: updated += 1
            }
        }
    }
}
