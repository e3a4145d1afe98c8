import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The search cache (ADR 030, "Cost"): the terms it gives back are the terms tokenizing gives, and a
/// change of anything they are made from is a miss.
@Suite("Search cache")
struct SearchCacheTests {
    typealias Articles = EnrichCacheTests

    /// Counting through a `Dictionary<String, Int>` over `SearchTokenizer.words`, the way the index counted before.
    static func reference(title: String, tagNames: [String], text: String) -> (counts: [String: Int], length: Int) {
        var counts: [String: Int] = [:]
        var length = 0
        for (part, weight, counted) in [(title, 7, true)] + tagNames.map({ ($0, 2, false) }) + [(text, 1, true)] {
            for word in SearchTokenizer.words(part) {
                counts[word, default: 0] += weight
                if counted { length += 1 }
            }
        }
        return (counts.mapValues { min($0, 255) }, length)
    }

    @Test func termsAreWhatCountingEveryWordGives() {
        let text = String(repeating: "Straße STRASSE café Cafe\u{301} ﬁne ℍello 😀x \(String(repeating: "a", count: 41)) 123 ", count: 40)
        for (title, tags) in [("Café in the Straße", ["Café", "News"]), ("", []), ("Ω ω Ω", ["x"])] {
            let terms = SearchTerms(title: title, tagNames: tags, text: "<p>" + text + "</p>")
            let expected = Self.reference(title: title, tagNames: tags, text: text)
            #expect(Dictionary(uniqueKeysWithValues: zip(terms.words, terms.counts)) == expected.counts)
            #expect(terms.words.count == expected.counts.count)
            #expect(terms.length == expected.length)
        }
    }

    @Test func wordTableNumbersEachDistinctWordOnce() {
        var table = SearchWordTable(capacity: 1)
        let words = (0..<5000).map { "w\($0 % 1700)é" }
        let numbers = words.map { table.number(of: $0) }
        #expect(table.count == 1700)
        #expect(numbers.prefix(1700) == Array(0..<1700)[...])
        for (word, number) in zip(words, numbers) { #expect(table.word(number) == word) }
    }

    @Test func recordsRoundTripAndDamageReadsAsAbsent() {
        let key = EnrichKey(digest: Array(0..<32))
        for terms in [SearchTerms(words: [], counts: [], length: 0),
                      SearchTerms(title: "Café au lait", tagNames: ["Food"], text: "<p>lait lait 😀</p>")] {
            let bytes = SearchTermsRecord.encode(key, terms)
            #expect(UInt64(bytes.count) == SearchTermsRecord.encodedByteCount(terms))
            #expect(bytes.withUnsafeBytes { SearchTermsRecord.decode($0, key: key) } == terms)
            #expect(bytes.withUnsafeBytes { SearchTermsRecord.decode($0, key: EnrichKey(digest: Array(1...32))) } == nil)
            for cut in [1, 8, bytes.count - 1] {
                #expect(bytes.withUnsafeBytes { SearchTermsRecord.decode(UnsafeRawBufferPointer(rebasing: $0[0..<bytes.count - cut]), key: key) } == nil)
            }
            for offset in 0..<bytes.count {
                var flipped = bytes
                flipped[offset] ^= 0x01
                #expect(flipped.withUnsafeBytes { SearchTermsRecord.decode($0, key: key) } == nil)
            }
        }
    }

    @Test func theKeyChangesWithTitleTagsImagesAndText() throws {
        let prepared = CachedPreparation.make(Articles.articles(2), embedHosts: [], store: EnrichCacheStore(directory: URL(fileURLWithPath: "/nonexistent/x")),
                                              parallel: false).articles
        let tags = [(slug: "a", name: "A")]
        let key = try #require(CachedSearchTerms.key(prepared[0], tags: tags))
        var retitled = prepared[0]
        retitled.article.title += "!"
        var linked = prepared[0]
        linked.imagesShownAsLinks = ["i.png"]
        let others = [CachedSearchTerms.key(prepared[1], tags: tags), CachedSearchTerms.key(prepared[0], tags: []),
                      CachedSearchTerms.key(prepared[0], tags: [(slug: "a", name: "B")]), CachedSearchTerms.key(retitled, tags: tags),
                      CachedSearchTerms.key(linked, tags: tags)]
        #expect(others.allSatisfy { $0 != nil && $0 != key })
        #expect(CachedSearchTerms.key(prepared[0], tags: tags) == key)
        #expect(CachedSearchTerms.key(PreparedArticle(Articles.articles(1)[0]), tags: tags) == nil)
    }

    @Test func aWarmCacheGivesTheTermsTokenizingGives() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("search-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = RecordCacheStore<SearchTermsRecord>(directory: folder)
        let prepared = CachedPreparation.make(Articles.articles(30), embedHosts: [], store: EnrichCacheStore(directory: folder.appendingPathComponent("enrich")),
                                              parallel: false).articles
        let tags = prepared.map { TagIndex.tags(of: $0.article) }
        let expected = zip(prepared, tags).map { SearchTerms(of: $0, tags: $1) }
        let cold = CachedSearchTerms.make(prepared, tags: tags, store: store, parallel: false)
        #expect((cold.tokenized, cold.reused) == (30, 0))
        let warm = CachedSearchTerms.make(prepared, tags: tags, store: store, parallel: false)
        #expect((warm.tokenized, warm.reused) == (0, 30))
        #expect(cold.terms == expected)
        #expect(warm.terms == expected)
        #expect(warm.warnings.isEmpty)
    }
}
