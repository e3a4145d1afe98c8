import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

@Suite("JSON Feed 1.0 and 1.1")
struct JSONFeedReaderTests {
    @Test func jsonFeed11() throws {
        let feed = try parse("""
             \u{FEFF}{"version": "https://jsonfeed.org/version/1.1", "title": "Bay", "home_page_url": "https://example.org/",
              "feed_url": "https://example.org/feed.json", "description": "News", "icon": "/icon.png",
              "favicon": "/fav.ico", "language": "en", "authors": [{"name": "Desk", "url": "/desk"}],
              "items": [{"id": 7, "url": "/a", "title": "A", "content_html": "<p><a href=\\"b\\">b</a></p>",
                         "content_text": "plain", "summary": "S", "image": "/a.jpg", "banner_image": "/banner.jpg",
                         "date_published": "2026-11-01T09:00:00Z", "date_modified": "2026-11-02T09:00:00+01:00",
                         "tags": ["Tides", "Weather"], "language": "fr",
                         "attachments": [{"url": "/ep.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 123, "title": "Ep"}]}]}
            """)
        #expect(feed.format == .json11)
        #expect(feed.title == TextConstruct("Bay", language: "en", base: "https://example.org/feed.json"))
        #expect(feed.subtitle?.value == "News")
        #expect(feed.link == "https://example.org/")
        #expect(feed.feedURL == "https://example.org/feed.json")
        #expect(feed.imageURL == "https://example.org/icon.png")
        #expect(feed.iconURL == "https://example.org/fav.ico")
        #expect(feed.language == "en")
        #expect(feed.authors == [Person(name: "Desk", url: "https://example.org/desk")])
        let item = try #require(feed.items.first)
        #expect(item.id == "7")
        #expect(item.link == "https://example.org/a")
        #expect(item.content == [TextConstruct("<p><a href=\"https://example.org/b\">b</a></p>", type: .html, language: "fr",
                                               base: "https://example.org/feed.json"),
                                 TextConstruct("plain", language: "fr", base: "https://example.org/feed.json")])
        #expect(item.summary?.value == "S")
        #expect(item.imageURL == "https://example.org/a.jpg")
        #expect(item.published == utc(2026, 11, 1, 9))
        #expect(item.updated == utc(2026, 11, 2, 8))
        #expect(item.categories == ["Tides", "Weather"])
        #expect(item.language == "fr")
        #expect(item.enclosures == [Enclosure(url: "https://example.org/ep.mp3", type: "audio/mpeg", length: 123)])
        #expect(item.links.last == FeedLink(href: "https://example.org/ep.mp3", rel: "enclosure", type: "audio/mpeg", title: "Ep", length: 123))
    }

    @Test func jsonFeed10HasOneAuthor() throws {
        let feed = try parse("""
            {"version": "https://jsonfeed.org/version/1", "title": "Old", "author": {"name": "Ana"},
             "items": [{"id": "1", "content_text": "x", "author": {"name": "Bo"}}]}
            """, baseURL: "https://example.org/feed.json")
        #expect(feed.format == .json10)
        #expect(feed.authors == [Person(name: "Ana")])
        #expect(feed.items.first?.authors == [Person(name: "Bo")])
    }

    @Test(arguments: [
        ("\"version\": \"1\",", FeedFormat.json10,
         "the JSON Feed version is \"1\" rather than \"https://jsonfeed.org/version/1\"; read as JSON Feed 1.0"),
        ("\"version\": \"1.0\",", .json10,
         "the JSON Feed version is \"1.0\" rather than \"https://jsonfeed.org/version/1\"; read as JSON Feed 1.0"),
        ("\"version\": \"1.1\",", .json11,
         "the JSON Feed version is \"1.1\" rather than \"https://jsonfeed.org/version/1.1\"; read as JSON Feed 1.1"),
        ("", .json11, "the document names no JSON Feed version; read as JSON Feed 1.1, whose shape it has"),
    ])
    func aBareVersionNumberOrNoneIsReadWithANote(version: String, format: FeedFormat, note: String) throws {
        let feed = try FeedParser.parse(Data("""
            {\(version) "title": "Loose", "items": [{"id": "1", "title": "One", "content_text": "x"}]}
            """.utf8), contentType: "application/feed+json")
        #expect(feed.format == format)
        #expect(feed.title == "Loose")
        #expect(feed.items.map(\.id) == ["1"])
        #expect(feed.notes == [note])
        #expect(!feed.isIllFormed)
    }

    @Test func aVersionURLNeedsNoNote() throws {
        let feed = try FeedParser.parse(Data(#"{"version": "https://jsonfeed.org/version/1", "title": "T", "items": []}"#.utf8))
        #expect(feed.format == .json10)
        #expect(feed.notes == [])
    }

    @Test func anotherVersionOrNoShapeIsNotAFeed() {
        let refusal = "not a feed: root element is <a JSON document without a JSON Feed version>"
        #expect(parseError(#"{"version": "2.0", "title": "T", "items": []}"#)?.description == refusal)
        #expect(parseError(#"{"items": [], "count": 3}"#)?.description == refusal)
        #expect(parseError(#"{"title": "T", "items": {}}"#)?.description == refusal)
    }

    @Test func notJSONFeed() {
        #expect(parseError("{\"title\": \"no version\"}")?.description
                == "not a feed: root element is <a JSON document without a JSON Feed version>")
        #expect(parseError("{\"version\": ")?.description == "not well-formed XML: not valid JSON")
    }
}
