import Testing
@testable import NewsgenModel

@Suite("Route")
struct RouteTests {
    static let every: [Route] = [
        .home(page: 1), .home(page: 2), .home(page: 37),
        .article(slug: "harbour-opens"), .article(slug: "a"),
        .bookmarks(page: 1), .bookmarks(page: 2), .bookmarksFeed, .sources, .source(id: "notes", page: 1), .source(id: "notes", page: 3),
        .tag(slug: "local-news", page: 1), .tag(slug: "local-news", page: 12), .search,
        .atomFeed, .jsonFeed, .sitemap, .sitemapPart(number: 1), .sitemapPart(number: 12), .opml,
        .media(name: "0123abcd.jpg"), .thumbnail(name: "0123abcd.jpg"), .asset(name: "style.css"),
    ]

    @Test(arguments: every)
    func pathRoundTrips(route: Route) {
        #expect(Route(path: route.path) == route)
    }

    @Test func paths() {
        #expect(Route.home(page: 1).path == "/")
        #expect(Route.home(page: 2).path == "/page/2/")
        #expect(Route.article(slug: "x").path == "/articles/x/")
        #expect(Route.source(id: "n", page: 2).path == "/sources/n/page/2/")
        #expect(Route.tag(slug: "t", page: 1).path == "/tags/t/")
        #expect(Route.thumbnail(name: "h.jpg").path == "/media/thumbs/h.jpg")
    }

    @Test func outputPaths() {
        #expect(Route.home(page: 1).outputPath == "index.html")
        #expect(Route.home(page: 3).outputPath == "page/3/index.html")
        #expect(Route.article(slug: "x").outputPath == "articles/x/index.html")
        #expect(Route.atomFeed.outputPath == "feed.xml")
        #expect(Route.asset(name: "style.css").outputPath == "assets/style.css")
    }

    @Test(arguments: ["", "page/2/", "/page/1/", "/page/02/", "/page/x/", "/articles/", "/articles/Bad_Slug/", "/articles/a/b/",
                      "/articles/../etc/", "/bookmarks", "/bookmarks/page/1/", "/bookmarks/feed.xml/", "/feed.xml/", "/media/..", "/media/.hidden", "/tags/t/page/1/", "/nope/", "//",
                      "/sitemaps/0.xml", "/sitemaps/01.xml", "/sitemaps/x.xml", "/sitemaps/1.xml/", "/sitemaps/.xml"])
    func rejectsWhatTheSiteDoesNotHave(path: String) {
        #expect(Route(path: path) == nil)
    }

    @Test(arguments: [
        (Route.home(page: 1), Route.home(page: 1), "./"),
        (.home(page: 1), .article(slug: "x"), "articles/x/"),
        (.article(slug: "x"), .home(page: 1), "../../"),
        (.article(slug: "x"), .article(slug: "y"), "../y/"),
        (.article(slug: "x"), .asset(name: "style.css"), "../../assets/style.css"),
        (.home(page: 2), .home(page: 3), "../3/"),
        (.home(page: 2), .home(page: 1), "../../"),
        (.home(page: 1), .asset(name: "style.css"), "assets/style.css"),
        (.bookmarks(page: 1), .article(slug: "x"), "../articles/x/"),
        (.bookmarks(page: 3), .bookmarks(page: 1), "../../"),
        (.bookmarksFeed, .bookmarks(page: 1), "./"),
        (.bookmarks(page: 1), .bookmarksFeed, "feed.xml"),
        (.source(id: "s", page: 2), .source(id: "s", page: 1), "../../"),
    ])
    func relativeLinks(from: Route, to: Route, expected: String) {
        #expect(to.relativeLink(from: from) == expected)
    }
}

@Suite("Identity")
struct IdentityTests {
    @Test func sha256KnownVectors() {
        #expect(SHA256.hex(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array(String(repeating: "a", count: 1000).utf8)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func articleIDHashesSourceNULKey() {
        // sha256("notes\0https://example.org/1"), first 16 hex digits.
        #expect(ArticleID.make(sourceID: "notes", key: "https://example.org/1") == String(SHA256.hex(Array("notes\u{0}https://example.org/1".utf8)).prefix(16)))
        #expect(ArticleID.make(sourceID: "a", key: "k").count == 16)
        #expect(ArticleID.make(sourceID: "a", key: "k") != ArticleID.make(sourceID: "b", key: "k"))
    }

    @Test func identityKeyPrefersGuidThenLinkThenTitleAndDate() {
        let date = RFC3339.date(from: "2026-01-02T03:04:05Z")
        #expect(ArticleID.key(guid: " g ", link: "l", title: "t", date: nil) == "g")
        #expect(ArticleID.key(guid: nil, link: "l", title: "t", date: nil) == "l")
        #expect(ArticleID.key(guid: "", link: " ", title: "t", date: date) == "t\u{0}2026-01-02T03:04:05Z")
        #expect(ArticleID.key(guid: nil, link: nil, title: nil, date: nil) == nil)
    }

    @Test(arguments: [
        ("Swift 6.3 Released!", "swift-6-3-released"),
        ("Crème brûlée à la Zürich", "creme-brulee-a-la-zurich"),
        ("Straße & Ærø", "strasse-and-aero"),
        ("  --Hello,   World--  ", "hello-world"),
        ("Don't panic", "dont-panic"),
        ("日本語", "article"),
        ("", "article"),
        (String(repeating: "word ", count: 30), "word-word-word-word-word-word-word-word-word-word-word-word"),
    ])
    func slugs(title: String, expected: String) {
        #expect(Slug.make(from: title) == expected)
        #expect(Slug.isValid(Slug.make(from: title)))
    }

    @Test func uniqueSlugsCountUp() {
        #expect(Slug.unique("a", taken: []) == "a")
        #expect(Slug.unique("a", taken: ["a"]) == "a-2")
        #expect(Slug.unique("a", taken: ["a", "a-2"]) == "a-3")
        let long = String(repeating: "x", count: 60)
        #expect(Slug.unique(long, taken: [long]).count == 60)
    }

    @Test func rfc3339RoundTrips() throws {
        let date = try #require(RFC3339.date(from: "2026-11-29T10:00:00+02:00"))
        #expect(RFC3339.string(from: date) == "2026-11-29T08:00:00Z")
        #expect(RFC3339.date(from: "2026-11-29T10:00:00.250Z").map(RFC3339.string) == "2026-11-29T10:00:00.250Z")
        #expect(RFC3339.date(from: "2026-11-29") == nil)
        #expect(RFC3339.date(from: "2026-13-29T10:00:00Z") == nil)
    }
}

@Suite("Civil dates")
struct CivilDateTests {
    @Test(arguments: [(1970, 1, 1, 0), (2000, 3, 1, 11_017), (2026, 11, 30, 20_787), (1969, 12, 31, -1), (2400, 2, 29, 157_113)])
    func daysRoundTrip(year: Int, month: Int, day: Int, days: Int) {
        #expect(CivilDate.daysFromCivil(year: year, month: month, day: day) == days)
        #expect(CivilDate.civilFromDays(days) == (year, month, day))
    }

    @Test func componentsWithOffset() {
        let c = CivilDate.components(secondsSince1970: 1_790_000_000, offset: 3600)
        #expect((c.year, c.month, c.day, c.hour, c.minute, c.second) == (2026, 9, 21, 15, 13, 20))
        let before = CivilDate.components(secondsSince1970: -1)
        #expect((before.year, before.month, before.day, before.hour, before.minute, before.second) == (1969, 12, 31, 23, 59, 59))
    }
}
