import Foundation
import NewsgenModel

extension Site {
    /// The Enrich cache's folder (ADR 027), beside the image cache's in `.newsgen/cache/`, the folder the CI workflow keeps between runs.
    var enrichCacheDirectory: URL { directory.appendingPathComponent(".newsgen/cache/enrich") }
}

/// The articles of a build prepared (`PreparedArticle`) through the Enrich cache: an article whose
/// key the cache holds takes its text from there, any other is sanitized, and the cache is then
/// saved with exactly this build's articles.
struct CachedPreparation {
    var articles: [PreparedArticle]
    var statistics = EnrichStatistics()
    var warnings: [BuildWarning] = []

    /// In the order given, spread over every core as `PreparedArticle.all` does; `digests` are the articles' archive lines' (ADR 034).
    static func make(_ articles: [Article], digests: ArchiveDigests = ArchiveDigests(), embedHosts: [String], store: EnrichCacheStore,
                     parallel: Bool = true) -> CachedPreparation {
        // The cache (its segments mapped) lives only in `prepare`, so it is let go before the last segment is appended to.
        let (results, previous) = prepare(articles, digests: digests, embedHosts: embedHosts, cache: store.load(), parallel: parallel)
        let reused = results.filter(\.reused)
        var made = CachedPreparation(articles: results.map(\.article),
                                     statistics: EnrichStatistics(sanitized: results.count - reused.count, reused: reused.count))
        do {
            try store.save(results.map { ($0.key, $0.article.text) }, reused: Set(reused.map(\.key)), previous: previous)
        } catch {
            made.warnings.append(BuildWarning("the Enrich cache was not saved (\(error.reason)); the next build sanitizes these articles again"))
        }
        return made
    }

    private typealias Result = (article: PreparedArticle, key: EnrichKey, reused: Bool)

    private static func prepare(_ articles: [Article], digests: ArchiveDigests, embedHosts: [String], cache: EnrichCache,
                                parallel: Bool) -> (results: [Result], index: EnrichCacheIndex) {
        let settings = EnrichKey.Settings(embedHosts: embedHosts)
        let results = Workers.parallelMap(articles.count, parallel: parallel) { index -> Result in
            let key = EnrichKey(lineDigest: digests.digest(of: articles[index]), settings: settings)
            let cached = cache.text(for: key)
            var prepared = cached.map { PreparedArticle(articles[index], text: $0) } ?? PreparedArticle(articles[index], embedHosts: embedHosts)
            prepared.enrichKey = key
            return (prepared, key, cached != nil)
        }
        return (results, cache.index)
    }
}
