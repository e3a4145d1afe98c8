import Foundation
import NewsgenModel

extension Archive {
    /// Applies `archive.keepDays` and `archive.keepPerSource` (both off by default):
    /// feed articles older than `keepDays` before `now`, and beyond the newest
    /// `keepPerSource` of their source, leave the archive. Never removed: a bookmarked
    /// article (`protected`), a Markdown article (its file is the source of truth),
    /// and, for `keepDays`, an undated one (it has no age). Returns how many left.
    mutating func applyRetention(keepDays: Int?, keepPerSource: Int?, now: Date?, protected: Set<String>) -> Int {
        guard keepDays != nil || keepPerSource != nil else { return 0 }
        let oldest = keepDays.flatMap { days in now.map { $0.addingTimeInterval(-Double(days) * 86_400) } }
        var kept: [String: [Article]] = [:]
        var removed = 0
        for (source, articles) in articlesBySource {
            guard source != ArticleID.markdownSourceID else {
                kept[source] = articles
                continue
            }
            var survivors: [Article] = []
            var listed = 0
            for article in articles.sorted(by: Article.newestFirst) {
                let tooOld = oldest.map { limit in article.date.map { $0 < limit } ?? false } ?? false
                let beyondCount = keepPerSource.map { listed >= $0 } ?? false
                if (tooOld || beyondCount) && !protected.contains(article.id) {
                    removed += 1
                    continue
                }
                survivors.append(article)
                if !protected.contains(article.id) { listed += 1 }
            }
            kept[source] = survivors
        }
        if removed > 0 { self = Archive(articlesBySource: kept) }
        return removed
    }
}
