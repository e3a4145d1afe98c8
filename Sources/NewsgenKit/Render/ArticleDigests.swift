/// What one article brings to the keys of the pages that show it (ADR 033): the inputs of its list row,
/// of the neighbour link other article pages make of it, and of its own page, each hashed once a build
/// (`PageContext.rowDigest`, `neighbourDigest`, `pageDigest`), so that deciding a page is unchanged
/// makes none of its values and hashes none of its HTML.
struct ArticleDigests: Sendable, Equatable {
    var row: UInt64
    var neighbour: UInt64
    var page: UInt64

    init(_ prepared: PreparedArticle, context: PageContext) {
        row = context.rowDigest(prepared)
        neighbour = context.neighbourDigest(prepared)
        page = context.pageDigest(prepared)
    }

    /// Every article's digests by id, made on every core. Two articles with one id (the archive holds
    /// none) get the digests of both, so that a change to either changes the pages that look them up.
    static func all(_ articles: [PreparedArticle], context: PageContext, parallel: Bool) -> [String: ArticleDigests] {
        let made = Workers.parallelMap(articles.count, parallel: parallel) { ArticleDigests(articles[$0], context: context) }
        var byID: [String: ArticleDigests] = [:]
        byID.reserveCapacity(articles.count)
        for (prepared, digests) in zip(articles, made) {
            byID[prepared.article.id] = byID[prepared.article.id].map { $0.combined(with: digests) } ?? digests
        }
        return byID
    }

    private func combined(with other: ArticleDigests) -> ArticleDigests {
        func both(_ first: UInt64, _ second: UInt64) -> UInt64 {
            var key = PageKey()
            key.add(number: first)
            key.add(number: second)
            return key.value
        }
        var combined = self
        combined.row = both(row, other.row)
        combined.neighbour = both(neighbour, other.neighbour)
        combined.page = both(page, other.page)
        return combined
    }
}
