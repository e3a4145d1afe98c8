import Foundation
import Testing

/// `newsgen bookmark …` run as a user runs it, on temporary copies of the sample site.
@Suite("newsgen bookmark, end to end", .serialized)
struct BookmarkEndToEndTests {
    /// 2026-11-29T10:00:00Z, 2026-11-30T23:30:00Z, 2026-12-01T08:15:00Z.
    static let first = ["SOURCE_DATE_EPOCH": "1795946400"]
    static let second = ["SOURCE_DATE_EPOCH": "1796081400"]
    static let third = ["SOURCE_DATE_EPOCH": "1796112900"]

    static let lantern = (id: "ca210d146b328b1f", slug: "lantern-walk-lights-up-the-old-quay", title: "Lantern Walk Lights Up the Old Quay",
                          link: "https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay")
    static let bakery = (id: "4ad969bb535a6b21", slug: "heron-point-bakery-wins-regional-bread-prize", title: "Heron Point Bakery Wins Regional Bread Prize",
                         link: "https://example.org/harbor-gazette/2026/11/heron-point-bakery-prize")
    static let glow = (id: "7d793151381cd6db", slug: "why-the-bay-glowed-blue-last-tuesday", title: "Why the Bay Glowed Blue Last Tuesday",
                       link: "https://example.org/valley-science/2026/11/blue-glow")
    static let ferry = (id: "67f6cbd5df0b7529", slug: "ferry-timetable-changes-explained", title: "Ferry timetable changes, explained")

    /// A copy of the sample site, built once so the archive has its articles.
    private func builtSite() throws -> TemporarySite {
        let site = try TemporarySite.sample()
        let built = try site.run("build", "--offline", "--quiet", environment: Self.first)
        try #require(built.status == 0, "stderr: \(built.stderr)")
        return site
    }

    private func bytes(_ site: TemporarySite, _ relative: String = "bookmarks.json") throws -> Data { try Data(contentsOf: site.file(relative)) }

    @Test func addsByIDSitePathSiteURLAndOriginalURL() throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.editConfig { $0["baseURL"] = "https://example.net/marrow/" }

        let byID = try site.run("bookmark", "add", Self.lantern.id, environment: Self.first)
        #expect(byID.status == 0, "stderr: \(byID.stderr)")
        #expect(byID.stdout == "Bookmarked \"\(Self.lantern.title)\" (\(Self.lantern.id)).\n")
        #expect(byID.stderr == "")

        let byPath = try site.run("bookmark", "add", "articles/\(Self.bakery.slug)/index.html", "--note", "for the weekly digest",
                                  environment: Self.second)
        #expect(byPath.stdout == "Bookmarked \"\(Self.bakery.title)\" (\(Self.bakery.id)).\n")

        let bySiteURL = try site.run("bookmark", "add", "https://example.net/marrow/articles/\(Self.ferry.slug)/", environment: Self.second)
        #expect(bySiteURL.stdout == "Bookmarked \"\(Self.ferry.title)\" (\(Self.ferry.id)).\n")

        let byLink = try site.run("bookmark", "add", "http://EXAMPLE.org/valley-science/2026/11/blue-glow/?utm_source=feed", environment: Self.third)
        #expect(byLink.stdout == "Bookmarked \"\(Self.glow.title)\" (\(Self.glow.id)).\n")

        // Sorted by id; a Markdown article has no original URL.
        #expect(try site.read("bookmarks.json") == """
            {
              "version": 1,
              "bookmarks": [
                {
                  "id": "4ad969bb535a6b21",
                  "added": "2026-11-30T23:30:00Z",
                  "title": "Heron Point Bakery Wins Regional Bread Prize",
                  "url": "https://example.org/harbor-gazette/2026/11/heron-point-bakery-prize",
                  "note": "for the weekly digest"
                },
                {
                  "id": "67f6cbd5df0b7529",
                  "added": "2026-11-30T23:30:00Z",
                  "title": "Ferry timetable changes, explained"
                },
                {
                  "id": "7d793151381cd6db",
                  "added": "2026-12-01T08:15:00Z",
                  "title": "Why the Bay Glowed Blue Last Tuesday",
                  "url": "https://example.org/valley-science/2026/11/blue-glow"
                },
                {
                  "id": "ca210d146b328b1f",
                  "added": "2026-11-29T10:00:00Z",
                  "title": "Lantern Walk Lights Up the Old Quay",
                  "url": "https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay"
                }
              ]
            }

