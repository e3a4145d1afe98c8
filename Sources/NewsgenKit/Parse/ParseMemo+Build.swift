import NewsgenModel

extension ParseMemo {
    /// The memo a build leaves: for each source of site.json, what its clean parse gave in this build,
    /// or the last build's entry when its document was unchanged, not modified (304) or not read
    /// (backing off, offline); each kept only while every article it names is in `archive`, the
    /// archive as saved, and stamped as it is there (`digests`, the save's).
    static func after(_ read: SourcesRead, seenBySource: [String: [String]], previous: ParseMemo, archive: Archive,
                      digests: ArchiveDigests = ArchiveDigests()) -> ParseMemo {
        var memo = ParseMemo(takedowns: previous.takedowns)
        for (id, outcome) in read.outcomes {
            var entry: Entry?
            if let document = read.documents[id], !read.unchanged.contains(id), case .fresh(let count) = outcome, let info = read.sources[id] {
                let ids = seenBySource[id] ?? []
                entry = Entry(document: document, itemCount: count, title: info.title, url: info.url, feedURL: info.feedURL,
                              articles: Dictionary(ids.map { ($0, [UInt8]()) }, uniquingKeysWith: { first, _ in first }))
            } else if read.unchanged.contains(id) || outcome.keepsLastParse {
                entry = previous.sources[id]
            }
            guard var kept = entry else { continue }
            let stored = archive.articlesBySource[id] ?? []
            var whole = true
            for articleID in kept.articles.keys {
                guard let article = stored.binarySearch(id: articleID) else { whole = false; break }
                kept.articles[articleID] = digests.digest(of: article)
            }
            if whole { memo.sources[id] = kept }
        }
        return memo
    }
}

private extension SourceOutcome {
    /// Outcomes that read no new document: what the last parse gave still stands.
    var keepsLastParse: Bool {
        switch self {
        case .notModified, .skipped: return true
        case .fresh, .failed: return false
        }
    }
}
