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

    @Test func rss091And092ReadLike20() throws {
        for version in ["0.91", "0.92"] {
            let feed = try parse("""
                <rss version="\(version)"><channel><title>Old</title><link>https://example.org/</link>
                <description>d</description><item><title>A</title><link>https://example.org/a</link></item></channel></rss>
                """)
            #expect(feed == ParsedFeed(format: .rss20, title: "Old", subtitle: "d", link: "https://example.org/",
                                       items: [ParsedItem(title: "A", link: "https://example.org/a")]))
        }
    }

    @Test func guidIsTheLinkWhenThereIsNoLink() throws {
        let permalink = try item("<guid>https://example.org/p/1</guid>")
        #expect(permalink.id == "https://example.org/p/1")
        #expect(permalink.link == "https://example.org/p/1")
        let explicit = try item("<guid isPermaLink=\"true\">/p/2</guid>")
        #expect(explicit.link == "https://example.org/p/2")
        let notPermalink = try item("<guid isPermaLink=\"false\">https://example.org/p/3</guid>")
        #expect(notPermalink.id == "https://example.org/p/3")
        #expect(notPermalink.link == nil)
        let opaque = try item("<guid>12345</guid>")
        #expect(opaque.link == nil)
        let both = try item("<guid>https://example.org/guid</guid><link>https://example.org/link</link>")
        #expect(both.link == "https://example.org/link")
    }

    @Test func atomLinkIsTheLastResort() throws {
        let value = try item("<atom:link rel=\"self\" href=\"/self\"/><atom:link href=\"/alt\"/>")
        #expect(value.link == "https://example.org/alt")
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

    @Test func authorPrefersRSSAuthorThenDublinCoreCreator() throws {
        #expect(try item("<author>jane@example.org (Jane Doe)</author><dc:creator>X</dc:creator>").author == "Jane Doe")
        #expect(try item("<author>jane@example.org</author>").author == "jane@example.org")
        #expect(try item("<dc:creator>\n  Sam   Ng </dc:creator>").author == "Sam Ng")
        #expect(try item("<title>x</title>").author == nil)
    }

    @Test func categoriesCombineCategoryAndSubjectWithoutRepeats() throws {
        let value = try item("""
            <category domain="x"> Local </category><category>Weather</category>
            <dc:subject>Weather</dc:subject><dc:subject>Tides</dc:subject><category></category>
            """)
        #expect(value.categories == ["Local", "Weather", "Tides"])
    }

    @Test func descriptionAndEncodedContentAreHTML() throws {
        let value = try item("""
            <description>&lt;p&gt;Short &amp;amp; sweet&lt;/p&gt;</description>
            <content:encoded><![CDATA[ <p>Long <b>body</b></p> ]]></content:encoded>
            """)
        #expect(value.summaryHTML == "<p>Short &amp; sweet</p>")
        #expect(value.contentHTML == "<p>Long <b>body</b></p>")
    }

    @Test func unescapedMarkupInADescriptionIsKept() throws {
        let value = try item("<description> <p>Raw <a href=\"/x\">link</a> &amp; more</p> </description>")
        #expect(value.summaryHTML == "<p>Raw <a href=\"/x\">link</a> &amp; more</p>")
    }

    @Test func titlesAreOneLineOfPlainText() throws {
        #expect(try item("<title>\n  Storm   warning\n for the coast </title>").title == "Storm warning for the coast")
        #expect(try item("<title>Fish &amp; chips</title>").title == "Fish & chips")
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
            <pubDate>Sun, 01 Nov 2026 00:00:00 GMT</pubDate>
            """, item: ""))
        #expect(feed.link == "https://example.org/")
        #expect(feed.updated == utc(2026, 11, 1))
    }
}
