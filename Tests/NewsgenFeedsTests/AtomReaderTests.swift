import Foundation
import Testing
import NewsgenHTML
import NewsgenModel
import NewsgenFeeds

@Suite("Atom 1.0")
struct AtomReaderTests {
    private func entry(_ xml: String, feed: String = "<link href=\"https://example.org/blog/\"/>",
                       baseURL: String? = nil) throws -> ParsedItem {
        try #require(try parse(atom(feed: feed, entry: xml), baseURL: baseURL).items.first)
    }

    @Test func titleTypes() throws {
        #expect(try entry("<title>Fish &amp; &lt;chips&gt;</title>").title == "Fish & <chips>")
        #expect(try entry("<title type=\"text\">  two\n lines </title>").title == "two lines")
        #expect(try entry("<title type=\"html\">Fish &amp;amp; &lt;b&gt;chips&lt;/b&gt; &amp;#8212; &amp;eacute;t&amp;eacute;</title>").title?.plainText
                == "Fish & chips \u{2014} \u{E9}t\u{E9}")
        #expect(try entry("""
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">An <em>inline</em> title</div></title>
            """).title?.plainText == "An inline title")
    }

    @Test func summaryAndContentTypes() throws {
        let text = try entry("<summary>1 &lt; 2 &amp; <![CDATA[<b>]]></summary>")
        #expect(text.summaryHTML == "1 &lt; 2 &amp; &lt;b&gt;")
        let html = try entry("<summary type=\"html\">&lt;p&gt;Hi &amp;amp; bye&lt;/p&gt;</summary>")
        #expect(html.summaryHTML == "<p>Hi &amp; bye</p>")
        let xhtml = try entry("""
            <content type="xhtml">
              <div xmlns="http://www.w3.org/1999/xhtml"><p class="lead">A &amp; B<br/>C</p><img src="x.png" alt="&quot;x&quot;"/></div>
            </content>
            """)
        #expect(xhtml.contentHTML == "<p class=\"lead\">A &amp; B<br>C</p><img src=\"https://example.org/blog/x.png\" alt=\"&quot;x&quot;\">")
        let prefixed = try entry("""
            <content type="xhtml"><h:div xmlns:h="http://www.w3.org/1999/xhtml"><h:p>P</h:p></h:div></content>
            """)
        #expect(prefixed.contentHTML == "<p>P</p>")
        let outOfLine = try entry("<content type=\"text/html\" src=\"https://example.org/x\"/>")
        #expect(outOfLine.contentHTML == nil)
        let binary = try entry("<content type=\"image/png\">iVBORw0=</content>")
        #expect(binary.contentHTML == nil)
        let base64 = try entry("<content type=\"text/html\" mode=\"base64\">PGI+aGk8L2I+</content>")
        #expect(base64.content == [TextConstruct("<b>hi</b>", type: .html)])
    }

    @Test func linksPreferAlternate() throws {
        let value = try entry("""
            <link rel="self" href="https://example.org/self"/>
            <link rel="edit" href="https://example.org/edit"/>
            <link rel="alternate" type="application/pdf" href="https://example.org/a.pdf"/>
            <link rel="alternate" type="text/html" href="https://example.org/a.html"/>
            """)
        #expect(value.link == "https://example.org/a.html")
        #expect(try entry("<link href=\"posts/1\"/>").link == "https://example.org/blog/posts/1")
        #expect(try entry("<link href=\"posts/1\"/>", feed: "", baseURL: "https://example.net/atom.xml").link
                == "https://example.net/posts/1")
    }

    @Test func authorFallsBackToSourceThenFeed() throws {
        let feedAuthor = "<link href=\"https://example.org/\"/><author><name>Desk</name></author>"
        #expect(try entry("<author><name>Ana</name></author><author><name>Bo</name></author>", feed: feedAuthor).author == "Ana, Bo")
        #expect(try entry("<title>x</title>", feed: feedAuthor).author == "Desk")
        #expect(try entry("<source><author><name>Origin</name></author></source>", feed: feedAuthor).author == "Origin")
        #expect(try entry("<author><email>a@example.org</email></author>").author == "a@example.org")
        #expect(try entry("<title>x</title>").author == nil)
    }

    @Test func categoriesUseTermThenLabel() throws {
        let value = try entry("""
            <category term="tides" label="Tides"/><category label="Only label"/><category term="tides"/><category/>
            """)
        #expect(value.categories == [Category(term: "tides", label: "Tides"), Category(term: "Only label", label: "Only label"), "tides"])
    }

    @Test func enclosureLinksAndImages() throws {
        let value = try entry("""
            <link rel="enclosure" type="audio/mpeg" length="99" href="/ep1.mp3"/>
            <link rel="enclosure" type="image/jpeg" href="https://example.org/pic.jpg"/>
            """)
        #expect(value.enclosures == [
            Enclosure(url: "https://example.org/ep1.mp3", type: "audio/mpeg", length: 99),
            Enclosure(url: "https://example.org/pic.jpg", type: "image/jpeg"),
        ])
        #expect(value.imageURL == "https://example.org/pic.jpg")
        let thumbed = try entry("""
            <link rel="enclosure" type="image/jpeg" href="https://example.org/pic.jpg"/>
            <media:group><media:thumbnail url="https://example.org/thumb.jpg"/></media:group>
            """)
        #expect(thumbed.imageURL == "https://example.org/thumb.jpg")
    }

    @Test func datesAndIdentity() throws {
        let value = try entry("""
            <id> urn:uuid:1 </id><published>2026-10-01T10:00:00.5+02:00</published><updated>2026-10-02</updated>
            """)
        #expect(value.id == "urn:uuid:1")
        #expect(value.published == utc(2026, 10, 1, 8).addingTimeInterval(0.5))
        #expect(value.updated == utc(2026, 10, 2))
    }

    @Test func feedFields() throws {
        let feed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="html">A &amp;amp; B</title>
            <subtitle type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Sub <b>title</b></div></subtitle>
            <link rel="self" href="https://example.org/atom.xml"/><link href="/"/>
            <updated>2026-11-01T00:00:00Z</updated></feed>
            """, baseURL: "https://example.org/atom.xml")
        let base = "https://example.org/atom.xml"
        #expect(feed == ParsedFeed(format: .atom10, title: TextConstruct("A &amp; B", type: .html, base: base),
                                   subtitle: TextConstruct("Sub <b>title</b>", type: .xhtml, base: base), link: "https://example.org/",
                                   feedURL: base,
                                   links: [FeedLink(href: base, rel: "self", type: "application/atom+xml"),
                                           FeedLink(href: "https://example.org/", type: "text/html")],
                                   updated: utc(2026, 11, 1), encoding: "utf-8"))
    }

    @Test func markupWhereEscapedMarkupWasDeclared() throws {
        // A stray div around escaped markup (TypePad) is not content.
        let typepad = try entry("""
            <content type="html"><div xmlns="http://www.w3.org/1999/xhtml">Example &lt;b&gt;Atom&lt;/b&gt;</div></content>
            """)
        #expect(typepad.content == [TextConstruct("Example <b>Atom</b>", type: .html)])
        // Inline elements under a text or html type are XHTML after all.
        let inline = try entry("<summary type=\"html\">Example <b xmlns=\"http://www.w3.org/1999/xhtml\">Atom</b></summary>")
        #expect(inline.summary == TextConstruct("Example <b>Atom</b>", type: .xhtml))
    }

    @Test func entryRightsAndContributors() throws {
        let value = try entry("""
            <rights type="html">&lt;b&gt;CC&lt;/b&gt;</rights><contributor><name>Cy</name><uri>/cy</uri></contributor>
            """)
        #expect(value.rights == TextConstruct("<b>CC</b>", type: .html))
        #expect(value.contributors == [Person(name: "Cy", url: "https://example.org/cy")])
    }

    @Test func theLastAlternateLinkWinsAndEveryLinkIsKept() throws {
        let value = try entry("""
            <link rel="alternate" href="/a"/><link rel="related" href="/r" title="R"/><link rel="alternate" type="text/html" href="/b"/>
            """)
        #expect(value.link == "https://example.org/b")
        #expect(value.links == [FeedLink(href: "https://example.org/a", type: "text/html"),
                                FeedLink(href: "https://example.org/r", rel: "related", type: "text/html", title: "R"),
                                FeedLink(href: "https://example.org/b", type: "text/html")])
    }
}
