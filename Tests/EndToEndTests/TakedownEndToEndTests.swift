import Foundation
import Testing

/// `newsgen archive remove …` run as a user runs it, on temporary copies of the sample site.
@Suite("newsgen archive remove, end to end", .serialized)
struct TakedownEndToEndTests {
    /// 2026-11-29T10:00:00Z and 2026-11-30T23:30:00Z.
    static let first = ["SOURCE_DATE_EPOCH": "1795946400"]
    static let second = ["SOURCE_DATE_EPOCH": "1796081400"]

    static let lantern = (id: "ca210d146b328b1f", slug: "lantern-walk-lights-up-the-old-quay", title: "Lantern Walk Lights Up the Old Quay",
                          link: "https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay")

    /// A copy of the sample site, built once so the archive has its articles.
    private func builtSite() throws -> TemporarySite {
        let site = try TemporarySite.sample()
        let built = try site.run("build", "--offline", "--quiet", environment: Self.first)
        try #require(built.status == 0, "stderr: \(built.stderr)")
        return site
    }

    /// The files under public/ that mention the article at all (its slug, id or title).
    private func mentions(_ site: TemporarySite) throws -> [String] {
        try site.snapshot().filter { _, data in
            let text = String(decoding: data, as: UTF8.self)
            return text.contains(Self.lantern.slug) || text.contains(Self.lantern.id) || text.contains(Self.lantern.title)
        }.keys.sorted()
    }

    @Test func removeTakesThePageDownAndNoBuildBringsItBack() throws {
        let site = try builtSite()
        defer { site.remove() }
        let page = site.publicDirectory.appendingPathComponent("articles/\(Self.lantern.slug)/index.html")
        try #require(FileManager.default.fileExists(atPath: page.path))
        #expect(try mentions(site).contains("index.html"), "the front page lists it before")

        let removed = try site.run("archive", "remove", "/articles/\(Self.lantern.slug)/", "--reason", "legal request", environment: Self.second)
        #expect(removed.status == 0, "stderr: \(removed.stderr)")
        #expect(removed.stdout == "Removed \"\(Self.lantern.title)\" (\(Self.lantern.id)) from the archive; "
                + "the next build takes its page down and no fetch brings it back.\n")
        #expect(removed.stderr == "")
        #expect(try !site.archivedArticles().contains { $0["id"] as? String == Self.lantern.id })
        #expect(try site.archivedArticles().count > 0)
        #expect(try site.read("content/archive/takedowns.json") == """
            {
              "version": 1,
              "takedowns": [
                {
                  "id": "ca210d146b328b1f",
                  "removed": "2026-11-30T23:30:00Z",
                  "title": "Lantern Walk Lights Up the Old Quay",
                  "url": "https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay",
                  "reason": "legal request"
                }
              ]
            }

            """)

        // The feed file still has the item: neither this build nor the next brings it back.
        for _ in 0..<2 {
            let built = try site.run("build", "--offline", "--quiet", environment: Self.second)
            #expect(built.status == 0, "stderr: \(built.stderr)")
            #expect(built.stderr == "")
            #expect(!FileManager.default.fileExists(atPath: page.path))
            #expect(try mentions(site) == [])
            #expect(try !site.archivedArticles().contains { $0["id"] as? String == Self.lantern.id })
        }

        // Again, by id or by its original URL: nothing changes, exit 0.
        let before = try site.read("content/archive/takedowns.json")
        for reference in [Self.lantern.id, Self.lantern.link] {
            let again = try site.run("archive", "remove", reference, environment: Self.first)
            #expect(again.status == 0, "stderr: \(again.stderr)")
            #expect(again.stdout == "\"\(Self.lantern.title)\" (\(Self.lantern.id)) is already taken down (since 2026-11-30T23:30:00Z); nothing changed.\n")
        }
        #expect(try site.read("content/archive/takedowns.json") == before)
    }

    @Test func aBookmarkedArticleIsRefused() throws {
        let site = try builtSite()
        defer { site.remove() }
        #expect(try site.run("bookmark", "add", Self.lantern.id, environment: Self.first).status == 0)
        let refused = try site.run("archive", "remove", Self.lantern.link)
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "error: \"\(Self.lantern.title)\" (\(Self.lantern.id)) is bookmarked; remove the bookmark first "
                + "('newsgen bookmark remove \(Self.lantern.id)'), so that /bookmarks/ stops showing it too\n")
        #expect(!FileManager.default.fileExists(atPath: site.file("content/archive/takedowns.json").path))
        #expect(try site.archivedArticles().contains { $0["id"] as? String == Self.lantern.id })
    }

    @Test func anUnreadableListIsAnErrorAndLeftUntouched() throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.write("content/archive/takedowns.json", "{\"version\": 1, \"takedowns\": [}")
        let archived = try site.archivedArticles().count

        let removed = try site.run("archive", "remove", Self.lantern.id)
        #expect(removed.status == 1)
        #expect(removed.stderr == "error: content/archive/takedowns.json: not valid JSON; the file was left untouched\n")
        #expect(try site.read("content/archive/takedowns.json") == "{\"version\": 1, \"takedowns\": [}")
        #expect(try site.archivedArticles().count == archived)

        let built = try site.run("build", "--offline", "--quiet")
        #expect(built.status == 1)
        #expect(built.stderr.contains("error: content/archive/takedowns.json: not valid JSON; the file was left untouched\n"))
    }

    @Test func unknownArticleListsTheClosest() throws {
        let site = try builtSite()
        defer { site.remove() }
        let missing = try site.run("archive", "remove", "/articles/lantern-walk/")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: no article matches '/articles/lantern-walk/'; the closest:\n"))
        #expect(missing.stderr.contains(Self.lantern.id))
        #expect(!FileManager.default.fileExists(atPath: site.file("content/archive/takedowns.json").path))
    }
}
