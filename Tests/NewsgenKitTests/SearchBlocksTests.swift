import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// A common word's postings in blocks, the best first (ADR 036): every posting in exactly one block,
/// the first holding the best, each frontier bounding its block whatever the average length, so that
/// search.js's first page from the first block is the first page of the whole list.
@Suite("Search blocks")
struct SearchBlocksTests {
    /// BM25's part for one word (k1 1.2, b 0.75) with the length decoded as search.js does.
    private static func score(_ posting: SearchPosting, average: Double) -> Double {
        score(count: posting.count, lengthCode: posting.lengthCode, average: average)
    }

    private static func score(count: Int, lengthCode: Int, average: Double) -> Double {
        let tf = Double(count)
        let length = pow(2, Double(lengthCode) / 8) - 1
        return tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
    }

    /// `count` postings with counts and lengths spread (and repeated, so that equal pairs tie).
    private static func postings(_ count: Int) -> [SearchPosting] {
        (0..<count).map { doc in SearchPosting(doc: doc * 3 + doc % 2, count: 1 + (doc * 7) % 13, lengthCode: 40 + (doc * 11) % 37) }
    }

    @Test func aPostingPacksItsDocCountAndLengthCode() {
        let posting = SearchPosting(doc: 123_456_789, count: 300, lengthCode: 77)
        #expect(posting.doc == 123_456_789 && posting.count == 255 && posting.lengthCode == 77)
        #expect(posting.impact == 255 << 8 | 77)
        #expect(SearchPosting(doc: 1, count: 9, lengthCode: 9) < SearchPosting(doc: 2, count: 1, lengthCode: 1))
    }

    @Test func blocksDoubleHoldEveryPostingOnceAndKeepDocOrder() {
        let all = Self.postings(1_000)
        var splitter = SearchBlockSplitter(SearchImpactOrder(averageLength: 600), firstBlock: 50)
        let blocks = splitter.split(all)
        // 50, 100, 200, 400, then the 250 left.
        #expect(blocks.map(\.count) == [50, 100, 200, 400, 250])
        #expect(blocks.flatMap { $0 }.sorted() == all)
        #expect(blocks.allSatisfy { $0 == $0.sorted() })
        // The splitter keeps no state from one word to the next.
        #expect(splitter.split(all) == blocks)
        #expect(splitter.split(Array(all.prefix(40))) == [Array(all.prefix(40))])
    }

    @Test func theBlocksFollowTheImpactOrderNewestFirstAmongEquals() {
        let all = Self.postings(700)
        let order = SearchImpactOrder(averageLength: 600)
        var splitter = SearchBlockSplitter(order, firstBlock: 30)
        let blocks = splitter.split(all)
        // As a plain sort by rank, then newest first, cut at 30, 90, 210, 450.
        let sorted = all.sorted { (order.rank[$0.impact], $1.doc) < (order.rank[$1.impact], $0.doc) }
        var start = 0
        for (index, block) in blocks.enumerated() {
            let end = min(all.count, start + 30 << index)
            #expect(block == sorted[start..<end].sorted(), "block \(index)")
            start = end
        }
        // With the reference average, no posting of a later block scores above one of the first.
        let reference = SearchImpactOrder.reference(600)
        let worstFirst = blocks[0].map { Self.score($0, average: reference) }.min() ?? 0
        #expect(blocks.dropFirst().joined().allSatisfy { Self.score($0, average: reference) <= worstFirst + 1e-12 })
    }

    @Test func theReferenceAverageIsTheNearestPowerOfTwo() {
        #expect(SearchImpactOrder.reference(1) == 1)
        #expect(SearchImpactOrder.reference(600) == 512)
        #expect(SearchImpactOrder.reference(800) == 1_024)
        #expect(SearchImpactOrder.reference(1_104) == 1_024)
        #expect(SearchImpactOrder.reference(0) == 1)
    }

    @Test func aFrontierBoundsItsBlockWhateverTheAverage() {
        let block = Self.postings(500)
        let frontier = SearchBlocks.frontier(block)
        #expect(!frontier.isEmpty && frontier.count < 40)
        // No pair of the frontier beats another on both count and length.
        for a in frontier {
            #expect(!frontier.contains { $0.count >= a.count && $0.lengthCode <= a.lengthCode && ($0.count, $0.lengthCode) != (a.count, a.lengthCode) })
        }
        for average in [1.0, 50, 600, 5_000, 1e6] {
            let bound = frontier.map { Self.score(count: $0.count, lengthCode: $0.lengthCode, average: average) }.max() ?? 0
            let best = block.map { Self.score($0, average: average) }.max() ?? 0
            #expect(abs(best - bound) < 1e-12, "average \(average)")
        }
    }

    @Test func longWordsGetShortDistinctBlockStems() {
        #expect(SearchShards.blockStem(word: "people") == "people")
        let long = String(repeating: "東", count: 40)
        let other = String(repeating: "東", count: 39) + "西"
        #expect(SearchShards.blockStem(word: long).utf8.count <= 100)
        #expect(SearchShards.blockStem(word: long) != SearchShards.blockStem(word: other))
        #expect(SearchShards.blockStem(word: long).hasPrefix(String(SearchShards.fileName(start: long).prefix(64)) + "_"))
    }

    // MARK: the index's files

