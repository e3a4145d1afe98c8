import Foundation
import NewsgenFeeds
import NewsgenModel
import Testing
@testable import NewsgenKit

/// `/bookmarks/feed.xml`: exact bytes, and read back by newsgen's own feed parser.
@Suite("Atom feed of bookmarks")
struct AtomFeedTests {
    static let added = Date(timeIntervalSince1970: 1_795_000_000)

    private func prepared(_ id: String, slug: String, title: String) -> PreparedArticle {
        PreparedArticle(Article(id: id, slug: slug, sourceID: "wire", title: title, link: "https://example.org/\(slug)",
                                published: Date(timeIntervalSince1970: 1_790_000_000), contentHTML: "<p>Body & <b>bold</b><script>x()</script></p>"))
    }

    private func feed(baseURL: String?) -> AtomFeed {
        var config = SiteConfig(title: "Bay <News>", sources: [])
        config.baseURL = baseURL
        let manifest = BookmarkManifest(bookmarks: [
            Bookmark(id: "00000000000000a1", added: Self.added, title: "ignored", note: "for the \"digest\""),
            Bookmark(id: "00000000000000b2", added: Self.added.addingTimeInterval(60), title: "Gone story\u{1}", url: "https://example.org/gone"),
        ])
        return AtomFeed.bookmarks(manifest, articles: ["00000000000000a1": prepared("00000000000000a1", slug: "harbor", title: "Harbor opens")],
                                  sources: ["wire": SourceInfo(id: "wire", title: "The Wire")], config: config, fallbackUpdated: nil)
    }

    @Test func withABaseURLLinksAreAbsolute() {
        #expect(feed(baseURL: "https://news.example.org/bay/").xml() == """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
              <id>https://news.example.org/bay/bookmarks/feed.xml</id>
              <title>Bookmarks · Bay &lt;News&gt;</title>
              <updated>2026-11-18T11:07:40Z</updated>
              <author><name>Bay &lt;News&gt;</name></author>
              <link rel="self" type="application/atom+xml" href="https://news.example.org/bay/bookmarks/feed.xml"/>
              <link rel="alternate" type="text/html" href="https://news.example.org/bay/bookmarks/"/>
              <generator uri="https://github.com/newsgen/newsgen">newsgen</generator>
              <entry>
                <id>urn:newsgen:article:00000000000000b2</id>
                <title>Gone story</title>
                <link rel="alternate" type="text/html" href="https://example.org/gone"/>
                <updated>2026-11-18T11:07:40Z</updated>
              </entry>
              <entry>
                <id>https://news.example.org/bay/articles/harbor/</id>
                <title>Harbor opens</title>
                <link rel="alternate" type="text/html" href="https://news.example.org/bay/articles/harbor/"/>
                <link rel="related" href="https://example.org/harbor"/>
                <updated>2026-11-18T11:06:40Z</updated>
                <published>2026-09-21T14:13:20Z</published>
                <author><name>The Wire</name></author>
                <summary type="text">for the &quot;digest&quot;</summary>
                <content type="html" xml:base="https://news.example.org/bay/articles/harbor/">&lt;p&gt;Body &amp;amp; &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;</content>
              </entry>
            </feed>

            """)
    }

    @Test func withoutABaseURLLinksAreRelativeToTheFeed() throws {
        let xml = feed(baseURL: nil).xml()
        #expect(xml.contains(#"<link rel="alternate" type="text/html" href="../articles/harbor/"/>"#))
        #expect(xml.contains("<id>urn:newsgen:article:00000000000000a1</id>"))
        #expect(xml.contains(#"<link rel="self" type="application/atom+xml" href="feed.xml"/>"#))
        let parsed = try FeedParser.parse(Data(xml.utf8), baseURL: "https://mirror.example/bookmarks/feed.xml")
        #expect(parsed.items.compactMap(\.link) == ["https://example.org/gone", "https://mirror.example/articles/harbor/"])
    }

    @Test func newsgensOwnParserReadsItBack() throws {
        let parsed = try FeedParser.parse(Data(feed(baseURL: "https://news.example.org/").xml().utf8))
        #expect(parsed.format == .atom10)
        #expect(parsed.illFormedReason == nil)
        #expect(parsed.title?.plainText == "Bookmarks · Bay <News>")
        #expect(parsed.items.map(\.id) == ["urn:newsgen:article:00000000000000b2", "https://news.example.org/articles/harbor/"])
        #expect(parsed.items.map { $0.title?.plainText } == ["Gone story", "Harbor opens"])
        #expect(parsed.items[1].updated == Self.added)
        #expect(parsed.items[1].content.first?.value == "<p>Body &amp; <b>bold</b></p>")
    }

    @Test func anEmptyFeedIsDatedByTheArchiveNotTheClock() {
        let feed = AtomFeed.bookmarks(BookmarkManifest(), articles: [:], sources: [:], config: SiteConfig(title: "Bay", sources: []),
                                      fallbackUpdated: Self.added)
        #expect(feed.entries.isEmpty)
        #expect(feed.updated == Self.added)
    }
}
