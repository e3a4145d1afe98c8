import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The memo of the last build's parses (ADR 027): read back as written, anything damaged is no memo,
/// and an entry stands only while the archive holds its articles as they were.
@Suite("Parse memo")
struct ParseMemoTests {
    static func article(_ id: String, title: String = "T") -> Article {
        Article(id: id, slug: id, sourceID: "wire", title: title, link: "https://example.org/\(id)", contentHTML: "<p>\(id)</p>")
    }

    static func memo(_ articles: [Article], takenDown: Set<String> = []) -> ParseMemo {
        ParseMemo(sources: ["wire": .init(document: Array(repeating: 3, count: 32), itemCount: articles.count, title: "Wire", url: nil,
                                          articles: Dictionary(uniqueKeysWithValues: articles.map { ($0.id, ArchiveDigests.line($0)) }))],
                  takedowns: ParseMemo.digest(takenDown: takenDown))
    }

    @Test func readsBackWhatItWroteAndNothingDamaged() {
        let memo = Self.memo([Self.article("a"), Self.article("b")])
        let bytes = memo.encode()
        #expect(bytes.withUnsafeBytes { ParseMemo($0) } == memo)
        #expect(ParseMemo().encode().withUnsafeBytes { ParseMemo($0) } == ParseMemo())
        for offset in stride(from: 0, to: bytes.count, by: 5) {
            var flipped = bytes
            flipped[offset] ^= 0x04
            #expect(flipped.withUnsafeBytes { ParseMemo($0) } == nil)
        }
        for cut in [1, 9, bytes.count - 1, bytes.count] {
            #expect(Array(bytes.prefix(bytes.count - cut)).withUnsafeBytes { ParseMemo($0) } == nil)
        }
    }

    @Test func anEntryStandsOnlyWhileTheArchiveHoldsItsArticlesAsTheyWere() {
        let a = Self.article("a"), b = Self.article("b")
        let memo = Self.memo([a, b])
        #expect(memo.holding(Archive(articlesBySource: ["wire": [b, a, Self.article("c")]]), takenDown: []).sources.count == 1)
        #expect(memo.holding(Archive(articlesBySource: ["wire": [a]]), takenDown: []).sources.isEmpty)
        #expect(memo.holding(Archive(articlesBySource: ["wire": [a, Self.article("b", title: "Edited")]]), takenDown: []).sources.isEmpty)
        #expect(memo.holding(Archive(articlesBySource: ["wire": [a, b]]), takenDown: ["x"]).sources.isEmpty)
    }

    /// The load's digests of the lines it read are what the stamps are compared with, not a line made again:
    /// a line on disk other than the one the memo stamped (edited by hand, say) makes the source parsed again.
    @Test func theStampsAreComparedWithTheLinesAsLoaded() {
        let a = Self.article("a"), b = Self.article("b")
        let memo = Self.memo([a, b])
        let archive = Archive(articlesBySource: ["wire": [a, b]])
        #expect(memo.holding(archive, takenDown: [], digests: ArchiveDigests(byID: ["a": ArchiveDigests.line(a)])).sources.count == 1)
        #expect(memo.holding(archive, takenDown: [], digests: ArchiveDigests(byID: ["a": Array(repeating: 9, count: 32)])).sources.isEmpty)
    }

    @Test func theFingerprintCoversTheDocumentAndTheSettings() {
        let source = SourceConfig(id: "wire", location: .file("feeds/wire.xml"))
        var config = SiteConfig(title: "T", sources: [source])
        let document = FetchedDocument(data: Data("<rss/>".utf8), url: URL(fileURLWithPath: "/site/feeds/wire.xml"))
        let base = ParseMemo.fingerprint(document, source: source, config: config, offline: false)
        #expect(ParseMemo.fingerprint(document, source: source, config: config, offline: false) == base)
        #expect(ParseMemo.fingerprint(document, source: source, config: config, offline: true) != base)
        var other = document
        other.data = Data("<rss />".utf8)
        #expect(ParseMemo.fingerprint(other, source: source, config: config, offline: false) != base)
        var retitled = source
        retitled.title = "Wire"
        #expect(ParseMemo.fingerprint(document, source: retitled, config: config, offline: false) != base)
        config.fetch.maxItemsPerFeed += 1
        #expect(ParseMemo.fingerprint(document, source: source, config: config, offline: false) != base)
    }
}
