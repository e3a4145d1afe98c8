import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

@Suite("RSS 0.91–2.0")
struct RSSReaderTests {
    private func item(_ xml: String, channel: String = "<link>https://example.org/news/</link>",
                      baseURL: String? = nil) throws -> ParsedItem {
        try #require(try parse(rss(channel: channel, item: xml), baseURL: baseURL).items.first)
    }

    @Test(arguments: [("0.91", FeedFormat.rss091u), ("0.92", .rss092), ("0.93", .rss093), ("0.94", .rss094),
                      ("2.0", .rss20), ("2.01", .rss20), ("", .rss), ("3.0", .rss)])
    func versionsReadAlike(version: String, format: FeedFormat) throws {
        let feed = try parse("""
            <rss version="\(version)"><channel><title>Old</title><link>https://example.org/</link>
            <description>d</description><item><title>A</title><link>https://example.org/a</link></item></channel></rss>
            """)
        let home = FeedLink(href: "https://example.org/", type: "text/html")
        let article = FeedLink(href: "https://example.org/a", type: "text/html")
        #expect(feed == ParsedFeed(format: format, title: "Old", subtitle: TextConstruct("d", type: .html),
                                   link: "https://example.org/", links: [home],
                                   items: [ParsedItem(title: "A", link: "https://example.org/a", links: [article])],
                                   encoding: "utf-8"))
    }

    @Test func aNetscapeDoctypeMeansRSS091Netscape() throws {
        let feed = try parse("""
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
            <rss version="0.91"><channel><title>N</title></channel></rss>
            """)
        #expect(feed.format == .rss091n)
    }

    @Test func guidIsTheLinkWhenThereIsNoLinkAsFeedparserSays() throws {
        let permalink = try item("<guid>https://example.org/p/1</guid>")
        #expect(permalink.id == "https://example.org/p/1")
        #expect(permalink.link == "https://example.org/p/1")
        #expect(permalink.guidIsLink)
        // The link is resolved; the id, which names the item, is kept as written (ADR 017).
        let explicit = try item("<guid isPermaLink=\"true\">/p/2</guid>")
        #expect(explicit.id == "/p/2")
        #expect(explicit.link == "https://example.org/p/2")
        let notPermalink = try item("<guid isPermaLink=\"false\">p/3</guid>")
        #expect(notPermalink.id == "p/3")
        #expect(notPermalink.link == nil)
        #expect(!notPermalink.guidIsLink)
        // Without isPermaLink="false" a guid is a permalink, even an opaque one.
        let opaque = try item("<guid>12345</guid>")
        #expect(opaque.link == "https://example.org/news/12345")
        let linkFirst = try item("<link>https://example.org/link</link><guid>https://example.org/guid</guid>")
        #expect(linkFirst.link == "https://example.org/link")
        #expect(!linkFirst.guidIsLink)
        // feedparser reads in document order: a guid before the link was the link when it was read.
        let guidFirst = try item("<guid>https://example.org/guid</guid><link>https://example.org/link</link>")
        #expect(guidFirst.link == "https://example.org/link")
        #expect(guidFirst.guidIsLink)
    }

    @Test func atomLinksJoinTheLinks() throws {
        let value = try item("<atom:link rel=\"self\" href=\"/self\"/><atom:link href=\"/alt\"/>")
        #expect(value.link == "https://example.org/alt")
        #expect(value.links == [FeedLink(href: "https://example.org/self", rel: "self", type: "application/atom+xml"),
                                FeedLink(href: "https://example.org/alt", type: "text/html")])
    }

    @Test(arguments: [
        ("/a/b", "https://example.org/a/b"),
        ("post.html", "https://example.org/news/post.html"),
        ("../up", "https://example.org/up"),
        ("?page=2", "https://example.org/news/?page=2"),
        ("//cdn.example.net/x", "https://cdn.example.net/x"),
        ("https://other.example.com/x", "https://other.example.com/x"),
        ("  https://example.org/spaced  ", "https://example.org/spaced"),
    ])
    func relativeLinksResolveAgainstTheFeedLink(link: String, expected: String) throws {
        #expect(try item("<link>\(link)</link>").link == expected)
    }

    @Test func relativeLinksUseBaseURLWhenTheFeedLinkIsNotAbsolute() throws {
        let value = try item("<link>p/1</link><enclosure url=\"/img/a.png\" type=\"image/png\"/>",
                             channel: "<link>/blog/</link>", baseURL: "https://example.com/blog/feed.xml")
        #expect(value.link == "https://example.com/blog/p/1")
        #expect(value.imageURL == "https://example.com/img/a.png")
        let feed = try parse(rss(channel: "<link>/blog/</link>", item: ""), baseURL: "https://example.com/feeds/rss")
        #expect(feed.link == "https://example.com/blog/")
        #expect(try item("<link>p/1</link>", channel: "", baseURL: nil).link == "p/1")
    }

    @Test func authorsFromRSSAuthorDublinCoreAndITunes() throws {
        #expect(try item("<author>jane@example.org (Jane Doe)</author>").authors == [Person(name: "Jane Doe", email: "jane@example.org")])
        #expect(try item("<author>Jane Doe &lt;jane@example.org&gt;</author>").authors == [Person(name: "Jane Doe", email: "jane@example.org")])
        #expect(try item("<author>jane@example.org</author>").authors == [Person(email: "jane@example.org")])
        #expect(try item("<dc:creator>\n  Sam   Ng </dc:creator>").author == "Sam Ng")
        // The same person named twice is listed once; different people are all listed.
        #expect(try item("<author>jane@example.org (Jane Doe)</author><dc:creator>Jane Doe</dc:creator>").authors
                == [Person(name: "Jane Doe", email: "jane@example.org")])
        #expect(try item("<dc:creator>Ana</dc:creator><itunes:author xmlns:itunes=\"http://www.itunes.com/DTDs/PodCast-1.0.dtd\">Bo</itunes:author>").author
                == "Ana, Bo")
        #expect(try item("<title>x</title>").author == nil)
    }

    @Test func categoriesCombineCategoryAndSubjectWithoutRepeats() throws {
        let value = try item("""
            <category domain="x"> Local </category><category>Weather</category>
            <dc:subject>Weather</dc:subject><dc:subject>Tides</dc:subject><category></category>
            """)
        #expect(value.categories == [Category(term: "Local", scheme: "x"), "Weather", "Tides"])
    }

    @Test func descriptionAndEncodedContentAreHTML() throws {
        let value = try item("""
            <description>&lt;p&gt;Short &amp;amp; sweet&lt;/p&gt;</description>
            <content:encoded><![CDATA[ <p>Long <b>body</b></p> ]]></content:encoded>
            """)
        #expect(value.summaryHTML == "<p>Short &amp; sweet</p>")
        #expect(value.contentHTML == "<p>Long <b>body</b></p>")
    }

    @Test func unescapedMarkupInADescriptionIsXHTML() throws {
        let value = try item("<description> <p>Raw <a href=\"/x\">link</a> &amp; more</p> </description>")
        #expect(value.summary?.type == .xhtml)
        #expect(value.summaryHTML == "<p>Raw <a href=\"https://example.org/x\">link</a> &amp; more</p>")
    }

    @Test func titlesAreOneLineOfPlainTextUnlessTheyLookLikeHTML() throws {
        #expect(try item("<title>\n  Storm   warning\n for the coast </title>").title == "Storm warning for the coast")
        #expect(try item("<title>Fish &amp; chips</title>").title == "Fish & chips")
        #expect(try item("<title>Fish &amp;amp; &lt;b&gt;chips&lt;/b&gt;</title>").title == TextConstruct("Fish &amp; <b>chips</b>", type: .html))
        // A tag that is not HTML, or an unknown entity, keeps the title plain text.
        #expect(try item("<title>&lt;foo&gt;bar&lt;/foo&gt;</title>").title?.type == .text)
        #expect(try item("<title>a &amp;bogus; b</title>").title?.type == .text)
    }

    @Test func datesComeFromPubDateAndDublinCore() throws {
        let value = try item("<pubDate>Tue, 03 Nov 2026 09:00:00 EST</pubDate><atom:updated>2026-11-04T10:00:00Z</atom:updated>")
        #expect(value.published == utc(2026, 11, 3, 14))
        #expect(value.updated == utc(2026, 11, 4, 10))
        let dublin = try item("<dc:date>2026-10-05T08:00:00+02:00</dc:date>")
        #expect(dublin.published == utc(2026, 10, 5, 6))
        #expect(dublin.updated == utc(2026, 10, 5, 6))
        #expect(try item("<pubDate>sometime soon</pubDate>").published == nil)
    }

    @Test func enclosuresKeepURLTypeAndLength() throws {
        let value = try item("""
            <enclosure url="https://example.org/a.mp3" type="audio/mpeg" length="1234"/>
            <enclosure url="/b.jpg" type="image/jpeg" length="0"/>
            <enclosure type="image/png"/>
            """)
        #expect(value.enclosures == [
            Enclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 1234),
            Enclosure(url: "https://example.org/b.jpg", type: "image/jpeg", length: nil),
        ])
        #expect(value.imageURL == "https://example.org/b.jpg")
    }

    @Test func thumbnailWinsOverImageContentWhichWinsOverEnclosure() throws {
        let enclosure = "<enclosure url=\"https://example.org/enc.jpg\" type=\"image/jpeg\"/>"
        let content = "<media:content url=\"https://example.org/content.jpg\" medium=\"image\"/>"
        let thumbnail = "<media:thumbnail url=\"https://example.org/thumb.jpg\"/>"
        #expect(try item(enclosure + content + thumbnail).imageURL == "https://example.org/thumb.jpg")
        #expect(try item(enclosure + content).imageURL == "https://example.org/content.jpg")
        #expect(try item(enclosure).imageURL == "https://example.org/enc.jpg")
        #expect(try item("<enclosure url=\"https://example.org/a.mp3\" type=\"audio/mpeg\"/>").imageURL == nil)
    }

    @Test func mediaGroupAndImageTypesCount() throws {
        let grouped = try item("""
            <media:group><media:content url="https://example.org/v.mp4" type="video/mp4"/>
            <media:content url="https://example.org/still.png" type="image/png"/></media:group>
            """)
        #expect(grouped.imageURL == "https://example.org/still.png")
        let groupThumb = try item("""
            <media:content url="https://example.org/c.jpg" medium="image"/>
            <media:group><media:thumbnail url="/t.jpg"/></media:group>
            """)
        #expect(groupThumb.imageURL == "https://example.org/t.jpg")
        let otherPrefix = try item("<m:thumbnail xmlns:m=\"http://search.yahoo.com/mrss\" url=\"https://example.org/m.jpg\"/>")
        #expect(otherPrefix.imageURL == "https://example.org/m.jpg")
    }

    @Test func namespacesAreComparedByURINotPrefix() throws {
        let value = try item("""
            <x:encoded xmlns:x="http://purl.org/rss/1.0/modules/content/">&lt;p&gt;yes&lt;/p&gt;</x:encoded>
            <content:creator xmlns:content="http://purl.org/dc/elements/1.1/">Ana</content:creator>
            <dc:link xmlns:dc="urn:other">https://example.org/wrong</dc:link>
            """)
        #expect(value.contentHTML == "<p>yes</p>")
        #expect(value.author == "Ana")
        #expect(value.link == nil)
    }

    @Test func channelDatesAndSelfLinks() throws {
        let feed = try parse(rss(channel: """
            <atom:link rel="self" href="https://example.org/feed.xml"/><link>https://example.org/</link>
            <pubDate>Sun, 01 Nov 2026 00:00:00 GMT</pubDate><lastBuildDate>Mon, 02 Nov 2026 00:00:00 GMT</lastBuildDate>
            """, item: ""))
        #expect(feed.link == "https://example.org/")
        #expect(feed.feedURL == "https://example.org/feed.xml")
        #expect(feed.published == utc(2026, 11, 1))
        #expect(feed.updated == utc(2026, 11, 2))
    }
}
