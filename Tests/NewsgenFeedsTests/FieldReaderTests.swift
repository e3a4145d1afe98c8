import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

/// Vocabularies every format shares: iTunes, Media RSS, Dublin Core, generators, images.
@Suite("Shared vocabularies")
struct FieldReaderTests {
    private let itunes = "xmlns:itunes=\"http://www.itunes.com/DTDs/PodCast-1.0.dtd\""

    @Test func itunesPodcast() throws {
        let feed = try parse("""
            <rss version="2.0" \(itunes)><channel><title>Pod</title><itunes:image href="https://example.org/cover.jpg"/>
            <itunes:category text="Technology"><itunes:category text="Gadgets"/></itunes:category>
            <itunes:keywords>one, two</itunes:keywords><itunes:summary>About</itunes:summary>
            <item><title>Ep</title><itunes:author>Host</itunes:author><itunes:summary>Ep summary</itunes:summary>
            <itunes:image href="https://example.org/ep.jpg"/></item></channel></rss>
            """)
        let scheme = "http://www.itunes.com/"
        #expect(feed.imageURL == "https://example.org/cover.jpg")
        #expect(feed.subtitle == "About")
        #expect(feed.categories == [Category(term: "Technology", scheme: scheme), Category(term: "Gadgets", scheme: scheme),
                                    Category(term: "one", scheme: scheme), Category(term: "two", scheme: scheme)])
        let item = try #require(feed.items.first)
        #expect(item.authors == [Person(name: "Host")])
        #expect(item.summary == "Ep summary")
        #expect(item.imageURL == "https://example.org/ep.jpg")
    }

    @Test func mediaRSSTitlesDescriptionsAndCategories() throws {
        let item = try #require(try parse(rss(item: """
            <media:title>Media title</media:title><title>Real title</title>
            <media:group><media:description>Group description</media:description>
              <media:category scheme="urn:x" label="L">cat1</media:category><media:keywords>k1, k2</media:keywords></media:group>
            """)).items.first)
        #expect(item.title == "Real title")
        #expect(item.summary == TextConstruct("Group description", type: .html, base: nil))
        #expect(item.categories == [Category(term: "cat1", scheme: "urn:x", label: "L"), "k1", "k2"])
    }

    @Test func generatorsAndChannelImages() throws {
        let rssFeed = try parse(rss(channel: """
            <link>https://example.org/</link><generator>Gen 1</generator>
            <image><url>/logo.png</url><title>Logo</title><link>https://example.org/elsewhere</link></image>
            """, item: ""))
        #expect(rssFeed.generator == Generator(name: "Gen 1"))
        #expect(rssFeed.imageURL == "https://example.org/logo.png")
        #expect(rssFeed.link == "https://example.org/")
        let atomFeed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><generator uri="/gen" version="2">Gen</generator>
            <logo>/logo.png</logo><icon>/icon.ico</icon><rights type="html">&lt;b&gt;(c)&lt;/b&gt;</rights></feed>
            """, baseURL: "https://example.org/atom")
        #expect(atomFeed.generator == Generator(name: "Gen", version: "2", url: "https://example.org/gen"))
        #expect(atomFeed.imageURL == "https://example.org/logo.png")
        #expect(atomFeed.iconURL == "https://example.org/icon.ico")
        #expect(atomFeed.rights == TextConstruct("<b>(c)</b>", type: .html, base: "https://example.org/atom"))
    }

    @Test func categoriesKeepTheirOwnTextAndSchemes() throws {
        let item = try #require(try parse(rss(item: """
            <category domain="https://example.org/cats">Local<image><url>https://example.org/x.png</url></image></category>
            <tags>one, two</tags>
            """)).items.first)
        #expect(item.categories == [Category(term: "Local", scheme: "https://example.org/cats"), "one", "two"])
    }

    @Test func contributorsAndComments() throws {
        let item = try #require(try parse(rss(item: """
            <dc:contributor>Cy</dc:contributor><comments>/c/1</comments>
            """)).items.first)
        #expect(item.contributors == [Person(name: "Cy")])
        #expect(item.commentsURL == "https://example.org/c/1")
    }

    @Test func contentElementsOfEveryKind() throws {
        let item = try #require(try parse(rss(item: """
            <description>Short</description><content:encoded>&lt;p&gt;Long&lt;/p&gt;</content:encoded>
            <body xmlns="http://www.w3.org/1999/xhtml"><p>Body</p></body>
            """)).items.first)
        #expect(item.content.map(\.type) == [.html, .xhtml])
        #expect(item.content.map(\.value) == ["<p>Long</p>", "<p>Body</p>"])
    }
}
