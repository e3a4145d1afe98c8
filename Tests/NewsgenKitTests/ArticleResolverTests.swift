import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

@Suite("Article resolver")
struct ArticleResolverTests {
    static let lantern = Article(id: "ca210d146b328b1f", slug: "lantern-walk-lights-up-the-old-quay", sourceID: "harbor-gazette",
                                 title: "Lantern Walk Lights Up the Old Quay",
                                 link: "https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay")
    static let ferry = Article(id: "ddeac326b9623f43", slug: "ferry-timetable-changes-for-the-winter", sourceID: "harbor-gazette",
                               title: "Ferry Timetable Changes for the Winter",
                               link: "https://example.org/harbor-gazette/2026/11/ferry-winter-timetable")
    static let ferryExplained = Article(id: "67f6cbd5df0b7529", slug: "ferry-timetable-changes-explained", sourceID: "articles",
                                        title: "Ferry timetable changes, explained")
    /// The same story as `starlings`, carried by a second source.
    static let starlings = Article(id: "04866c2e4d701a1e", slug: "counting-starlings-over-the-reed-beds", sourceID: "valley-science",
                                   title: "Counting Starlings Over the Reed Beds", link: "https://example.org/valley-science/2026/11/starling-count")
    static let starlingsAgain = Article(id: "1111222233334444", slug: "counting-starlings-over-the-reed-beds-2", sourceID: "harbor-gazette",
                                        title: "Counting Starlings", link: "http://EXAMPLE.org/valley-science/2026/11/starling-count/?utm_source=x")
    /// A bookmark whose article has left the archive.
    static let orphan = Bookmark(id: "0123456789abcdef", added: Date(timeIntervalSince1970: 0), title: "A Story That Left",
                                 url: "https://example.org/gone/story")

    let resolver = ArticleResolver(articles: [lantern, ferry, ferryExplained, starlings, starlingsAgain], bookmarks: [orphan],
                                   baseURL: "https://news.example.org/archive/")

    @Test(arguments: [
        ("ca210d146b328b1f", "ca210d146b328b1f"),
        ("  ca210d146b328b1f\n", "ca210d146b328b1f"),
        ("/articles/lantern-walk-lights-up-the-old-quay/", "ca210d146b328b1f"),
        ("articles/lantern-walk-lights-up-the-old-quay", "ca210d146b328b1f"),
        ("/articles/lantern-walk-lights-up-the-old-quay", "ca210d146b328b1f"),
        ("articles/lantern-walk-lights-up-the-old-quay/", "ca210d146b328b1f"),
        ("articles/lantern-walk-lights-up-the-old-quay/index.html", "ca210d146b328b1f"),
        ("/articles/lantern-walk-lights-up-the-old-quay/index.html#comments", "ca210d146b328b1f"),
        ("https://news.example.org/archive/articles/lantern-walk-lights-up-the-old-quay/", "ca210d146b328b1f"),
        ("http://NEWS.example.org/archive/articles/lantern-walk-lights-up-the-old-quay/index.html", "ca210d146b328b1f"),
        ("https://news.example.org/archive/articles/lantern-walk-lights-up-the-old-quay", "ca210d146b328b1f"),
        ("https://example.org/harbor-gazette/2026/11/lantern-walk-old-quay", "ca210d146b328b1f"),
        ("http://example.org/harbor-gazette/2026/11/lantern-walk-old-quay/#top", "ca210d146b328b1f"),
        ("https://example.org/harbor-gazette/2026/11/ferry-winter-timetable?utm_campaign=mail", "ddeac326b9623f43"),
        ("/articles/ferry-timetable-changes-explained/", "67f6cbd5df0b7529"),
        // A bookmark whose article is gone is still found, by id and by its url.
        ("0123456789abcdef", "0123456789abcdef"),
        ("https://example.org/gone/story/", "0123456789abcdef"),
    ])
    func findsTheArticle(reference: String, id: String) throws {
        #expect(try resolver.resolve(reference).id == id)
    }

    @Test func anArchivedArticleWinsOverItsBookmarkAndAnOrphanIsMarkedAsSuch() throws {
        #expect(try resolver.resolve("ca210d146b328b1f") == .article(Self.lantern))
        #expect(try resolver.resolve("0123456789abcdef") == .bookmarkOnly(Self.orphan))
    }

