import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Identity keys change with the reading rules (ADR 017), article ids never do: an
/// archive newsgen 0.1.0 wrote keeps every article, id, slug and bookmark.
@Suite("Identity across reading rules")
struct IdentityMigrationTests {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/archive-0.1.0")

    /// A copy of the site 0.1.0 built (Tests/Fixtures/archive-0.1.0), to build in.
    private struct CopiedSite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.copyItem(at: IdentityMigrationTests.fixture, to: folder)
        }

        func build() throws -> BuildReport {
            try SiteBuilder.build(try Site.load(from: folder),
                                  options: BuildOptions(output: folder.appendingPathComponent("public"), offline: true,
                                                        now: Date(timeIntervalSince1970: 1_773_057_600)))
        }

        func archive() throws -> [Article] {
            try ArchiveStore(directory: folder.appendingPathComponent("content/archive"), shownAs: "content/archive").load().allArticles
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// The articles of the fixture as 0.1.0 stored them: id → slug.
    private func storedBy010() throws -> [String: String] {
        let store = ArchiveStore(directory: Self.fixture.appendingPathComponent("content/archive"), shownAs: "content/archive")
        return Dictionary(uniqueKeysWithValues: try store.load().allArticles.map { ($0.id, $0.slug) })
    }

    @Test func aBuildOverA010ArchiveKeepsEveryArticleIDAndSlugAndStoresTheKeys() throws {
        let before = try storedBy010()
        #expect(before.count == 7)
        let site = try CopiedSite()
        defer { site.remove() }
        let report = try site.build()
        #expect(report.changes == ArchiveChanges(new: 0, updated: 7, unchanged: 0))
        let after = try site.archive()
        #expect(Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0.slug) }) == before)
        #expect(Dictionary(uniqueKeysWithValues: after.map { ($0.slug, $0.identityKey ?? "none") }) == [
            "fish-chips": "post?id=7&lang=en",
            "paging": "https://wire.example/?src=rss&page=2",
            "relative-permalink": "/stories/3",
            "q-night": "Q&A night\u{0}2026-03-05T10:00:00Z",
            "plain": "plain-5",
            "harbour-reopens": "t3_42tizy",
            "ferry-timetable": "t3_42tj00",
        ])
        // The text is read right now; the slug made from 0.1.0's reading stays.
        #expect(after.first { $0.slug == "q-night" }?.title == "Q&A night")
        #expect(after.first { $0.slug == "paging" }?.link == "https://wire.example/?src=rss&page=2")
        // Every bookmark 0.1.0 made still names an article.
        let bookmarks = try BookmarkManifest.decode(Data(contentsOf: site.folder.appendingPathComponent("bookmarks.json")), file: "bookmarks.json")
        #expect(Set(bookmarks.bookmarks.map(\.id)).isSubset(of: Set(after.map(\.id))))
        #expect(bookmarks.bookmarks.count == 4)
    }

    @Test func laterBuildsRecogniseTheArticlesByTheStoredKeys() throws {
        let site = try CopiedSite()
        defer { site.remove() }
        _ = try site.build()
        // The feeds change (a new item, an edited title): the build must run again, and find each article by its key.
        let wire = site.folder.appendingPathComponent("feeds/wire.xml")
        var text = try String(contentsOf: wire, encoding: .utf8)
        text = text.replacingOccurrences(of: "<title>Paging</title>", with: "<title>Paging, edited</title>")
            .replacingOccurrences(of: "</channel>", with: "<item><title>New &amp; fresh</title><guid isPermaLink=\"false\">new-6</guid></item></channel>")
        try Data(text.utf8).write(to: wire)
        let report = try site.build()
        #expect(report.changes == ArchiveChanges(new: 1, updated: 1, unchanged: 6))
        let after = try site.archive()
        #expect(after.count == 8)
        #expect(Set(after.map(\.id)).count == 8)
        #expect(Set(try storedBy010().keys).isSubset(of: Set(after.map(\.id))))
    }

    @Test func anArticleTakenDownUnder010sIDStaysDown() throws {
        let site = try CopiedSite()
        defer { site.remove() }
        let harbour = "f99fbaca5654b2c7" // t3_42tizy, resolved by 0.1.0
        let list = TakedownList([Takedown(id: harbour, removed: Date(timeIntervalSince1970: 1_773_000_000), title: "Harbour reopens")])
        let archive = site.folder.appendingPathComponent("content/archive")
        try list.encoded().write(to: archive.appendingPathComponent(TakedownList.fileName))
        _ = try site.build()
        let after = try site.archive()
        #expect(after.count == 6)
        #expect(!after.contains { $0.identityKey == "t3_42tizy" })
    }
}