            """)
    }

    @Test func addingTwiceChangesNothingAndANewNoteIsKept() throws {
        let site = try builtSite()
        defer { site.remove() }
        #expect(try site.run("bookmark", "add", "/articles/\(Self.lantern.slug)/", environment: Self.first).status == 0)
        let before = try bytes(site)

        let again = try site.run("bookmark", "add", Self.lantern.link, environment: Self.third)
        #expect(again.status == 0)
        #expect(again.stdout == "Already bookmarked: \"\(Self.lantern.title)\" (\(Self.lantern.id)).\n")
        #expect(try bytes(site) == before, "the file is untouched byte for byte")

        let noted = try site.run("bookmark", "add", Self.lantern.id, "--note", "lead story", environment: Self.third)
        #expect(noted.stdout == "Updated the note of \"\(Self.lantern.title)\" (\(Self.lantern.id)).\n")
        let withNote = try site.read("bookmarks.json")
        #expect(withNote.contains("\"added\": \"2026-11-29T10:00:00Z\""), "the bookmark keeps its date")
        #expect(withNote.contains("\"note\": \"lead story\""))

        let sameNote = try site.run("bookmark", "add", Self.lantern.id, "--note", "lead story", environment: Self.third)
        #expect(sameNote.stdout == "Already bookmarked: \"\(Self.lantern.title)\" (\(Self.lantern.id)).\n")

        let cleared = try site.run("bookmark", "add", Self.lantern.id, "--note", "", environment: Self.third)
        #expect(cleared.stdout == "Removed the note of \"\(Self.lantern.title)\" (\(Self.lantern.id)).\n")
        #expect(try bytes(site) == before)
    }

    @Test func removeAndToggle() throws {
        let site = try builtSite()
        defer { site.remove() }
        #expect(try site.run("bookmark", "add", Self.glow.id, environment: Self.first).status == 0)

        let removed = try site.run("bookmark", "remove", Self.glow.link)
        #expect(removed.status == 0)
        #expect(removed.stdout == "Removed the bookmark of \"\(Self.glow.title)\" (\(Self.glow.id)).\n")
        #expect(try site.read("bookmarks.json") == "{\n  \"version\": 1,\n  \"bookmarks\": []\n}\n")

        let afterRemove = try bytes(site)
        let again = try site.run("bookmark", "remove", Self.glow.id)
        #expect(again.status == 0)
        #expect(again.stdout == "Not bookmarked: \"\(Self.glow.title)\" (\(Self.glow.id)).\n")
        #expect(try bytes(site) == afterRemove)

        let on = try site.run("bookmark", "toggle", "/articles/\(Self.glow.slug)", "--note", "explainer", environment: Self.second)
        #expect(on.stdout == "Bookmarked \"\(Self.glow.title)\" (\(Self.glow.id)).\n")
        #expect(try site.read("bookmarks.json").contains("\"note\": \"explainer\""))
        let off = try site.run("bookmark", "toggle", Self.glow.id)
        #expect(off.stdout == "Removed the bookmark of \"\(Self.glow.title)\" (\(Self.glow.id)).\n")
        #expect(try bytes(site) == afterRemove)
    }

    /// A bookmark whose article has left the archive can still be removed, by id or by its url.
    @Test func aBookmarkWithoutItsArticleCanBeRemoved() throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.write("bookmarks.json", """
            {"version": 1, "bookmarks": [
              {"id": "0123456789abcdef", "added": "2026-01-02T03:04:05Z", "title": "Gone", "url": "https://example.org/gone"},
              {"id": "fedcba9876543210", "added": "2026-01-02T03:04:05Z", "title": "Also gone"}
            ]}
            """)
        let byURL = try site.run("bookmark", "remove", "https://example.org/gone/")
        #expect(byURL.stdout == "Removed the bookmark of \"Gone\" (0123456789abcdef).\n")
        let byID = try site.run("bookmark", "toggle", "fedcba9876543210")
        #expect(byID.stdout == "Removed the bookmark of \"Also gone\" (fedcba9876543210).\n")
        #expect(try site.read("bookmarks.json") == "{\n  \"version\": 1,\n  \"bookmarks\": []\n}\n")
    }

    @Test func listsNewestFirstAsTextAndJSON() throws {
        let site = try builtSite()
        defer { site.remove() }
        let none = try site.run("bookmark", "list")
        #expect(none.status == 0)
        #expect(none.stdout == "No bookmarks.\n")
        #expect(try site.run("bookmark", "list", "--json").stdout == "{\n  \"bookmarks\": []\n}\n")

        #expect(try site.run("bookmark", "add", Self.lantern.id, environment: Self.first).status == 0)
        #expect(try site.run("bookmark", "add", Self.ferry.id, "--note", "pin on the front page", environment: Self.second).status == 0)
        #expect(try site.run("bookmark", "add", Self.glow.id, environment: Self.third).status == 0)
        // An entry whose article is gone has no path.
        let manifest = try site.read("bookmarks.json")
        try site.write("bookmarks.json", manifest.replacingOccurrences(of: "  \"bookmarks\": [\n", with: """
              "bookmarks": [
                { "id": "0000000000000001", "added": "2026-11-29T09:00:00Z", "title": "An older story" },

            """))

        let text = try site.run("bookmark", "list")
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout == """
            2026-12-01  7d793151381cd6db  Why the Bay Glowed Blue Last Tuesday
            2026-11-30  67f6cbd5df0b7529  Ferry timetable changes, explained
                        pin on the front page
            2026-11-29  ca210d146b328b1f  Lantern Walk Lights Up the Old Quay
            2026-11-29  0000000000000001  An older story

            """)

        let json = try site.run("bookmark", "list", "--json")
        #expect(json.stdout == """
            {
              "bookmarks": [
                {
                  "added": "2026-12-01T08:15:00Z",
                  "id": "7d793151381cd6db",
                  "path": "/articles/why-the-bay-glowed-blue-last-tuesday/",
                  "title": "Why the Bay Glowed Blue Last Tuesday",
                  "url": "https://example.org/valley-science/2026/11/blue-glow"
                },
                {
                  "added": "2026-11-30T23:30:00Z",
                  "id": "67f6cbd5df0b7529",
                  "note": "pin on the front page",
                  "path": "/articles/ferry-timetable-changes-explained/",
                  "title": "Ferry timetable changes, explained"
                },
                {
                  "added": "2026-11-29T10:00:00Z",
                  "id": "ca210d146b328b1f",
                  "path": "/articles/lantern-walk-lights-up-the-old-quay/",
                  "title": "Lantern Walk Lights Up the Old Quay",
                  "url": "https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay"
                },
                {
                  "added": "2026-11-29T09:00:00Z",
                  "id": "0000000000000001",
                  "title": "An older story"
                }
              ]
            }

            """)

        // Days are the site's: in Auckland, 23:30 UTC on 30 November is already 1 December.
        try site.editConfig { $0["timeZone"] = "Pacific/Auckland" }
        #expect(try site.run("bookmark", "list").stdout.split(separator: "\n")[1] == "2026-12-01  67f6cbd5df0b7529  Ferry timetable changes, explained")
    }

    @Test func anUnknownArticleListsTheClosest() throws {
        let site = try builtSite()
        defer { site.remove() }
        let before = try bytes(site)
        let result = try site.run("bookmark", "add", "/articles/lantern-walk/")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: no article matches '/articles/lantern-walk/'; the closest:
              ca210d146b328b1f  /articles/lantern-walk-lights-up-the-old-quay/  Lantern Walk Lights Up the Old Quay
              51d3a32a68fe8d49  /articles/winter-parking-permits-now-available/  Winter Parking Permits Now Available
              954758e6e2ef23af  /articles/storm-season-shuts-the-outer-breakwater-path/  Storm Season Shuts the Outer Breakwater Path

            """)
        #expect(try bytes(site) == before)
    }

    @Test func withoutABuildThereIsNothingToBookmark() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.file("bookmarks.json"))
        let result = try site.run("bookmark", "add", Self.lantern.id)
        #expect(result.status == 1)
        #expect(result.stderr == "error: no article matches '\(Self.lantern.id)': the archive (content/archive) has no articles yet; run 'newsgen build' first\n")
        #expect(!FileManager.default.fileExists(atPath: site.file("bookmarks.json").path))
        #expect(try site.run("bookmark", "list").stdout == "No bookmarks.\n", "a missing manifest is an empty one")
    }

    @Test func aMissingManifestIsCreatedAtTheConfiguredPath() throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.editConfig { $0["bookmarks"] = "curation/picks.json" }
        let result = try site.run("bookmark", "add", Self.ferry.id, environment: Self.first)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try site.read("curation/picks.json").contains("\"id\": \"67f6cbd5df0b7529\""))
    }

    @Test(arguments: [
        ("{\n  \"version\": 1,\n  \"bookmarks\": [\n    {\"id\": 3}\n  ]\n}\n", "bookmarks.json:4:12: 'bookmarks[0].id' must be a string, found a number; it was left untouched"),
        ("{\n  \"version\": 1,\n  \"bookmarks\": [,]\n}\n", "bookmarks.json:3:17: not valid JSON (invalid value); it was left untouched"),
    ])
    func aManifestThatCannotBeReadIsLeftAlone(manifest: String, message: String) throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.write("bookmarks.json", manifest)
        for arguments in [["bookmark", "add", Self.lantern.id], ["bookmark", "remove", Self.lantern.id], ["bookmark", "list"]] {
            let result = try Newsgen.run(arguments, in: site.directory)
            #expect(result.status == 1)
            #expect(result.stderr == "error: \(message)\n")
            #expect(try site.read("bookmarks.json") == manifest, "byte for byte")
        }
    }

    @Test(arguments: [
        (["bookmark"], "bookmark needs a subcommand: add, remove, toggle or list"),
        (["bookmark", "ad", "ca210d146b328b1f"], "unknown bookmark subcommand 'ad' (did you mean 'add'?); use add, remove, toggle or list"),
        (["bookmark", "remove"], "bookmark remove needs an article: its id, its page on the site (/articles/<slug>/) or its URL"),
        (["bookmark", "list", "--jsno"], "unknown option '--jsno' (did you mean '--json'?)"),
    ])
    func misuseExits64(arguments: [String], message: String) throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let before = try bytes(site)
        let result = try Newsgen.run(arguments, in: site.directory)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(message)\nRun 'newsgen help bookmark' for usage.\n")
        #expect(try bytes(site) == before)
    }

    @Test func helpBookmark() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let help = try site.run("help", "bookmark")
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: newsgen bookmark add ARTICLE [--note TEXT] [--site DIR]\n"))
        #expect(try site.run("bookmark", "list", "--help").stdout == help.stdout)
        #expect(try site.run("--help").stdout.contains("\n  bookmark    Add, remove, toggle or list the site's bookmarks (bookmarks.json)\n"))
    }

    @Test func siteFlagNamesAnotherFolder() throws {
        let site = try builtSite()
        defer { site.remove() }
        let result = try Newsgen.run(["bookmark", "add", Self.lantern.id, "--site", site.directory.lastPathComponent],
                                     in: site.directory.deletingLastPathComponent(), environment: Self.first)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try site.read("bookmarks.json").contains("\"id\": \"ca210d146b328b1f\""))
    }

    /// An edit takes the build lock: while a build holds it, `bookmark add` exits 1 and leaves the
    /// manifest alone; `bookmark list` only reads, so it still answers.
    @Test func anEditWaitsForNoBuildButAListDoesNot() throws {
        let site = try builtSite()
        defer { site.remove() }
        let before = try bytes(site)
        let descriptor = open(site.file(".newsgen/build.lock").path, O_RDWR | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let refused = try site.run("bookmark", "add", Self.lantern.id, environment: Self.first)
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: another newsgen build or edit is running in \(site.directory.path) (lock .newsgen/build.lock)\n")
        #expect(try bytes(site) == before)
        #expect(try site.run("bookmark", "list").status == 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        #expect(try site.run("bookmark", "add", Self.lantern.id, environment: Self.first).status == 0)
        #expect(try bytes(site) != before)
    }
}