    @Test func aURLUnderAnotherBaseIsTheOriginalLinkNotASitePath() {
        let elsewhere = ArticleResolver(articles: [Self.lantern], baseURL: "https://news.example.org/")
        #expect(throws: ArticleResolutionError.self) {
            try elsewhere.resolve("https://news.example.org.evil.test/articles/lantern-walk-lights-up-the-old-quay/")
        }
        let noBase = ArticleResolver(articles: [Self.lantern], baseURL: nil)
        #expect(throws: ArticleResolutionError.self) {
            try noBase.resolve("https://news.example.org/articles/lantern-walk-lights-up-the-old-quay/")
        }
    }

    @Test func nothingFoundListsTheThreeClosestBySlugAndTitle() {
        let error = #expect(throws: ArticleResolutionError.self) { try resolver.resolve("/articles/ferry-timetable-changes/") }
        #expect(error?.description == """
            no article matches '/articles/ferry-timetable-changes/'; the closest:
              67f6cbd5df0b7529  /articles/ferry-timetable-changes-explained/  Ferry timetable changes, explained
              ddeac326b9623f43  /articles/ferry-timetable-changes-for-the-winter/  Ferry Timetable Changes for the Winter
              1111222233334444  /articles/counting-starlings-over-the-reed-beds-2/  Counting Starlings
            """)
    }

    @Test func aMistypedIDSuggestsTheArticleWithTheNearestID() {
        let error = #expect(throws: ArticleResolutionError.self) { try resolver.resolve("ca210d146b328b1e") }
        #expect(error?.kind == .noMatch)
        #expect(error?.candidates.first == ArticleListing(id: "ca210d146b328b1f", path: "/articles/lantern-walk-lights-up-the-old-quay/",
                                                          title: "Lantern Walk Lights Up the Old Quay"))
    }

    @Test func anUnknownURLIsComparedByItsLastSegment() {
        #expect(ArticleResolver.searchWord("https://example.org/news/lantern-walk.html?x=1") == "lantern-walk")
        #expect(ArticleResolver.searchWord("https://example.org/") == "example.org")
        #expect(ArticleResolver.searchWord("articles/ferry/index.html") == "ferry")
        #expect(ArticleResolver.searchWord("Lantern walk") == "Lantern walk")
        let error = #expect(throws: ArticleResolutionError.self) { try resolver.resolve("https://other.test/2026/lantern-walk-the-quay") }
        #expect(error?.candidates.first?.id == "ca210d146b328b1f")
    }

    @Test func theSameURLInTwoSourcesAsksForTheID() {
        let error = #expect(throws: ArticleResolutionError.self) {
            try resolver.resolve("https://example.org/valley-science/2026/11/starling-count")
        }
        #expect(error?.description == """
            'https://example.org/valley-science/2026/11/starling-count' matches 2 articles; use the id:
              04866c2e4d701a1e  /articles/counting-starlings-over-the-reed-beds/  Counting Starlings Over the Reed Beds
              1111222233334444  /articles/counting-starlings-over-the-reed-beds-2/  Counting Starlings
            """)
    }

    @Test func anEmptyArchiveHasNoSuggestions() {
        let empty = ArticleResolver(articles: [])
        let error = #expect(throws: ArticleResolutionError.self) { try empty.resolve("ca210d146b328b1f") }
        #expect(error?.description == "no article matches 'ca210d146b328b1f'")
    }

    @Test(arguments: ["/bookmarks/", "/", "/articles/", "/articles/Not A Slug/", "notes.txt", "ftp://example.org/a",
                      "https://news.example.org/archive/", "https://news.example.org/archive/sources/"])
    func whatIsNotAnArticleMatchesNothing(reference: String) {
        let error = #expect(throws: ArticleResolutionError.self) { try resolver.resolve(reference) }
        #expect(error?.kind == .noMatch)
        #expect(error?.candidates.count == 3)
    }

    @Test(arguments: [("walk", "lantern-walk", 0), ("lantern-walk", "lantern-walk-lights-up", 0), ("lantren", "lantern-walk", 2),
                      ("lantern-walk", "welcome", 10), ("abc", "", 3), ("", "abc", 0)])
    func infixDistanceCountsEditsToTheBestPart(word: String, text: String, distance: Int) {
        #expect(ArticleResolver.infixDistance(word, in: text) == distance)
    }

    @Test func listingsShowIDPageAndTitleOnOneLine() {
        #expect(ArticleListing(id: "0123456789abcdef", path: nil, title: "Two\nlines").description
            == "  0123456789abcdef  (not in the archive)  Two lines")
    }
}
