import Foundation
import Testing
@testable import NewsgenModel

@Suite("Route")
struct RouteTests {
    static let november = YearMonth(year: 2026, month: 11)!

    static let every: [Route] = [
        .home, .archive, .month(list: .home, november), .month(list: .home, YearMonth(year: 1970, month: 1)!),
        .month(list: .home, YearMonth(year: 0, month: 12)!), .month(list: .home, YearMonth(year: 9999, month: 10)!),
        .legacyPage(list: .home, page: 2), .legacyPage(list: .home, page: 37),
        .article(slug: "harbour-opens"), .article(slug: "a"),
        .bookmarks(page: 1), .bookmarks(page: 2), .bookmarksFeed, .sources(page: 1), .sources(page: 2), .sources(page: 100), .source(id: "notes"),
        .month(list: .source(id: "notes"), november), .legacyPage(list: .source(id: "notes"), page: 3),
        .source(id: "page"), .month(list: .source(id: "page"), november), .legacyPage(list: .source(id: "page"), page: 2),
        .source(id: "archive"), .month(list: .source(id: "2026"), november),
        .tag(slug: "local-news"), .month(list: .tag(slug: "local-news"), YearMonth(year: 2025, month: 1)!),
        .legacyPage(list: .tag(slug: "local-news"), page: 12), .search,
        .atomFeed, .jsonFeed, .sitemap, .sitemapPart(number: 1), .sitemapPart(number: 12), .opml,
        .media(name: "0123abcd.jpg"), .thumbnail(name: "0123abcd.jpg"), .asset(name: "style.css"),
    ]

    @Test(arguments: every)
    func pathRoundTrips(route: Route) {
        #expect(Route(path: route.path) == route)
    }

    @Test func paths() {
        #expect(Route.home.path == "/")
        #expect(Route.archive.path == "/archive/")
        #expect(Route.month(list: .home, Self.november).path == "/archive/2026/11/")
        #expect(Route.month(list: .home, YearMonth(year: 812, month: 3)!).path == "/archive/0812/03/")
        #expect(Route.month(list: .source(id: "n"), Self.november).path == "/sources/n/2026/11/")
        #expect(Route.month(list: .tag(slug: "t"), YearMonth(year: 2027, month: 1)!).path == "/tags/t/2027/01/")
        #expect(Route.legacyPage(list: .home, page: 2).path == "/page/2/")
        #expect(Route.legacyPage(list: .source(id: "n"), page: 2).path == "/sources/n/page/2/")
        #expect(Route.legacyPage(list: .tag(slug: "t"), page: 9).path == "/tags/t/page/9/")
        #expect(Route.sources(page: 1).path == "/sources/")
        #expect(Route.sources(page: 0).path == "/sources/")
        #expect(Route.sources(page: 3).path == "/sources/page/3/")
        // A source whose id is "page" keeps its own paths: they have one or three segments after its id, never a number alone.
        #expect(Route.source(id: "page").path == "/sources/page/")
        #expect(Route.month(list: .source(id: "page"), Self.november).path == "/sources/page/2026/11/")
        #expect(Route.article(slug: "x").path == "/articles/x/")
        #expect(Route.tag(slug: "t").path == "/tags/t/")
        #expect(Route.thumbnail(name: "h.jpg").path == "/media/thumbs/h.jpg")
        #expect(Route.front(of: .source(id: "n")) == .source(id: "n"))
        #expect(Route.front(of: .home) == .home)
    }

    @Test func outputPaths() {
        #expect(Route.home.outputPath == "index.html")
        #expect(Route.legacyPage(list: .home, page: 3).outputPath == "page/3/index.html")
        #expect(Route.month(list: .home, Self.november).outputPath == "archive/2026/11/index.html")
        #expect(Route.archive.outputPath == "archive/index.html")
        #expect(Route.article(slug: "x").outputPath == "articles/x/index.html")
        #expect(Route.atomFeed.outputPath == "feed.xml")
        #expect(Route.asset(name: "style.css").outputPath == "assets/style.css")
    }

