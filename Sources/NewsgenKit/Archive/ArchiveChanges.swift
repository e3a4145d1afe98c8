import NewsgenModel

/// What one build did to the archive, for the summary line: of the articles the
/// sources brought, how many were new, how many changed, how many were as stored.
public struct ArchiveChanges: Sendable, Equatable {
    public var new = 0
    public var updated = 0
    public var unchanged = 0
    /// Removed by the retention policy.
    public var pruned = 0
    /// The ids counted as `unchanged`, and every id counted: `textRead` moves an article whose page's text came after the merge.
    private var unchangedIDs: Set<String> = []
    private var countedIDs: Set<String> = []

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
            countedIDs.insert(article.id)
            switch old[article.id] {
            case nil: new += 1
            case article?:
                unchanged += 1
                unchangedIDs.insert(article.id)
            case _?: updated += 1
            }
        }
    }

    /// The Extract stage put a page's text into the articles `ids` after the merge counted them: each is
    /// updated now, whether the merge counted it unchanged or its source sent nothing (304) and it was not
    /// counted at all; a new article stays new.
    mutating func textRead(_ ids: Set<String>) {
        for id in ids where !countedIDs.contains(id) || unchangedIDs.contains(id) {
            if unchangedIDs.remove(id) != nil { unchanged -= 1 }
            countedIDs.insert(id)
            updated += 1
        }
    }

    /// The counts alone: two builds that counted alike are alike, whichever ids they counted.
    public static func == (a: ArchiveChanges, b: ArchiveChanges) -> Bool {
        (a.new, a.updated, a.unchanged, a.pruned) == (b.new, b.updated, b.unchanged, b.pruned)
    }
}
