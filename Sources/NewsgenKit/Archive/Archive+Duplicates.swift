import Foundation
import NewsgenModel

extension Archive {
    /// The same story carried by two sources: articles of different sources whose
    /// links are the same once canonical (`CanonicalLink`). Each duplicate maps to the
    /// article the lists show instead, the group's oldest (by date, then id), so the
    /// choice does not depend on which source answered first. Both stay in the
    /// archive and keep their pages; only the lists show one. Links repeated within
    /// one source are not duplicates (a live blog may reuse its link).
    func duplicates() -> [String: String] {
        var groups: [String: [Article]] = [:]
        let articles = allArticles
        // Canonical links made on every core; grouped in order.
        let links = Workers.parallelMap(articles.count) { articles[$0].link.flatMap(CanonicalLink.make) }
        for (article, link) in zip(articles, links) {
            guard let link else { continue }
            groups[link, default: []].append(article)
        }
        var duplicateOf: [String: String] = [:]
        for group in groups.values where Set(group.map(\.sourceID)).count > 1 {
            guard let kept = group.min(by: { ($0.date ?? .distantFuture, $0.id) < ($1.date ?? .distantFuture, $1.id) }) else { continue }
            for article in group where article.sourceID != kept.sourceID {
                duplicateOf[article.id] = kept.id
            }
        }
        return duplicateOf
    }
}
