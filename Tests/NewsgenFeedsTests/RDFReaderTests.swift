import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

@Suite("RDF: RSS 0.90 and 1.0")
struct RDFReaderTests {
    @Test func rss10ChannelImageAndItems() throws {
        let feed = try parse("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel rdf:about="https://example.org/rss"><title>Bay</title><link>https://example.org/</link>
              <description>News</description><dc:language>en-gb</dc:language><image rdf:resource="https://example.org/i.png"/></channel>
            <image rdf:about="https://example.org/i.png"><url>/i.png</url><title>Bay</title><link>https://example.org/</link></image>
            <item rdf:about="https://example.org/a"><title>A</title><link>https://example.org/a</link>
              <dc:date>2026-11-01T09:00:00Z</dc:date><dc:creator>Ana</dc:creator><dc:subject>Tides</dc:subject></item>
            </rdf:RDF>
            """)
        #expect(feed.format == .rss10)
        #expect(feed.title == "Bay")
        #expect(feed.subtitle == TextConstruct("News", type: .html))
        #expect(feed.language == "en-gb")
        #expect(feed.imageURL == "https://example.org/i.png")
        let item = try #require(feed.items.first)
        #expect(item.id == "https://example.org/a")
        #expect(item.link == "https://example.org/a")
        #expect(item.updated == utc(2026, 11, 1, 9))
        #expect(item.published == utc(2026, 11, 1, 9))
        #expect(item.authors == [Person(name: "Ana")])
        #expect(item.categories == ["Tides"])
    }

    @Test func rss10WithAPrefix() throws {
        let feed = try parse("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/">
            <rss:channel><rss:title>Prefixed</rss:title></rss:channel><rss:item><rss:title>I</rss:title></rss:item></rdf:RDF>
            """)
        #expect(feed.format == .rss10)
        #expect(feed.title == "Prefixed")
        #expect(feed.items.map(\.title) == ["I"])
    }

    @Test func rss090() throws {
        let feed = try parse("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
            <channel><title>Old</title><link>https://example.org/</link></channel>
            <item><title>First</title><link>https://example.org/1</link></item></rdf:RDF>
            """)
        #expect(feed.format == .rss090)
        #expect(feed.items.map(\.link) == ["https://example.org/1"])
        let empty = try parse("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/"></rdf:RDF>
            """)
        #expect(empty.format == .rss090)
    }
}
