import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

@Suite("JSON Feed writer")
struct JSONFeedTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    @Test func writerSortsKeysDropsNullsAndEscapes() {
        let value = JSONValue.object([
            "b": .array([.number(1), .number(2.5), .bool(true), .string("x")]),
            "a": .string("quote \" backslash \\ slash / tab \t newline \n bell \u{07} é \u{2028}"),
            "Z": .object([:]),
            "gone": .null,
            "list": .array([]),
            "big": .number(25_000_000),
        ])
        #expect(value.prettyPrinted() == #"""
        {
          "Z": {},
          "a": "quote \" backslash \\ slash / tab \t newline \n bell \u0007 é \u2028",
          "b": [
            1,
            2.5,
            true,
            "x"
          ],
          "big": 25000000,
          "list": []
        }
        """#)
    }

    @Test func objectDroppingLeavesOutNilAndNull() {
        let url: String? = nil
        #expect(JSONValue.object(dropping: ["a": .string("x"), "b": url.map(JSONValue.string), "c": .null])
            == .object(["a": .string("x")]))
    }

    @Test func emptyFeedHasTheRequiredMembers() {
        #expect(JSONFeed(title: "").jsonText == #"""
        {
          "items": [],
          "title": "",
          "version": "https://jsonfeed.org/version/1.1"
        }
        """#)
    }

    @Test func parsedFeedMapsOntoJSONFeedWithTheNewsgenExtension() {
        let item = ParsedItem(
            id: "tag:example.org,2023:1", guidIsLink: false,
            title: TextConstruct("<b>Bold</b> move", type: .html, language: "en", base: "https://example.org/"),
            link: "https://example.org/1",
            links: [FeedLink(href: "https://example.org/1"), FeedLink(href: "https://elsewhere.example/", rel: "related"),
                    FeedLink(href: "https://example.org/a.mp3", rel: "enclosure", type: "audio/mpeg", length: 1234)],
            published: date, updated: date.addingTimeInterval(0.25),
            authors: [Person(name: "Ann", email: "ann@example.org"), Person(email: "anon@example.org")],
            summary: TextConstruct("Short & plain"),
            content: [TextConstruct("<p>Body</p>", type: .html)],
            categories: [Category(term: "news", scheme: "https://example.org/tags", label: "News")],
            imageURL: "https://example.org/1.jpg",
            enclosures: [Enclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 1234)],
            commentsURL: "https://example.org/1#comments", rights: TextConstruct("© Ann"))
        let feed = ParsedFeed(
            format: .atom10, title: TextConstruct("Example"), subtitle: TextConstruct("<i>All</i> the news", type: .html),
            link: "https://example.org/", feedURL: "https://example.org/feed.xml",
            links: [FeedLink(href: "https://example.org/"), FeedLink(href: "https://example.org/feed.xml", rel: "self",
                                                                      type: "application/atom+xml")],
            id: "urn:example", authors: [Person(name: "Desk", url: "https://example.org/desk")], language: "en",
            updated: date, generator: Generator(name: "Gen", version: "2.0", url: "https://gen.example/"),
            imageURL: "https://example.org/logo.png", iconURL: "https://example.org/favicon.ico",
            items: [item, ParsedItem(guidIsLink: true, link: "https://example.org/2", created: date)],
            illFormedReason: "undefined entity &nbsp; at line 3, column 9", encoding: "utf-8")
        #expect(JSONFeed(feed).jsonText == #"""
        {
          "_newsgen": {
            "authors": [
              {
                "name": "Desk",
                "url": "https://example.org/desk"
              }
            ],
            "encoding": "utf-8",
            "format": "atom10",
            "generator": {
              "name": "Gen",
              "url": "https://gen.example/",
              "version": "2.0"
            },
            "id": "urn:example",
            "illFormed": true,
            "illFormedReason": "undefined entity &nbsp; at line 3, column 9",
            "language": "en",
            "links": [
              {
                "href": "https://example.org/",
                "rel": "alternate"
              },
              {
                "href": "https://example.org/feed.xml",
                "rel": "self",
                "type": "application/atom+xml"
              }
            ],
            "subtitle": {
              "type": "text/html",
              "value": "<i>All</i> the news"
            },
            "title": {
              "type": "text/plain",
              "value": "Example"
            },
            "updated": "2023-11-14T22:13:20Z"
          },
          "authors": [
            {
              "name": "Desk",
              "url": "https://example.org/desk"
            }
          ],
          "description": "All the news",
          "favicon": "https://example.org/favicon.ico",
          "feed_url": "https://example.org/feed.xml",
          "home_page_url": "https://example.org/",
          "icon": "https://example.org/logo.png",
          "items": [
            {
              "_newsgen": {
                "authors": [
                  {
                    "email": "ann@example.org",
                    "name": "Ann"
                  },
                  {
                    "email": "anon@example.org"
                  }
                ],
                "categories": [
                  {
                    "label": "News",
                    "scheme": "https://example.org/tags",
                    "term": "news"
                  }
                ],
                "comments": "https://example.org/1#comments",
                "content": [
                  {
                    "type": "text/html",
                    "value": "<p>Body</p>"
                  }
                ],
                "links": [
                  {
                    "href": "https://example.org/1",
                    "rel": "alternate"
                  },
                  {
                    "href": "https://elsewhere.example/",
                    "rel": "related"
                  },
                  {
                    "href": "https://example.org/a.mp3",
                    "length": 1234,
                    "rel": "enclosure",
                    "type": "audio/mpeg"
                  }
                ],
                "rights": {
                  "type": "text/plain",
                  "value": "© Ann"
                },
                "summary": {
                  "type": "text/plain",
                  "value": "Short & plain"
                },
                "title": {
                  "base": "https://example.org/",
                  "language": "en",
                  "type": "text/html",
                  "value": "<b>Bold</b> move"
                }
              },
              "attachments": [
                {
                  "mime_type": "audio/mpeg",
                  "size_in_bytes": 1234,
                  "url": "https://example.org/a.mp3"
                }
              ],
              "authors": [
                {
                  "name": "Ann"
                }
              ],
              "content_html": "<p>Body</p>",
              "date_modified": "2023-11-14T22:13:20.250Z",
              "date_published": "2023-11-14T22:13:20Z",
              "external_url": "https://elsewhere.example/",
              "id": "tag:example.org,2023:1",
              "image": "https://example.org/1.jpg",
              "summary": "Short & plain",
              "tags": [
                "news"
              ],
              "title": "Bold move",
              "url": "https://example.org/1"
            },
            {
              "_newsgen": {
                "created": "2023-11-14T22:13:20Z",
                "guidIsLink": true,
                "synthesizedID": true
              },
              "id": "https://example.org/2",
              "url": "https://example.org/2"
            }
          ],
          "language": "en",
          "title": "Example",
          "version": "https://jsonfeed.org/version/1.1"
        }
        """#)
    }

    @Test func textContentIsGivenAsTextAndEscapedHTML() {
        let item = JSONFeed.Item(ParsedItem(id: "1", summary: TextConstruct("a < b")))
        #expect(item.contentText == "a < b")
        #expect(item.contentHTML == "a &lt; b")
        #expect(item.summary == "a < b")
    }

    @Test func defaultLanguageFillsOnlyWhatTheDocumentLeavesOpen() {
        let feed = ParsedFeed(format: .atom10, title: TextConstruct("t"), subtitle: TextConstruct("s", language: "fr"),
                              items: [ParsedItem(title: TextConstruct("i"), content: [TextConstruct("c", language: "de")])])
        let filled = feed.withDefaultLanguage("en")
        #expect(filled.language == "en")
        #expect(filled.title?.language == "en")
        #expect(filled.subtitle?.language == "fr")
        #expect(filled.items[0].title?.language == "en")
        #expect(filled.items[0].content[0].language == "de")
        #expect(ParsedFeed(format: .rss20, language: "fr").withDefaultLanguage("en").language == "fr")
    }
}