/// `Archive.identifying`: which archived article an incoming one is.
@Suite("Identity: recognising archived articles")
struct ArchiveIdentifyingTests {
    private func incoming(_ key: String, previous: String? = nil, source: String = "s") -> IncomingArticle {
        var item = ParsedItem(id: key, title: TextConstruct("T"))
        item.previousIdentity = previous.map { ItemIdentity(id: $0, title: TextConstruct("T")) }
        return IncomingArticle(item: item, sourceID: source)!
    }

    private func stored(_ id: String, key: String?, source: String = "s") -> Article {
        Article(id: id, slug: "slug-\(id)", sourceID: source, title: "T", identityKey: key)
    }

    private func id(_ key: String, _ source: String = "s") -> String { ArticleID.make(sourceID: source, key: key) }

    @Test func theIncomingArticleCarriesItsKeyAndThe010ID() {
        let article = incoming("t3_1", previous: "https://example.org/t3_1")
        #expect(article.article.identityKey == "t3_1")
        #expect(article.article.id == id("t3_1"))
        #expect(article.previousID == id("https://example.org/t3_1"))
        #expect(incoming("same", previous: "same").previousID == nil)
    }

    @Test func byStoredKeyThenByIDThenBy010sID() {
        let archive = Archive(articlesBySource: ["s": [
            stored(id("old-a"), key: "a"),   // recognised by its key before: keeps 0.1.0's id
            stored(id("b"), key: nil),        // 0.1.0 wrote it, same key now
            stored(id("c-then"), key: nil),   // 0.1.0 wrote it under another key
        ]])
        let result = archive.identifying([incoming("a"), incoming("b"), incoming("c", previous: "c-then"), incoming("d")])
        #expect(result.map(\.article.id) == [id("old-a"), id("b"), id("c-then"), id("d")])
        #expect(result.map(\.article.identityKey) == ["a", "b", "c", "d"])
    }

    @Test func keysArePerSource() {
        let archive = Archive(articlesBySource: ["other": [stored(id("old-a", "other"), key: "a", source: "other")]])
        #expect(archive.identifying([incoming("a")]).map(\.article.id) == [id("a")])
    }

    @Test func anArticleThatStoresAKeyIsNeverTakenBy010sID() {
        // "x&y" was "x" under 0.1.0's rules, but the article with x's id now stores the key "x": another item.
        let archive = Archive(articlesBySource: ["s": [stored(id("x"), key: "x")]])
        #expect(archive.identifying([incoming("x&y", previous: "x")]).map(\.article.id) == [id("x&y")])
    }

    @Test func whenTwoItemsHad010sKeyTheOneThatStillHasItKeepsTheArticle() {
        // 0.1.0 read both "x&y" and "x" as "x": one article. Now they are two; the article is x's.
        let archive = Archive(articlesBySource: ["s": [stored(id("x"), key: nil)]])
        let result = archive.identifying([incoming("x&y", previous: "x"), incoming("x")])
        #expect(result.map(\.article.id) == [id("x&y"), id("x")])
        // And only one of two items that both were "x" under 0.1.0 takes it.
        let both = archive.identifying([incoming("x&y", previous: "x"), incoming("x&z", previous: "x")])
        #expect(both.map(\.article.id) == [id("x"), id("x&z")])
    }

    @Test func aNewArticleWhoseIDIsHeldUnderAnotherKeyGetsAnotherID() throws {
        // x&y's article took x's id from 0.1.0; an item "x" that appears later cannot share it.
        let archive = Archive(articlesBySource: ["s": [stored(id("x"), key: "x&y")]])
        let result = archive.identifying([incoming("x")])
        let given = try #require(result.first?.article.id)
        #expect(given == ArticleID.alternative(sourceID: "s", key: "x", attempt: 2))
        #expect(given != id("x"))
        // Once stored with its key, it is found by it.
        var merged = archive
        _ = merged.merge(result, markdownPresent: [])
        #expect(merged.identifying([incoming("x")]).map(\.article.id) == [given])
        #expect(merged.identifying([incoming("x&y")]).map(\.article.id) == [id("x")])
    }

    @Test func aTakedownUnderEitherIDMatches() {
        let article = incoming("t3_1", previous: "https://example.org/t3_1")
        #expect(article.isAny(of: [id("https://example.org/t3_1")]))
        #expect(article.isAny(of: [id("t3_1")]))
        #expect(!article.isAny(of: [id("t3_2")]))
    }
}
