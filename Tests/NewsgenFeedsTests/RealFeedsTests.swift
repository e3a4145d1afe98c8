import Foundation
import Testing
import NewsgenModel
@testable import NewsgenFeeds

/// Feeds as publishers really write them (issue 15, point 6; ADR 017): what
/// feedparser keeps, newsgen keeps, and identity never depends on where a feed
/// was fetched from.
@Suite("Real feeds: ampersands, entities, ids, namespaces")
struct RealFeedsTests {
    @Test func bareAmpersandsStayTextInTitlesLinksAndAttributes() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>Bits & Bobs</title><link>https://example.org/?src=rss&page=2</link>
            <item><title>AT&T & friends</title><link>https://example.org/a?x=1&y=2</link>
            <guid isPermaLink="false">post?id=7&lang=en</guid><category domain="x&y">Q&A</category>
            <enclosure url="https://example.org/e.mp3?a=1&b=2&c" type="audio/mpeg" length="1"/></item>
            </channel></rss>
            """)
        #expect(feed.title == "Bits & Bobs")
        #expect(feed.link == "https://example.org/?src=rss&page=2")
        let item = try #require(feed.items.first)
        #expect(item.title == "AT&T & friends")
        #expect(item.link == "https://example.org/a?x=1&y=2")
        #expect(item.id == "post?id=7&lang=en")
        #expect(item.categories == [Category(term: "Q&A", scheme: "x&y")])
        #expect(item.enclosures.first?.url == "https://example.org/e.mp3?a=1&b=2&c")
        // Still ill-formed, with libxml2's words for the first bare ampersand, as feedparser's bozo.
        #expect(feed.illFormedReason == "not well-formed XML at line 1, column 42: xmlParseEntityRef: no name")
    }

    @Test func whatIsNoCompleteReferenceStaysAsWritten() throws {
        // feedparser's results for the same titles; `&name` without `;` is kept as written
        // (feedparser's loose parser would add a `;` to it in text, never in links).
        let titles = ["a &#xZZ; b", "a &#; b", "a &# b", "tail&", "x&y z", "&amp;&lt;&#38;&#x26;"]
        let feed = try parse(rss(item: titles.map { "<title>\($0)</title>" }.joined()))
        let item = try #require(feed.items.first)
        // The first title with a value wins; each is read alone below.
        #expect(item.title?.value == "a &#xZZ; b")
        for (written, expected) in zip(titles, ["a &#xZZ; b", "a &#; b", "a &# b", "tail&", "x&y z", "&<&&"]) {
            #expect(try parse(rss(item: "<title>\(written)</title>")).items.first?.title?.value == expected)
        }
    }

    @Test func undeclaredEntitiesThatNameNoCharacterStayAsWritten() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>A &foo; B &eacute;</title>
            <item><title>t</title><link>https://example.org/?q=&bar;</link>
            <enclosure url="https://example.org/e.mp3?&baz;=1" type="audio/mpeg" length="1"/></item></channel></rss>
            """)
        #expect(feed.title == "A &foo; B \u{E9}")
        #expect(feed.items.first?.link == "https://example.org/?q=&bar;")
        #expect(feed.items.first?.enclosures.first?.url == "https://example.org/e.mp3?&baz;=1")
        #expect(feed.illFormedReason == "not well-formed XML at line 1, column 43: Entity 'foo' not defined")
    }

    @Test func ampersandsInCDATACommentsAndTheDoctypeAreNotTouched() {
        let document = """
            <!DOCTYPE rss [<!ENTITY co "A &amp; B">]><!-- fish & chips --><rss a="1&2">
            <![CDATA[x & y]]><?pi & ?>&co; & &amp; &#38;</rss>
            """
        let data = Data(document.utf8)
        #expect((try? MarkupScan.check(data, limits: .default))?.bareAmpersands == 2)
        let repaired = String(decoding: MarkupScan.repairing(data, limits: .default), as: UTF8.self)
        #expect(repaired == """
            <!DOCTYPE rss [<!ENTITY co "A &amp; B">]><!-- fish & chips --><rss a="1&amp;2">
            <![CDATA[x & y]]><?pi & ?>&co; &amp; &amp; &#38;</rss>
            """)
    }

    @Test func aBareAmpersandFloodIsReadAndALimitAfterManyErrorsStillRefuses() throws {
        // One error per `&` for libxml2: only the first few are turned into messages.
        let flood = try parse(rss(item: "<title>" + String(repeating: "& ", count: 50_000) + "</title>"))
        #expect(flood.items.first?.title?.value.utf8.count == 99_999)
        #expect(flood.illFormedReason?.hasSuffix("xmlParseEntityRef: no name") == true)
        let errorsThenDepth = "<rss version=\"2.0\"><channel><title>t</titl><description>" + String(repeating: "a <1 ", count: 5_000)
            + String(repeating: "<b>", count: 300) + "</description></channel></rss>"
        guard case .limitExceeded(_, _, let limit)? = parseError(errorsThenDepth)?.reason else {
            Issue.record("the depth limit was missed after many errors: \(String(describing: parseError(errorsThenDepth)))")
            return
        }
        #expect(limit == "elements are nested more than 256 levels deep")
    }

    @Test func idsAreKeptAsWrittenNeverResolved() throws {
        let atomFeed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>r</title><id>/r/news</id>
            <entry><id>t3_42tizy</id><title>x</title><link href="/r/news/comments/42tizy/"/></entry></feed>
            """, baseURL: "https://www.reddit.com/r/news/.rss")
        #expect(atomFeed.id == "/r/news")
        let entry = try #require(atomFeed.items.first)
        #expect(entry.id == "t3_42tizy")
        #expect(entry.link == "https://www.reddit.com/r/news/comments/42tizy/")
        // What newsgen 0.1.0 made of it, so the archive can still recognise what it stored.
        #expect(entry.previousIdentity?.id == "https://www.reddit.com/r/news/t3_42tizy")

        let rssFeed = try parse(rss(item: "<guid>/p/2</guid>"), baseURL: "https://mirror.example/feed.xml")
        let permalink = try #require(rssFeed.items.first)
        #expect(permalink.id == "/p/2")
        #expect(permalink.link == "https://mirror.example/p/2")
        #expect(permalink.previousIdentity?.id == "https://mirror.example/p/2")
        let opaque = try #require(try parse(rss(item: "<guid isPermaLink=\"false\">t3_42tizy</guid>"),
                                            baseURL: "https://www.reddit.com/").items.first)
        #expect(opaque.id == "t3_42tizy")
        #expect(opaque.previousIdentity == nil)

        let json = try FeedParser.parse(Data("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "feed_url": "https://example.org/feed.json",
             "items": [{"id": "42", "url": "/42"}, {"id": 7}]}
            """.utf8), baseURL: "https://mirror.example/feed.json")
        #expect(json.items.map(\.id) == ["42", "7"])
        #expect(json.items.first?.link == "https://mirror.example/42")
    }

    @Test func anAbsoluteIDIsTheSameUnderBothRules() throws {
        let item = try #require(try parse(atom(entry: "<id>tag:example.org,2026:1</id>"), baseURL: "https://example.org/").items.first)
        #expect(item.id == "tag:example.org,2026:1")
        #expect(item.previousIdentity == nil)
    }

    @Test func theIdentityNewsgen010ReadIsKeptBesideTheNewOne() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>T</title><link>https://example.org/</link>
            <item><title>One</title><guid isPermaLink="false">a&b</guid></item>
            <item><title>Two</title><link>https://example.org/?src=rss&page=2</link></item>
            <item><title>Three</title><guid isPermaLink="false">x & y &foo; z</guid></item>
            <item><title>Q&A</title><pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate></item>
            <item><title>Plain</title><guid isPermaLink="false">plain</guid></item>
            </channel></rss>
            """)
        // The values newsgen 0.1.0 read (checked against its binary): the bare `&` dropped with the name after it.
        #expect(feed.items.map(\.identity.id) == ["a&b", nil, "x & y &foo; z", nil, "plain"])
        #expect(feed.items.map { $0.previousIdentity?.id } == ["a", nil, "x  y  z", nil, nil])
        #expect(feed.items[1].previousIdentity?.link == "https://example.org/?src=rss=2")
        #expect(feed.items[3].previousIdentity?.title == "Q")
        #expect(feed.items[3].previousIdentity?.date == utc(2026, 3, 2, 10))
        #expect(feed.items[4].previousIdentity == nil)
    }

    @Test func aCorrectedNamespaceKeepsTheIdentityNewsgen010Read() throws {
        // 0.1.0 did not read `dc:date` here, so its key for this item (title and date) had no date.
        let feed = try parse("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1"><channel><title>T</title>
            <item><title>Dated</title><dc:date>2026-03-02T10:00:00Z</dc:date></item></channel></rss>
            """)
        let item = try #require(feed.items.first)
        #expect(item.published == utc(2026, 3, 2, 10))
        #expect(item.previousIdentity == ItemIdentity(title: "Dated", date: nil))
    }

    @Test(arguments: [
        "xmlns:dc=\"http://purl.org/dc/elements/1.1\"",
        "xmlns:dc=\"https://purl.org/dc/elements/1.1/\"",
        "xmlns:dc=\"HTTP://PURL.ORG/DC/ELEMENTS/1.1//\"",
        "xmlns:dc=\"http://example.com/not-dublin-core\"",
    ])
    func misdeclaredDublinCoreIsStillDublinCore(declaration: String) throws {
        let feed = try parse("""
            <rss version="2.0" \(declaration)><channel><title>T</title>
            <item><title>A</title><dc:creator>Ann Lee</dc:creator></item></channel></rss>
            """)
        #expect(feed.items.first?.authors == [Person(name: "Ann Lee")])
        #expect(feed.illFormedReason == nil)
    }

    @Test func aKnownNamespaceWrittenLooselyIsReadWhateverItsPrefix() throws {
        let feed = try parse("""
            <feed xmlns="https://www.w3.org/2005/Atom/" xmlns:x="http://purl.org/dc/elements/1.1">
            <title>Loose</title><entry><id>1</id><title>e</title><x:creator>Ann</x:creator></entry></feed>
            """)
        #expect(feed.format == .atom10)
        #expect(feed.title == "Loose")
        #expect(feed.items.first?.authors == [Person(name: "Ann")])
        // An unknown prefix on an unknown namespace says nothing.
        let unknown = try parse(rss(item: "<title>A</title><x:creator xmlns:x=\"http://purl.org/dc/elements/1.1/creator\">Ann</x:creator>"))
        #expect(unknown.items.first?.authors == [])
    }

    @Test func itunesSubtitleNeverReplacesTheChannelDescription() throws {
        let itunes = "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""
        for channel in ["<description>Chan</description><itunes:subtitle>Sub</itunes:subtitle>",
                        "<itunes:subtitle>Sub</itunes:subtitle><description>Chan</description>"] {
            let feed = try parse("<rss version=\"2.0\" \(itunes)><channel><title>T</title>\(channel)</channel></rss>")
            #expect(feed.subtitle == TextConstruct("Chan", type: .html))
        }
        let alone = try parse("<rss version=\"2.0\" \(itunes)><channel><title>T</title><itunes:subtitle>Sub</itunes:subtitle></channel></rss>")
        #expect(alone.subtitle == "Sub")
    }

    @Test func theRSSImageIsTheIconBeforeItunesImage() throws {
        let itunes = "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""
        for channel in ["<image><url>https://example.org/rss.png</url></image><itunes:image href=\"https://example.org/it.png\"/>",
                        "<itunes:image href=\"https://example.org/it.png\"/><image><url>https://example.org/rss.png</url></image>"] {
            let feed = try parse("<rss version=\"2.0\" \(itunes)><channel><title>T</title>\(channel)</channel></rss>")
            #expect(feed.imageURL == "https://example.org/rss.png")
        }
        let alone = try parse("<rss version=\"2.0\" \(itunes)><channel><title>T</title><itunes:image href=\"https://example.org/it.png\"/></channel></rss>")
        #expect(alone.imageURL == "https://example.org/it.png")
    }
}