    @Test(arguments: ["", "page/2/", "/page/1/", "/page/02/", "/page/x/", "/articles/", "/articles/Bad_Slug/", "/articles/a/b/",
                      "/articles/../etc/", "/bookmarks", "/bookmarks/page/1/", "/bookmarks/feed.xml/", "/feed.xml/", "/media/..", "/media/.hidden", "/tags/t/page/1/", "/nope/", "//",
                      "/sitemaps/0.xml", "/sitemaps/01.xml", "/sitemaps/x.xml", "/sitemaps/1.xml/", "/sitemaps/.xml",
                      // Months: a real month in two digits, a year in exactly four, a folder, nothing after.
                      "/archive", "/archive/2026/", "/archive/2026/00/", "/archive/2026/13/", "/archive/2026/1/", "/archive/2026/011/",
                      "/archive/026/11/", "/archive/20260/11/", "/archive/+026/11/", "/archive/-026/11/", "/archive/2026/+1/",
                      "/archive/2026/11", "/archive/2026/11/01/", "/archive/２０２６/11/", "/archive/page/2/",
                      "/sources/n/2026/", "/sources/n/2026/13/", "/sources/n/26/11/", "/sources/n/2026/11/x/", "/sources/n/2026/1a/",
                      "/tags/t/2026/00/", "/tags/t/12026/01/", "/tags/t/month/01/", "/sources/Bad_Id/2026/11/", "/tags/t/page/2/x/",
                      "/sources/page/1/", "/sources/page/01/", "/sources/page/x/", "/sources/page/2", "/sources/page/2/x/", "/sources/n/2/"])
    func rejectsWhatTheSiteDoesNotHave(path: String) {
        #expect(Route(path: path) == nil)
    }

    @Test func yearMonthsAreUTCMonthsAndUndatedIsJanuary1970() throws {
        let endOfOctober = try #require(RFC3339.date(from: "2026-10-31T23:59:59Z"))
        #expect(YearMonth(listing: endOfOctober) == YearMonth(year: 2026, month: 10))
        #expect(YearMonth(listing: endOfOctober.addingTimeInterval(1)) == Self.november)
        // 01:30 on 1 November at +02:00 is 23:30 on 31 October in UTC: listed under October.
        #expect(YearMonth(listing: RFC3339.date(from: "2026-11-01T01:30:00+02:00")) == YearMonth(year: 2026, month: 10))
        #expect(YearMonth(listing: nil) == YearMonth(year: 1970, month: 1))
        #expect(YearMonth(listing: Date(timeIntervalSince1970: 300_000_000_000)) == YearMonth(year: 1970, month: 1))
        #expect(YearMonth(listing: Date(timeIntervalSince1970: -1)) == YearMonth(year: 1969, month: 12))
        #expect(YearMonth(year: 2026, month: 0) == nil && YearMonth(year: 2026, month: 13) == nil && YearMonth(year: 10_000, month: 1) == nil)
        #expect(YearMonth(year: -1, month: 1) == nil)
        #expect(YearMonth(year: 2026, month: 2)! < YearMonth(year: 2026, month: 11)! && YearMonth(year: 2025, month: 12)! < Self.november)
        #expect(Self.november.name == "November 2026")
    }

    @Test(arguments: [
        (Route.home, Route.home, "./"),
        (.home, .article(slug: "x"), "articles/x/"),
        (.article(slug: "x"), .home, "../../"),
        (.article(slug: "x"), .article(slug: "y"), "../y/"),
        (.article(slug: "x"), .asset(name: "style.css"), "../../assets/style.css"),
        (.month(list: .home, november), .month(list: .home, YearMonth(year: 2026, month: 10)!), "../10/"),
        (.month(list: .home, november), .month(list: .home, YearMonth(year: 2025, month: 12)!), "../../2025/12/"),
        (.month(list: .home, november), .home, "../../../"),
        (.month(list: .source(id: "s"), november), .source(id: "s"), "../../"),
        (.legacyPage(list: .home, page: 2), .archive, "../../archive/"),
        (.legacyPage(list: .tag(slug: "t"), page: 2), .tag(slug: "t"), "../../"),
        (.home, .asset(name: "style.css"), "assets/style.css"),
        (.bookmarks(page: 1), .article(slug: "x"), "../articles/x/"),
        (.bookmarks(page: 3), .bookmarks(page: 1), "../../"),
        (.bookmarksFeed, .bookmarks(page: 1), "./"),
        (.bookmarks(page: 1), .bookmarksFeed, "feed.xml"),
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
