import Foundation
import Testing
import NewsgenTestSupport

/// Runs the real `newsgen inspect` binary on files and on a local HTTP server.
@Suite("newsgen inspect, end to end", .serialized)
struct InspectEndToEndTests {
    static let smallFeed = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0">
      <channel>
        <title>Small &amp; Simple</title>
        <link>https://example.org/</link>
        <description>A feed with one item.</description>
        <item>
          <title>First post</title>
          <link>https://example.org/first</link>
          <guid isPermaLink="false">post-1</guid>
          <pubDate>Tue, 24 Nov 2026 12:00:00 +0100</pubDate>
          <description>&lt;p&gt;Hello, &lt;b&gt;world&lt;/b&gt;.&lt;/p&gt;</description>
          <category>greetings</category>
          <enclosure url="https://example.org/first.mp3" length="1234" type="audio/mpeg"/>
        </item>
      </channel>
    </rss>
    """

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func sampleFeedPrintsAsJSONFeed() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let result = try site.run("inspect", "content/feeds/city-council.xml")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let feed = try json(result.stdout)
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["title"] as? String == "Marrow Bay Town Council")
        #expect(feed["home_page_url"] as? String == "https://example.org/council/")
        let newsgen = try #require(feed["_newsgen"] as? [String: Any])
        #expect(newsgen["format"] as? String == "rss20")
        #expect(newsgen["illFormed"] as? Bool == false)
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == 4)
        #expect(items[0]["id"] as? String == "https://example.org/council/notices/harbour-road-resurfacing")
        #expect(items[0]["title"] as? String == "Harbour Road Resurfacing from 30 November")
        #expect(items[0]["date_published"] as? String == "2026-11-24T12:00:00Z")
        #expect(items[2]["id"] as? String == "council-decision-2026-041")
        #expect(items[2]["url"] as? String == "https://example.org/council/decisions/cliff-path-benches")
    }

    @Test func smallFeedPrintsExactly() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("small.xml", Self.smallFeed)
        // A file has no base URL of its own: text constructs carry none (ADR 006).
        let path = site.file("small.xml").path
        let result = try site.run("inspect", path)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == #"""
        {
          "_newsgen": {
            "encoding": "utf-8",
            "format": "rss20",
            "illFormed": false,
            "links": [
              {
                "href": "https://example.org/",
                "rel": "alternate",
                "type": "text/html"
              }
            ],
            "subtitle": {
              "type": "text/html",
              "value": "A feed with one item."
            },
            "title": {
              "type": "text/plain",
              "value": "Small & Simple"
            }
          },
          "description": "A feed with one item.",
          "home_page_url": "https://example.org/",
          "items": [
            {
              "_newsgen": {
                "categories": [
                  {
                    "term": "greetings"
                  }
                ],
                "links": [
                  {
                    "href": "https://example.org/first",
                    "rel": "alternate",
                    "type": "text/html"
                  },
                  {
                    "href": "https://example.org/first.mp3",
                    "length": 1234,
                    "rel": "enclosure",
                    "type": "audio/mpeg"
                  }
                ],
                "summary": {
                  "type": "text/html",
                  "value": "<p>Hello, <b>world</b>.</p>"
                },
                "title": {
                  "type": "text/plain",
                  "value": "First post"
                }
              },
              "attachments": [
                {
                  "mime_type": "audio/mpeg",
                  "size_in_bytes": 1234,
                  "url": "https://example.org/first.mp3"
                }
              ],
              "content_html": "<p>Hello, <b>world</b>.</p>",
              "date_published": "2026-11-24T11:00:00Z",
              "id": "post-1",
              "summary": "Hello, world.",
              "tags": [
                "greetings"
              ],
              "title": "First post",
              "url": "https://example.org/first"
            }
          ],
          "title": "Small & Simple",
          "version": "https://jsonfeed.org/version/1.1"
        }

        """#)
        #expect(try site.run("inspect", path).stdout == result.stdout, "the same input prints the same bytes")
    }

    @Test func aMissingFileIsOneLineAndExitOne() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let result = try site.run("inspect", "missing.xml")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: missing.xml: not found\n")
    }

    @Test func aDocumentThatIsNotAFeedNamesTheSource() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("page.html", "<html><body><p>Not a feed</p></body></html>")
        let result = try site.run("inspect", "page.html")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: page.html: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
    }

    @Test func aJSONFeedWithABareVersionNumberIsReadAndSaysSo() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("feed.json", #"{"version": "1.0", "title": "Bare", "items": [{"id": "t3_42tizy", "url": "https://example.org/1"}]}"#)
        let result = try site.run("inspect", "feed.json", "--content-type", "application/feed+json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let feed = try json(result.stdout)
        let ext = try #require(feed["_newsgen"] as? [String: Any])
        #expect(ext["format"] as? String == "json10")
        #expect(ext["notes"] as? [String]
                == ["the JSON Feed version is \"1.0\" rather than \"https://jsonfeed.org/version/1\"; read as JSON Feed 1.0"])
        #expect((feed["items"] as? [[String: Any]])?.first?["id"] as? String == "t3_42tizy")
    }

    @Test func usageErrorsExit64() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let result = try site.run("inspect")
        #expect(result.status == 64)
        #expect(result.stderr == "error: inspect needs a feed file or an http(s) URL\nRun 'newsgen help inspect' for usage.\n")
        #expect(try site.run("inspect", "--content-tpye", "text/xml", "a.xml").status == 64)
    }

    @Test(Prerequisite.require(FeedHTTPServer.pythonAvailable, "needs python3 for the HTTP server"))
    func aURLIsFetchedAndItsAddressIsTheBase() throws {
        let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Served</title>
        <item><title>One</title><link>/posts/one</link><guid isPermaLink="false">one</guid></item>
        </channel></rss>
        """
        let server = try FeedHTTPServer.start(body: feed, contentType: "application/rss+xml; charset=utf-8")
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let result = try site.run("inspect", server.url("/feed.xml"))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let document = try json(result.stdout)
        #expect(document["title"] as? String == "Served")
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.first?["url"] as? String == server.url("/posts/one"))

        let missing = try site.run("inspect", server.url("/missing.xml"))
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: \(server.url("/missing.xml")): the server answered HTTP 404 (not found)\n")
    }
}
