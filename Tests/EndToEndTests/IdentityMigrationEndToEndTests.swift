import Foundation
import Testing

/// A site newsgen 0.1.0 built and bookmarked (Tests/Fixtures/archive-0.1.0), built by
/// this newsgen, whose reading of those feeds gives other identity keys (ADR 017):
/// the bookmarks still name their articles, at the same pages.
@Suite("Identity migration, end to end", .serialized)
struct IdentityMigrationEndToEndTests {
    private func site010() throws -> TemporarySite {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-e2e-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TemporarySite.packageRoot.appendingPathComponent("Tests/Fixtures/archive-0.1.0"),
                                         to: directory)
        return TemporarySite(directory: directory)
    }

    @Test func bookmarksMadeBy010KeepTheirArticlesAndPages() throws {
        let site = try site010()
        defer { site.remove() }
        let manifestBefore = try site.read("bookmarks.json")
        let result = try site.run("build", environment: ["SOURCE_DATE_EPOCH": "1773057600"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 new, 7 updated, 0 unchanged"), "\(result.stdout)")
        #expect(!result.stderr.contains("names no article"), "\(result.stderr)")

        let articles = try site.archivedArticles()
        #expect(articles.count == 7)
        #expect(Set(articles.map { $0["id"] as! String }).count == 7)
        #expect(articles.allSatisfy { $0["identityKey"] is String })
        let harbour = try #require(articles.first { $0["id"] as? String == "f99fbaca5654b2c7" })
        #expect(harbour["identityKey"] as? String == "t3_42tizy")
        #expect(harbour["slug"] as? String == "harbour-reopens")

        // The bookmarks page lists all four, at the pages 0.1.0 made.
        let page = try site.read("public/bookmarks/index.html")
        for slug in ["harbour-reopens", "fish-chips", "paging", "q-night"] {
            #expect(page.contains("href=\"../articles/\(slug)/\""), "\(slug)")
        }
        #expect(page.contains("Atom id resolved by 0.1.0"))
        #expect(try site.read("public/articles/fish-chips/index.html").contains("data-testid=\"bookmark-mark\""))

        // The link as it reads now names the article 0.1.0 bookmarked under its old reading.
        let again = try site.run("bookmark", "add", "https://wire.example/?src=rss&page=2")
        #expect(again.status == 0)
        #expect(again.stdout == "Already bookmarked: \"Paging\" (e516d20a1ca0361a).\n")
        #expect(try site.read("bookmarks.json") == manifestBefore)
    }
}
