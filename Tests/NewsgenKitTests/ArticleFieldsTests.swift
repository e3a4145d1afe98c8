import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Every stored property of `Article` reaches the archive and comes back: the list of properties
/// comes from `Mirror`, not from a list kept by hand, so a property added to `Article` and
/// forgotten in `Article.fields` fails here.
@Suite("Article fields in the archive line")
struct ArticleFieldsTests {
    /// Every optional set and every value away from its default.
    static let full: Article = {
        var article = Article(id: "0123456789abcdef", slug: "full-slug", sourceID: "full-source", title: "Full \"title\"",
                              link: "https://example.com/a/b?c=d", author: "Ann Author", published: Date(timeIntervalSince1970: 1_790_000_000.5),
                              updated: Date(timeIntervalSince1970: 1_790_086_400), summaryHTML: "<p>summary</p>",
                              contentHTML: "<p>content\u{2028}é</p>", tags: ["one", "two"], imageURL: "https://example.com/i.png",
                              identityKey: "guid\u{0}key",
                              fullText: FullText(html: "<p>the page's text</p>", url: "https://example.com/a/b?c=d", finalURL: "https://example.com/a/b",
                                                 extractedAt: Date(timeIntervalSince1970: 1_790_090_000), extractor: "1", feedStamp: "00ff00ff00ff00ff",
                                                 savedPage: "content/saved-pages/example.com/a/b", leadImage: "https://example.com/hero.jpg",
                                                 wall: .paywall, feedKept: .pageShorter, rules: "0011223344556677"))
        article.feedText = .teaser
        return article
    }()

    private static var properties: [(label: String, value: Any)] {
        Mirror(reflecting: full).children.map { ($0.label ?? "?", $0.value) }
    }

    @Test func everyStoredPropertyHasAField() {
        #expect(Set(Self.properties.map(\.label)) == Set(Article.fields.map(\.name)))
        #expect(Article.fields.count == Self.properties.count)
        #expect(ArchiveLine.knownKeys == Set(Self.properties.map(\.label)))
    }

    @Test func everyStoredPropertyIsWrittenAndReadBack() throws {
        let line = ArchiveLineWriter.line(Self.full)
        let root = try JSONDocument(line).root
        let read = try #require(try? ArchiveLine.read(Array(line)).get())
        #expect(read.unknownKeys.isEmpty)
        let restored = Mirror(reflecting: read.article).children.map { ($0.label ?? "?", $0.value) }
        for ((label, value), (restoredLabel, restoredValue)) in zip(Self.properties, restored) {
            #expect(label == restoredLabel)
            // Written: the line holds the property, and not as an empty or absent value.
            let written = try #require(root.member(label), "'\(label)' is not in the archive line")
            #expect(!written.isNull && written.byteRange.count > 2, "'\(label)' is written empty")
            // Restored: the value read back is the value written.
            #expect(String(describing: restoredValue) == String(describing: value), "'\(label)' did not come back")
        }
        #expect(read.article == Self.full)
        #expect(ArchiveLineWriter.line(read.article) == line)
    }

    @Test func theLineIsTheEncodersLine() throws {
        #expect(ArchiveLineWriter.line(Self.full) == (try FoundationOracle.archiveEncoder().encode(Self.full)))
    }

    /// A line written before issue 35 (no `wall`, no `feedKept` in its `fullText`) is read and written back
    /// byte for byte; one written after names them, sorted among the other members.
    @Test func aFullTextWithoutWallOrChoiceIsWrittenAsBefore() throws {
        let old = #"{"fullText":{"extractedAt":"2026-11-18T11:06:40Z","extractor":"1","feedStamp":"00ff00ff00ff00ff","finalURL":"https://e.x/a","html":"<p>t</p>","url":"https://e.x/a"},"id":"a","slug":"s","sourceID":"x","tags":[],"title":"t"}"#
        let read = try #require(try? ArchiveLine.read(Array(old.utf8)).get())
        #expect(read.article.fullText?.wall == nil && read.article.fullText?.feedKept == nil)
        #expect(read.article.fullText?.isShown == true)
        #expect(ArchiveLineWriter.line(read.article) == Data(old.utf8))

        var article = read.article
        article.fullText?.wall = .consentWall
        article.fullText?.feedKept = .pageDifferent
        let written = String(decoding: ArchiveLineWriter.line(article), as: UTF8.self)
        #expect(written.contains(#""extractor":"1","feedKept":"pageDifferent","feedStamp":"#), "\(written)")
        #expect(written.contains(#""url":"https://e.x/a","wall":"consentWall"}"#), "\(written)")
        #expect(try ArchiveLine.read(Array(written.utf8)).get().article == article)
    }

    @Test(arguments: [
        (#"{"fullText":{"extractedAt":"2026-11-18T11:06:40Z","extractor":"1","feedStamp":"f","finalURL":"u","html":"h","url":"u","wall":"login"},"id":"a","slug":"s","sourceID":"x","tags":[],"title":"t"}"#,
         "'fullText.wall' must be a \"paywall\" or \"consentWall\""),
        (#"{"fullText":{"extractedAt":"2026-11-18T11:06:40Z","extractor":"1","feedKept":true,"feedStamp":"f","finalURL":"u","html":"h","url":"u"},"id":"a","slug":"s","sourceID":"x","tags":[],"title":"t"}"#,
         "'fullText.feedKept' must be a string"),
    ])
    func anUnknownWallOrChoiceIsRefusedByName(line: String, reason: String) {
        guard case .failure(let error) = ArchiveLine.read(Array(line.utf8)) else {
            Issue.record("'\(line)' was read as an article")
            return
        }
        #expect(error.reason.hasPrefix(reason), "\(error.reason)")
    }

    @Test(arguments: [
        (#"{"id":"a","slug":"s","sourceID":"x","tags":[]}"#, "'title' is missing"),
        (#"{"slug":"s","sourceID":"x","tags":[]}"#, "'id' is missing"),
        (#"{"id":"a","slug":"s","sourceID":"x","title":null,"tags":[]}"#, "'title' is null"),
        (#"{"id":"a","slug":"s","sourceID":"x","title":3,"tags":[]}"#, "'title' must be a string"),
        (#"{"id":"a","slug":"s","sourceID":"x","title":"t","tags":{}}"#, "'tags' must be a list"),
        (#"{"id":"a","slug":"s","sourceID":"x","title":"t","tags":["a",1]}"#, "'tags[1]' must be a string"),
        (#"{"id":"a","slug":"s","sourceID":"x","title":"t","tags":[null]}"#, "'tags[0]' is null"),
        (#"{"id":"a","slug":"s","sourceID":"x","title":"t","tags":[],"published":"May"}"#, "'published': 'May' is not an RFC 3339 date"),
        (#"{"id":"a","slug":"s","sourceID":"x","title":"t","tags":[],"published":1}"#, "'published' must be a string"),
        (#"{"id":"a","slug":"s","sourceID":"x","tags":[],"published":1}"#, "'title' is missing"),
        ("[]", "not a JSON object"), ("null", "not a JSON object"), ("{", "not valid JSON"), (#"{"id":"\ud800"}"#, "not valid JSON"),
    ])
    func aLineThatIsNoArticleSaysWhy(line: String, reason: String) {
        guard case .failure(let error) = ArchiveLine.read(Array(line.utf8)) else {
            Issue.record("'\(line)' was read as an article")
            return
        }
        #expect(error.reason == reason)
    }
}
