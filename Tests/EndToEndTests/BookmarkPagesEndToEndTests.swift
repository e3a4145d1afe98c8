import Foundation
import NewsgenModel
import Testing

/// The bookmarks as the built site shows them: marks, `/bookmarks/` paginated,
/// `/bookmarks/feed.xml`, and a bookmarked article outliving its source.
@Suite("Bookmark pages, end to end", .serialized)
struct BookmarkPagesEndToEndTests {
    /// Writes a manifest bookmarking `articles` (id, title), the first one added last.
    private func bookmark(_ articles: [[String: Any]], in site: TemporarySite) throws {
        let manifest = BookmarkManifest(bookmarks: articles.enumerated().map { index, article in
            Bookmark(id: article["id"] as! String, added: Date(timeIntervalSince1970: 1_795_000_000 - Double(index) * 3_600),
                     title: article["title"] as! String, url: article["link"] as? String, note: index == 0 ? "read first" : nil)
        })
        try site.write("bookmarks.json", String(decoding: manifest.encoded(), as: UTF8.self))
    }

    @Test func aBookmarkedArticleOutlivesItsSource() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let harbor = try site.archivedArticles().filter { $0["sourceID"] as? String == "harbor-gazette" }
        let kept = try #require(harbor.first)
        try bookmark([kept], in: site)
        try site.editConfig { config in
            config["sources"] = (config["sources"] as! [[String: Any]]).filter { $0["id"] as? String != "harbor-gazette" }
        }
        let result = try site.run("build", "--offline")
        #expect(result.status == 0)
        #expect(!result.stderr.contains("names no article"), "the archive still has it: \(result.stderr)")
        let slug = kept["slug"] as! String
        let page = try site.read("public/articles/\(slug)/index.html")
        #expect(page.contains("data-testid=\"bookmark-mark\""))
        let bookmarks = try site.read("public/bookmarks/index.html")
        #expect(bookmarks.contains("href=\"../articles/\(slug)/\""))
        #expect(bookmarks.contains("read first"))
        // The archive keeps the whole removed source, not only the bookmarked article.
        #expect(try site.archivedArticles().filter { $0["sourceID"] as? String == "harbor-gazette" }.count == harbor.count)
    }

    @Test func bookmarksArePaginatedNewestFirstAndFormAnAtomFeed() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["pageSize"] = 2; $0["baseURL"] = "https://news.example.org/bay/" }
        #expect(try site.run("build", "--offline").status == 0)
        let chosen = Array(try site.archivedArticles().filter { $0["sourceID"] as? String != "articles" }.prefix(3))
        try bookmark(chosen, in: site)
        #expect(try site.run("build", "--offline").status == 0)

        let first = try site.read("public/bookmarks/index.html")
        let second = try site.read("public/bookmarks/page/2/index.html")
        let slugs = chosen.map { $0["slug"] as! String }
        #expect(first.contains("articles/\(slugs[0])/") && first.contains("articles/\(slugs[1])/") && !first.contains("articles/\(slugs[2])/"))
        #expect(second.contains("../../../articles/\(slugs[2])/"))
        #expect(first.contains("href=\"page/2/\""))
        #expect(first.contains(#"<link rel="alternate" type="application/atom+xml" title="Bookmarks" href="feed.xml">"#))

        let feed = try site.read("public/bookmarks/feed.xml")
        let entryIDs = feed.components(separatedBy: "<entry>").dropFirst().map { entry in
            String(entry.split(separator: "\n").first { $0.contains("<id>") } ?? "")
                .replacingOccurrences(of: "<id>", with: "").replacingOccurrences(of: "</id>", with: "")
                .trimmingCharacters(in: .whitespaces)
        }
        #expect(entryIDs == slugs.map { "https://news.example.org/bay/articles/\($0)/" })
    }

    /// From the clock, `added` is whole seconds, as people write it.
    @Test func aBookmarkFromTheClockIsAddedInWholeSeconds() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline", "--quiet").status == 0)
        let article = try #require(site.archivedArticles().first)
        #expect(try site.run("bookmark", "add", article["id"] as! String).status == 0)
        let manifest = try site.read("bookmarks.json")
        #expect(manifest.range(of: #""added": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ""#, options: .regularExpression) != nil, "\(manifest)")
    }
}
