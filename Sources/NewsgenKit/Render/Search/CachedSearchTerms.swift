import Foundation
import NewsgenModel

extension Site {
    /// The search cache's folder (ADR 030), beside the Enrich cache's in `.newsgen/cache/`, which CI keeps between runs.
    var searchCacheDirectory: URL { directory.appendingPathComponent(".newsgen/cache/search") }
}

/// Every listed article's `SearchTerms` through the search cache: an article whose key the cache holds
/// takes its terms from there, any other is tokenized, and the cache is then saved with exactly this
/// build's articles. The next hour then tokenizes its new articles only (ADR 030, "Cost").
struct CachedSearchTerms {
    var terms: [SearchTerms]
    /// Articles tokenized in this build, and articles whose terms came from the cache.
    var tokenized = 0
    var reused = 0
    var warnings: [BuildWarning] = []

    /// Bump whenever `SearchTerms` may give other terms for the same title, tags and text (the tokenizer's
    /// rules, the weights, the cap): it is part of every key, so the next build tokenizes everything again once.
    static let version = "1"

    /// The terms of `articles` with their `tags`, in that order, on every core; an article without an
    /// `enrichKey` (prepared without the Enrich cache) is tokenized and not cached.
    static func make(_ articles: [PreparedArticle], tags: [[(slug: String, name: String)]],
                     store: RecordCacheStore<SearchTermsRecord>, parallel: Bool = true) -> CachedSearchTerms {
        let (results, previous) = lookUp(articles, tags: tags, cache: store.load(), parallel: parallel)
        let reused = results.filter(\.reused)
        var made = CachedSearchTerms(terms: results.map(\.terms), tokenized: results.count - reused.count, reused: reused.count)
        do {
            try store.save(results.compactMap { result in result.key.map { ($0, result.terms) } },
                           reused: Set(reused.compactMap(\.key)), previous: previous)
        } catch {
            made.warnings.append(BuildWarning("the search cache was not saved (\(error.reason)); the next build tokenizes these articles again"))
        }
        return made
    }

    private typealias Result = (terms: SearchTerms, key: EnrichKey?, reused: Bool)

    private static func lookUp(_ articles: [PreparedArticle], tags: [[(slug: String, name: String)]], cache: RecordCache<SearchTermsRecord>,
                               parallel: Bool) -> (results: [Result], index: EnrichCacheIndex) {
        let results = Workers.parallelMap(articles.count, parallel: parallel) { index -> Result in
            let key = Self.key(articles[index], tags: tags[index])
            if let key, let terms = cache.value(for: key) { return (terms, key, true) }
            return (SearchTerms(of: articles[index], tags: tags[index]), key, false)
        }
        return (results, cache.index)
    }

    /// What an article's terms are made from, hashed: this version, the Enrich key (the prepared text and
    /// every version and setting it depends on), the images shown as links (their text is in the page's),
    /// the title and the tag names; nil without an Enrich key.
    static func key(_ article: PreparedArticle, tags: [(slug: String, name: String)]) -> EnrichKey? {
        guard let enrichKey = article.enrichKey else { return nil }
        var bytes = Array("newsgen search key \(version)".utf8)
        enrichKey.append(to: &bytes)
        for fields in [[article.article.title], tags.map(\.name), article.imagesShownAsLinks] {
            CacheBytes.append(UInt32(fields.count), to: &bytes)
            for field in fields { CacheBytes.append(field, to: &bytes) }
        }
        return EnrichKey(digest: FastSHA256.digest(bytes))
    }
}