    private static func document(_ n: Int, text: String) -> SearchDocument {
        let article = Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: "news", title: "Story \(n)",
                              published: Date(timeIntervalSince1970: Double(n) * 86_400), summaryHTML: nil, contentHTML: "<p>\(text)</p>", tags: [])
        return SearchDocument(PreparedArticle(article), source: "news", date: "", tags: [])
    }

    /// 120 docs with "harbour" in each (1 to 9 times, texts of varied length) and "quay" in a few.
    private static let documents = (0..<120).map { n in
        document(n, text: Array(repeating: "harbour", count: 1 + (n * 5) % 9).joined(separator: " ") + " "
                     + String(repeating: "tide ", count: (n * 13) % 40) + (n % 30 == 0 ? "quay" : ""))
    }

    private static func text(_ files: [OutputFile], _ path: String) throws -> String {
        String(decoding: try #require(files.first { $0.path == path }).data, as: UTF8.self)
    }

    /// A word's postings as (doc, count, length code), from its shard entry and its block files.
    private static func postings(of word: String, in files: [OutputFile]) throws -> (first: [[Int]], blocks: [[[Int]]], entry: Any) {
        let shard = try #require(try JSONSerialization.jsonObject(with: Data(try text(files, "search/t/_.json").utf8)) as? [String: Any])
        func decode(_ flat: [Int]) -> [[Int]] {
            var doc = 0
            return stride(from: 0, to: flat.count, by: 3).map { index in doc += flat[index]; return [doc, flat[index + 1], flat[index + 2]] }
        }
        let entry = try #require(shard[word])
        if let flat = entry as? [Int] { return (decode(flat), [], entry) }
        let object = try #require(entry as? [String: Any])
        let stem = try #require(object["f"] as? String)
        let frontiers = try #require(object["b"] as? [[Int]])
        let blocks = try (1...frontiers.count).map { index in
            decode(try #require(try JSONSerialization.jsonObject(with: Data(try text(files, "search/p/\(stem).\(index).json").utf8)) as? [Int]))
        }
        return (decode(try #require(object["p"] as? [Int])), blocks, entry)
    }

    @Test func aCommonWordIsSplitAndARareOneStaysWhole() throws {
        let files = SearchIndex(Self.documents).files(shardLimit: 1_000_000, firstBlock: 10)
        let whole = SearchIndex(Self.documents).files(shardLimit: 1_000_000, firstBlock: 1_000)
        #expect(!whole.contains { $0.path.hasPrefix("search/p/") })
        let harbour = try Self.postings(of: "harbour", in: files)
        let object = try #require(harbour.entry as? [String: Any])
        #expect(object["n"] as? Int == 120 && object["f"] as? String == "harbour")
        // 10, 20, 40, then the 50 left; together exactly the whole list.
        #expect([harbour.first.count] + harbour.blocks.map(\.count) == [10, 20, 40, 50])
        let unsplit = try Self.postings(of: "harbour", in: whole).first
        #expect((harbour.first + harbour.blocks.joined()).sorted { $0[0] < $1[0] } == unsplit)
        // Six docs hold "quay": at most twice the first block, so written as before.
        #expect(try Self.postings(of: "quay", in: files).entry is [Int])
        #expect(files.filter { $0.path.hasPrefix("search/p/") }.map(\.path).sorted()
                == ["search/p/harbour.1.json", "search/p/harbour.2.json", "search/p/harbour.3.json",
                    "search/p/story.1.json", "search/p/story.2.json", "search/p/story.3.json",
                    "search/p/tide.1.json", "search/p/tide.2.json", "search/p/tide.3.json"])
        #expect(SearchIndex(Self.documents).files(shardLimit: 1_000_000, firstBlock: 10) == files)
    }

    /// What search.js does with a one-word query: rank the first block and stop when the tenth score is
    /// at least the best any further block's frontier allows. Then the ten are the whole list's ten.
    @Test func theFirstBlockGivesTheFirstPageOfTheWholeList() throws {
        let files = SearchIndex(Self.documents).files(shardLimit: 1_000_000, firstBlock: 12)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(try Self.text(files, "search/index.json").utf8)) as? [String: Any])
        let average = Double(try #require(manifest["averageLength"] as? Int))
        let harbour = try Self.postings(of: "harbour", in: files)
        let frontiers = try #require((harbour.entry as? [String: Any])?["b"] as? [[Int]])
        func ranked(_ postings: [[Int]]) -> [(doc: Int, score: Double)] {
            postings.map { ($0[0], Self.score(count: $0[1], lengthCode: $0[2], average: average)) }
                .sorted { ($0.score, $0.doc) > ($1.score, $1.doc) }
        }
        let first = ranked(harbour.first)
        let bound = frontiers.flatMap { frontier in
            stride(from: 0, to: frontier.count, by: 2).map { Self.score(count: frontier[$0], lengthCode: frontier[$0 + 1], average: average) }
        }.max() ?? 0
        #expect(first[9].score >= bound)
        let all = ranked(harbour.first + harbour.blocks.joined())
        #expect(first.prefix(10).map(\.doc) == all.prefix(10).map(\.doc))
        // And every block's postings score no more than its frontier allows.
        for (block, frontier) in zip(harbour.blocks, frontiers) {
            let most = stride(from: 0, to: frontier.count, by: 2).map { Self.score(count: frontier[$0], lengthCode: frontier[$0 + 1], average: average) }.max() ?? 0
            #expect(ranked(block).allSatisfy { $0.score <= most + 1e-12 })
        }
    }
}
