import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

@Suite("xml:base and xml:lang")
struct XMLBaseAndLanguageTests {
    @Test func nestedRelativeBasesResolveAgainstTheirParent() throws {
        let feed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/feed/">
            <entry xml:base="entry/"><link href="post"/>
              <title type="html" xml:base="/title/">&lt;a href="x"&gt;x&lt;/a&gt;</title>
              <content type="xhtml" xml:base="http://other.example/c/"><div xmlns="http://www.w3.org/1999/xhtml"><img src="i.png"/></div></content>
              <author><name>A</name><uri>me</uri></author>
            </entry></feed>
            """, baseURL: "http://example.com/feed.xml")
        let entry = try #require(feed.items.first)
        #expect(entry.link == "http://example.com/feed/entry/post")
        #expect(entry.title == TextConstruct("<a href=\"http://example.com/title/x\">x</a>", type: .html, base: "http://example.com/title/"))
        #expect(entry.content == [TextConstruct("<img src=\"http://other.example/c/i.png\">", type: .xhtml, base: "http://other.example/c/")])
        #expect(entry.authors == [Person(name: "A", url: "http://example.com/feed/entry/me")])
    }

    @Test func theDocumentAddressIsTheOutermostBase() throws {
        let feed = try parse("<rss version=\"2.0\"><channel><docs>x</docs><item><link>/a</link><comments>c</comments></item></channel></rss>",
                             baseURL: "http://example.com/dir/feed.xml")
        #expect(feed.items.first?.link == "http://example.com/a")
        #expect(feed.items.first?.commentsURL == "http://example.com/dir/c")
    }

    @Test func rssContentResolvesAgainstTheItemLinkUnlessABaseIsDeclared() throws {
        let plain = try parse(rss(item: "<link>https://site.example/2026/post</link><description>&lt;img src=\"i.png\"&gt;</description>"),
                              baseURL: "https://feeds.example/feed.xml")
        #expect(plain.items.first?.summary == TextConstruct("<img src=\"https://site.example/2026/i.png\">", type: .html,
                                                            base: "https://feeds.example/feed.xml"))
        let declared = try parse("""
            <rss version="2.0" xml:base="https://declared.example/"><channel><item><link>https://site.example/2026/post</link>
            <description>&lt;img src="i.png"&gt;</description></item></channel></rss>
            """)
        #expect(declared.items.first?.summary?.value == "<img src=\"https://declared.example/i.png\">")
    }

    @Test func languageIsInheritedAndAnEmptyOneClearsIt() throws {
        let feed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en_US"><title>T</title>
            <entry><title>E</title><summary xml:lang="fr">R</summary></entry>
            <entry xml:lang=""><title>F</title></entry></feed>
            """)
        #expect(feed.language == "en-US")
        #expect(feed.title?.language == "en-US")
        #expect(feed.items[0].title?.language == "en-US")
        #expect(feed.items[0].summary?.language == "fr")
        #expect(feed.items[0].language == "en-US")
        #expect(feed.items[1].title?.language == nil)
    }

    @Test func feedLanguageComesFromTheRootOrALanguageElementOnly() throws {
        #expect(try parse("<feed xmlns=\"http://www.w3.org/2005/Atom\"><title xml:lang=\"en\">T</title></feed>").language == nil)
        #expect(try parse(rss(channel: "<language>en-us</language>", item: "<dc:language>de</dc:language>")).language == "en-us")
        #expect(try parse(rss(channel: "", item: "<dc:language>de</dc:language>")).items.first?.language == "de")
    }

    @Test func malformedAndScriptBasesAreRepairedOrIgnored() throws {
        let feed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><entry xml:base="http:///example.com/test/"><link href="a"/></entry>
            <entry xml:base="javascript:alert(1)"><link href="b"/></entry></feed>
            """, baseURL: "https://example.org/feed")
        #expect(feed.items.map(\.link) == ["http://example.com/test/a", "https://example.org/b"])
    }

    @Test func anEmptyHrefIsTheBaseItself() throws {
        let feed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/feed"><link rel="self" href=""/></feed>
            """)
        #expect(feed.feedURL == "http://example.com/feed")
    }
}
