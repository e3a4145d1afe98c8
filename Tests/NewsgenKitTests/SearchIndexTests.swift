import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The full-text search index (ADR 030): the tokenizer (on the cases search.js is checked on too),
/// the shards, BM25 as search.js ranks, and bytes that change only where an article adds words.
@Suite("Search index")
struct SearchIndexTests {
    /// `text` parsed as JSON of type `T`.
    private static func json<T>(_ text: String?, as type: T.Type) throws -> T {
        let text = try #require(text)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? T)
    }

    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/search")

    @Test func theTokenizerSplitsAndFoldsAsSearchJSDoes() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("tokenizer-cases.json"))
        let cases = try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(cases.count > 10)
        for entry in cases {
            let text = try #require(entry["text"] as? String)
            #expect(SearchTokenizer.words(text) == (entry["words"] as? [String]), "\(text)")
        }
    }

    @Test func theASCIIPathFoldsAsTheFullRulesDo() {
        let text = "Harbour FERRY 2026 don't Zebra-crossing"
        #expect(SearchTokenizer.words(text) == SearchTokenizer.fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    // MARK: shards

    private static let vocabulary = ("harbour harbours harbourside ferry ferries ferryman council councils winter wintry science tide "
        + "tides lantern market markets bakery museum museums habit hack hacker had hail hair half hall halt ham hand "
        + "happy hard harm harp has hat haven hawk hay zebra zero zest zinc zone zoo").split(separator: " ").map(String.init)

    @Test func everyWordIsInTheShardItsStartSelects() throws {
        let terms = Self.vocabulary.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
        let sizes = terms.map { $0.hasPrefix("ha") ? 300 : 40 }
        let shards = SearchShards.partition(terms, sizes: sizes, limit: 500)
        #expect(shards.first == SearchShards.Shard(first: 0, start: ""))
        #expect(shards.count > 4)
        #expect(Set(shards.map { SearchShards.fileName(start: $0.start) }).count == shards.count)
        let starts = shards.map(\.start)
        func holder(_ word: String) -> Int { (starts.lastIndex { !word.utf16.lexicographicallyPrecedes($0.utf16) }) ?? 0 }
        for (index, term) in terms.enumerated() {
            let shard = holder(term)
            let end = shard + 1 < shards.count ? shards[shard + 1].first : terms.count
            #expect((shards[shard].first..<end).contains(index), "\(term) is not in shard \(starts[shard])")
        }
        // A shard holds at most `limit` bytes, unless it is one word.
        for (index, shard) in shards.enumerated() {
            let end = index + 1 < shards.count ? shards[index + 1].first : terms.count
            #expect(sizes[shard.first..<end].reduce(0, +) <= 500 || end - shard.first == 1, "\(shard.start)")
        }
        // A prefix's words are in its holder and the shards after it whose start begins with it, as search.js reads them.
        for prefix in ["ha", "har", "harb", "fer", "z", "mus"] {
            let first = holder(prefix)
            var last = first
            while last + 1 < shards.count && starts[last + 1].hasPrefix(prefix) { last += 1 }
            let covered = Set((shards[first].first..<(last + 1 < shards.count ? shards[last + 1].first : terms.count)).map { terms[$0] })
            #expect(terms.filter { $0.hasPrefix(prefix) }.allSatisfy(covered.contains), "\(prefix)")
        }
    }

    @Test func shardNamesAreSafeFileNames() {
        #expect(SearchShards.fileName(start: "") == "_")
        #expect(SearchShards.fileName(start: "ha") == "ha")
        #expect(SearchShards.fileName(start: "мо") == "-d0-bc-d0-be")
        #expect(SearchShards.fileName(start: "東") == "-e6-9d-b1")
    }

    // MARK: ranking and bytes

    private static let day: TimeInterval = 86_400

    private static func prepared(_ n: Int, title: String, text: String, source: String = "news", tags: [String] = []) -> PreparedArticle {
        PreparedArticle(Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: source, title: title,
                                published: Date(timeIntervalSince1970: Double(n) * day), summaryHTML: nil,
                                contentHTML: "<p>" + text + "</p>", tags: tags))
    }

    private static func document(_ prepared: PreparedArticle) -> SearchDocument {
        SearchDocument(prepared, source: prepared.article.sourceID, date: "", tags: TagIndex.tags(of: prepared.article))
    }

    /// The files by path, as text.
    private static func files(_ articles: [PreparedArticle], shardLimit: Int = SearchIndex.shardLimit) -> [String: String] {
        let files = SearchIndex(articles.map(document)).files(shardLimit: shardLimit)
        #expect(Set(files.map(\.path)).count == files.count)
        return Dictionary(files.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) }, uniquingKeysWith: { first, _ in first })
    }

    /// BM25 (k1 1.2, b 0.75) over the written files, read as search.js reads them: doc numbers best first, newer first among equals.
    private static func rank(_ word: String, in files: [String: String]) throws -> [Int] {
        let manifest = try Self.json(files["search/index.json"], as: [String: Any].self)
        let count = Double(try #require(manifest["count"] as? Int))
        let average = Double(try #require(manifest["averageLength"] as? Int))
        let shards = try #require(manifest["shards"] as? [[Any]])
        let name = try #require(shards.last { !word.utf16.lexicographicallyPrecedes(($0[0] as? String ?? "").utf16) }?[1] as? String)
        let shard = try Self.json(files["search/t/\(name).json"], as: [String: [Int]].self)
        let postings = shard[word] ?? []
        let frequency = Double(postings.count / 3)
        let idf = log(1 + (count - frequency + 0.5) / (frequency + 0.5))
        var doc = 0
        var scored: [(doc: Int, score: Double)] = []
        for index in stride(from: 0, to: postings.count, by: 3) {
            doc += postings[index]
            let tf = Double(postings[index + 1])
            let length = pow(2, Double(postings[index + 2]) / 8) - 1
            scored.append((doc, idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))))
        }
        return scored.sorted { ($0.score, $0.doc) > ($1.score, $1.doc) }.map(\.doc)
    }

    @Test func bm25RanksTitleThenFrequencyThenShortnessThenNewness() throws {
        let filler = String(repeating: "council meeting notes ", count: 30)
        let articles = [
            Self.prepared(1, title: "Budget", text: "the ferry once " + filler),            // 0: once, long
            Self.prepared(2, title: "Ferry timetable", text: filler),                        // 1: in the title
            Self.prepared(3, title: "Budget", text: "ferry ferry ferry " + filler),          // 2: three times
            Self.prepared(4, title: "Budget", text: "the ferry once " + String(filler.prefix(filler.count / 2))), // 3: once, shorter
            Self.prepared(5, title: "Budget", text: "the ferry once " + filler),             // 4: as 0, newer
            Self.prepared(6, title: "Budget", text: filler),                                 // 5: no ferry
        ]
        let ranked = try Self.rank("ferry", in: Self.files(articles))
        #expect(ranked == [1, 2, 3, 4, 0])
    }

    /// 300 articles over a few sources and tags, each with words of its own and shared ones.
    private static func archive(_ count: Int) -> [PreparedArticle] {
        let words = vocabulary
        return (1...count).map { n in
            let text = (0..<40).map { words[($0 * 7 + n * 13) % words.count] }.joined(separator: " ") + " word\(n) item\(n % 17)"
            return prepared(n, title: "Story \(words[n % words.count]) \(n)", text: text, source: "s\(n % 3)",
                            tags: ["Topic \(n % 5)", words[n % 11]])
        }
    }

    @Test func theSameArticlesGiveTheSameBytes() throws {
        let articles = Self.archive(120)
        #expect(Self.files(articles, shardLimit: 2_000) == Self.files(articles, shardLimit: 2_000))
        let input = RenderInput(config: SiteConfig(title: "Bay", sources: []),
                                templates: Templates(library: try .init(templates: ["layout": "{{{content}}}", "search": ""]), assets: []),
                                articles: articles.reversed(), sources: [:], bookmarks: BookmarkManifest(bookmarks: []), sourceStatuses: [])
        var serial = SiteRenderer(input)
        serial.parallel = false
        let parallel = SiteRenderer(input)
        let serialFiles = SearchIndex(serial.searchDocuments()).files()
        #expect(serialFiles == SearchIndex(parallel.searchDocuments()).files())
        // The archive lists newest first; docs are numbered oldest first: doc 0 is story 1.
        let firstChunk = String(decoding: try #require(serialFiles.first { $0.path == "search/m/0.json" }).data, as: UTF8.self)
        #expect(firstChunk.hasPrefix(#"[["Story harbours 1","../articles/story-1/","#), "\(firstChunk.prefix(80))")
    }

    @Test func theNextArticleChangesOnlyTheShardsOfItsWordsItsChunkItsFiltersAndTheManifest() throws {
        let before = Self.files(Self.archive(300), shardLimit: 2_000)
        var articles = Self.archive(300)
        let next = Self.prepared(301, title: "Harbour lantern", text: "The zebra ferry quokka", source: "s1", tags: ["Topic 2"])
        articles.append(next)
        let after = Self.files(articles, shardLimit: 2_000)
        let shardsBefore = Set(before.keys.filter { $0.hasPrefix("search/t/") })
        #expect(shardsBefore.count > 20, "\(shardsBefore.count) shards")
        // New words may start shards of their own ("quokka", "the"); none goes.
        #expect(shardsBefore.isSubset(of: after.keys.filter { $0.hasPrefix("search/t/") }))
        let changed = Set(after.keys.filter { before[$0] != after[$0] })
        let words = Set(SearchTokenizer.words("Harbour lantern The zebra ferry quokka Topic 2"))
        let shardsOfItsWords = Set(after.filter { path, text in
            path.hasPrefix("search/t/") && words.contains { text.contains("\"\($0)\":") }
        }.keys)
        let last = (articles.count - 1) / SearchIndex.chunkSize
        #expect(changed == shardsOfItsWords.union(["search/index.json", "search/m/\(last).json", "search/s/s1.json", "search/g/topic-2.json"]))
        #expect(shardsOfItsWords.count < shardsBefore.count / 3)
    }

    @Test func filtersListEachSourceAndTheMostUsedTags() throws {
        let files = Self.files(Self.archive(30))
        let manifest = try Self.json(files["search/index.json"], as: [String: Any].self)
        let sources = try #require(manifest["sources"] as? [[Any]])
        #expect(sources.map { $0[0] as? String } == ["s0", "s1", "s2"])
        #expect(sources.map { $0[2] as? Int } == [10, 10, 10])
        let s1 = try Self.json(files["search/s/s1.json"], as: [Int].self)
        // Docs 0, 3, 6, … (stories 1, 4, 7, …), as differences.
        #expect(s1 == [0] + Array(repeating: 3, count: 9))
        let tags = try #require(manifest["tags"] as? [[Any]])
        #expect(tags.contains { $0[0] as? String == "Topic 0" && $0[1] as? String == "g/topic-0.json" && $0[2] as? Int == 6 })
    }
}
