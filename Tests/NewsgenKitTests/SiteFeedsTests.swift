import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Mustache
import NewsgenFeeds
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The site's feeds out: exact bytes of small sites, each file read back by an
/// independent parser (newsgen's `FeedParser` for the feeds, Foundation's
/// `XMLParser`/`JSONSerialization` for the rest), and hostile text kept well-formed.
@Suite("Site feeds out")
struct SiteFeedsTests {
    static let published = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z
    static let media = String(repeating: "a", count: 64) + ".png"
    static let media2x = String(repeating: "b", count: 64) + ".png"

    /// Two articles: one from a url source with tags, an image and content; one
    /// from a path source with a summary only.
    static func input(baseURL: String?, title: String = "Bay <News>", articles extra: [PreparedArticle] = [],
                      bookmarks: [Bookmark] = [], duplicateOf: [String: String] = [:]) throws -> RenderInput {
        var config = SiteConfig(title: title, sources: [
            SourceConfig(id: "wire", location: .url(URL(string: "https://wire.example/feed.xml?a=1&b=2")!)),
            SourceConfig(id: "notes", title: "Council Notes", location: .file("content/notes.xml")),
        ])
        config.baseURL = baseURL
        config.pageSize = 1
        var harbor = PreparedArticle(Article(
            id: "00000000000000a1", slug: "harbor-opens", sourceID: "wire", title: "Harbor <opens>",
            link: "https://wire.example/harbor", published: published, updated: published.addingTimeInterval(3600),
            contentHTML: "<p>Body</p>", tags: ["Port", "Port", " ", "Bay & Co"]))
        harbor.contentHTML = #"<p>Ships &amp; <a href="../council-notes/">notes</a></p><img src="../../media/\#(media)" srcset="../../media/\#(media) 1x, ../../media/\#(media2x) 2x" alt="Quay">"#
        harbor.image = ArticleImage(media: media, thumbnail: nil, thumbnail2x: nil, inContent: true)
        let notes = PreparedArticle(Article(
            id: "00000000000000b2", slug: "council-notes", sourceID: "notes", title: "Council notes",
            link: "/relative/only", author: "Ann", published: published.addingTimeInterval(-86_400), summaryHTML: "<p>Short.</p>"))
        return RenderInput(config: config, templates: Templates(library: try MustacheLibrary(templates: [:]), assets: []),
                           articles: extra + [harbor, notes],
                           sources: ["wire": SourceInfo(id: "wire", title: "The Wire", url: "https://wire.example/"),
                                     "notes": SourceInfo(id: "notes", title: "Council Notes", url: "javascript:alert(1)")],
                           bookmarks: BookmarkManifest(bookmarks: bookmarks), duplicateOf: duplicateOf)
    }

    static func text(_ files: [OutputFile], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.data, as: UTF8.self) }
    }

    // MARK: - /feed.xml

    @Test func atomWithABaseURLIsAbsolute() throws {
        let xml = SiteFeeds.atomFeed(try Self.input(baseURL: "https://news.example.org/bay/")).xml()
        #expect(xml == """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
              <id>https://news.example.org/bay/</id>
              <title>Bay &lt;News&gt;</title>
              <updated>2026-09-21T15:13:20Z</updated>
              <author><name>Bay &lt;News&gt;</name></author>
              <link rel="self" type="application/atom+xml" href="https://news.example.org/bay/feed.xml"/>
              <link rel="alternate" type="text/html" href="https://news.example.org/bay/"/>
              <generator uri="https://github.com/newsgen/newsgen">newsgen</generator>
              <entry>
                <id>https://news.example.org/bay/articles/harbor-opens/</id>
                <title>Harbor &lt;opens&gt;</title>
                <link rel="alternate" type="text/html" href="https://news.example.org/bay/articles/harbor-opens/"/>
                <link rel="related" href="https://wire.example/harbor"/>
                <updated>2026-09-21T15:13:20Z</updated>
                <published>2026-09-21T14:13:20Z</published>
                <author><name>The Wire</name></author>
                <category term="Port"/>
                <category term="Bay &amp; Co"/>
                <summary type="text">Body</summary>
                <content type="html" xml:base="https://news.example.org/bay/articles/harbor-opens/">&lt;p&gt;Ships &amp;amp; &lt;a href=&quot;../council-notes/&quot;&gt;notes&lt;/a&gt;&lt;/p&gt;&lt;img src=&quot;../../media/\(Self.media)&quot; srcset=&quot;../../media/\(Self.media) 1x, ../../media/\(Self.media2x) 2x&quot; alt=&quot;Quay&quot;&gt;</content>
              </entry>
              <entry>
                <id>https://news.example.org/bay/articles/council-notes/</id>
                <title>Council notes</title>
                <link rel="alternate" type="text/html" href="https://news.example.org/bay/articles/council-notes/"/>
                <updated>2026-09-20T14:13:20Z</updated>
                <published>2026-09-20T14:13:20Z</published>
                <author><name>Ann</name></author>
                <summary type="text">Short.</summary>
              </entry>
            </feed>

            """)
    }

    @Test func atomWithoutABaseURLLinksRelativeToTheFeed() throws {
        let xml = SiteFeeds.atomFeed(try Self.input(baseURL: nil)).xml()
        #expect(xml.contains("  <id>urn:newsgen:site</id>\n"))
        #expect(xml.contains(#"<link rel="self" type="application/atom+xml" href="feed.xml"/>"#))
        #expect(xml.contains(#"<link rel="alternate" type="text/html" href="./"/>"#))
        #expect(xml.contains("<id>urn:newsgen:article:00000000000000a1</id>"))
        #expect(xml.contains(#"<content type="html" xml:base="articles/harbor-opens/">"#))

        // Read where it is served: every link and the content's image land on that host.
        let parsed = try FeedParser.parse(Data(xml.utf8), baseURL: "https://mirror.example/feed.xml")
        #expect(parsed.illFormedReason == nil)
        #expect(parsed.link == "https://mirror.example/")
        #expect(parsed.items.compactMap(\.link) == ["https://mirror.example/articles/harbor-opens/", "https://mirror.example/articles/council-notes/"])
        let content = try #require(parsed.items.first?.content.first?.value)
        #expect(content.contains(#"src="https://mirror.example/media/\#(Self.media)""#))
    }

    @Test func newsgensOwnParserReadsTheAtomFeedBack() throws {
        let parsed = try FeedParser.parse(Data(SiteFeeds.atomFeed(try Self.input(baseURL: "https://news.example.org/")).xml().utf8))
        #expect(parsed.format == .atom10)
        #expect(parsed.illFormedReason == nil)
        #expect(parsed.language == "en")
        #expect(parsed.updated == Self.published.addingTimeInterval(3600))
        #expect(parsed.items.map { $0.title?.plainText } == ["Harbor <opens>", "Council notes"])
        #expect(parsed.items.map(\.id) == ["https://news.example.org/articles/harbor-opens/", "https://news.example.org/articles/council-notes/"])
        #expect(parsed.items[0].categories.map(\.term) == ["Port", "Bay & Co"])
        #expect(parsed.items[0].authors.compactMap(\.name) == ["The Wire"])
        #expect(parsed.items[0].links.contains { $0.rel == "related" && $0.href == "https://wire.example/harbor" })
        #expect(parsed.items[0].published == Self.published)
        #expect(parsed.items[1].summary?.plainText == "Short.")
    }

    @Test func feedsCarryTheNewestFiftyListedArticles() throws {
        let many = (1...60).map { n in
            PreparedArticle(Article(id: String(format: "%016x", 1000 + n), slug: "story-\(n)", sourceID: "wire", title: "Story \(n)",
                                    published: Self.published.addingTimeInterval(Double(100 - n) * 60)))
        }
        // Story 1 is carried by another source too: lists (and so feeds) leave it out.
        let input = try Self.input(baseURL: nil, articles: many, duplicateOf: [String(format: "%016x", 1001): "00000000000000a1"])
        let atom = SiteFeeds.atomFeed(input)
        #expect(atom.entries.map(\.title) == (2...51).map { "Story \($0)" })
        #expect(atom.updated == Self.published.addingTimeInterval(98 * 60))
        #expect(SiteFeeds.jsonFeed(input).items.compactMap(\.title) == (2...51).map { "Story \($0)" })
    }

    @Test func anEmptySiteIsDatedByTheEpochNotTheClock() throws {
        var input = try Self.input(baseURL: nil)
        input.articles = []
        let files = SiteFeeds.files(for: input, pageRoutes: [.home])
        #expect(Self.text(files, "feed.xml")?.contains("<updated>1970-01-01T00:00:00Z</updated>") == true)
        #expect(Self.text(files, "feed.xml")?.contains("<entry>") == false)
        #expect(Self.text(files, "feed.json") == """
            {
              "authors": [
                {
                  "name": "Bay <News>"
                }
              ],
              "items": [],
              "language": "en",
              "title": "Bay <News>",
              "version": "https://jsonfeed.org/version/1.1"
            }

            """)
    }

    // MARK: - /feed.json

    @Test func jsonFeedWithABaseURLIsAbsoluteInsideContentToo() throws {
        let json = try #require(Self.text(SiteFeeds.files(for: try Self.input(baseURL: "https://news.example.org/bay/"), pageRoutes: []), "feed.json"))
        let base = "https://news.example.org/bay/"
        #expect(json == #"""
            {
              "authors": [
                {
                  "name": "Bay <News>"
                }
              ],
              "feed_url": "https://news.example.org/bay/feed.json",
              "home_page_url": "https://news.example.org/bay/",
              "items": [
                {
                  "authors": [
                    {
                      "name": "The Wire"
                    }
                  ],
                  "content_html": "<p>Ships &amp; <a href=\"\#(base)articles/council-notes/\">notes</a></p><img src=\"\#(base)media/\#(Self.media)\" srcset=\"\#(base)media/\#(Self.media) 1x, \#(base)media/\#(Self.media2x) 2x\" alt=\"Quay\">",
                  "date_modified": "2026-09-21T15:13:20Z",
                  "date_published": "2026-09-21T14:13:20Z",
                  "external_url": "https://wire.example/harbor",
                  "id": "https://news.example.org/bay/articles/harbor-opens/",
                  "image": "https://news.example.org/bay/media/\#(Self.media)",
                  "summary": "Body",
                  "tags": [
                    "Port",
                    "Bay & Co"
                  ],
                  "title": "Harbor <opens>",
                  "url": "https://news.example.org/bay/articles/harbor-opens/"
                },
                {
                  "authors": [
                    {
                      "name": "Ann"
                    }
                  ],
                  "content_text": "Short.",
                  "date_published": "2026-09-20T14:13:20Z",
                  "id": "https://news.example.org/bay/articles/council-notes/",
                  "summary": "Short.",
                  "title": "Council notes",
                  "url": "https://news.example.org/bay/articles/council-notes/"
                }
              ],
              "language": "en",
              "title": "Bay <News>",
              "version": "https://jsonfeed.org/version/1.1"
            }

            """#)
    }

    @Test func jsonFeedWithoutABaseURLIsRelativeToTheFeed() throws {
        let feed = SiteFeeds.jsonFeed(try Self.input(baseURL: nil))
        #expect(feed.homePageURL == nil)
        #expect(feed.feedURL == nil)
        #expect(feed.items.map(\.id) == ["urn:newsgen:article:00000000000000a1", "urn:newsgen:article:00000000000000b2"])
        #expect(feed.items.compactMap(\.url) == ["articles/harbor-opens/", "articles/council-notes/"])
        #expect(feed.items[0].image == "media/\(Self.media)")
        // Relative to the item's own page, as newsgen's reader resolves item content.
        #expect(feed.items[0].contentHTML?.contains(#"src="../../media/\#(Self.media)""#) == true)

        let parsed = try FeedParser.parse(Data(feed.jsonText.utf8), baseURL: "https://mirror.example/feed.json")
        #expect(parsed.format == .json11)
        #expect(parsed.items.compactMap(\.link) == ["https://mirror.example/articles/harbor-opens/", "https://mirror.example/articles/council-notes/"])
        #expect(parsed.items[0].imageURL == "https://mirror.example/media/\(Self.media)")
        #expect(parsed.items[0].content.first?.value.contains(#"src="https://mirror.example/media/\#(Self.media)""#) == true)
    }

    @Test func newsgensOwnParserReadsTheJSONFeedBack() throws {
        let text = SiteFeeds.jsonFeed(try Self.input(baseURL: "https://news.example.org/")).jsonText
        let parsed = try FeedParser.parse(Data(text.utf8))
        #expect(parsed.format == .json11)
        #expect(parsed.title?.plainText == "Bay <News>")
        #expect(parsed.link == "https://news.example.org/")
        #expect(parsed.items.map { $0.title?.plainText } == ["Harbor <opens>", "Council notes"])
        #expect(parsed.items[0].updated == Self.published.addingTimeInterval(3600))
        #expect(parsed.items[0].categories.map(\.term) == ["Port", "Bay & Co"])
        #expect(parsed.items[1].authors.compactMap(\.name) == ["Ann"])
        #expect(parsed.items[1].content.first?.value == "Short.")
    }

    // MARK: - /sitemap.xml

    static let pageRoutes: [Route] = [
        .home, .archive, .month(list: .source(id: "notes"), YearMonth(year: 2026, month: 9)!), .article(slug: "harbor-opens"),
        .article(slug: "council-notes"), .bookmarks(page: 1), .sources(page: 1), .source(id: "wire"), .source(id: "notes"), .source(id: "gone"),
        .tag(slug: "bay-and-co"), .search, .home, .atomFeed,
    ]

    @Test func sitemapListsEveryPageOnceWithItsNewestDate() throws {
        let bookmark = Bookmark(id: "00000000000000b2", added: Self.published.addingTimeInterval(-60), title: "x")
        let input = try Self.input(baseURL: "https://news.example.org/bay/", bookmarks: [bookmark])
        let sitemap = try #require(Self.text(SiteFeeds.files(for: input, pageRoutes: Self.pageRoutes), "sitemap.xml"))
        #expect(sitemap == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://news.example.org/bay/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/archive/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/sources/notes/2026/09/</loc><lastmod>2026-09-20T14:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/articles/harbor-opens/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/articles/council-notes/</loc><lastmod>2026-09-20T14:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/bookmarks/</loc><lastmod>2026-09-21T14:12:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/sources/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/sources/wire/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/sources/notes/</loc><lastmod>2026-09-20T14:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/sources/gone/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/tags/bay-and-co/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
              <url><loc>https://news.example.org/bay/search/</loc><lastmod>2026-09-21T15:13:20Z</lastmod></url>
            </urlset>

            """)
        let read = try XMLRead(Data(sitemap.utf8))
        #expect(read.elements.filter { $0.name == "loc" }.count == 12)
        #expect(read.elements.first?.attributes["xmlns"] == "http://www.sitemaps.org/schemas/sitemap/0.9")
    }

    /// A front page by the newest of the `pageSize` articles it shows, a month page by the newest of its month,
    /// `/archive/` by the newest of all; a month a list does not have, like a page without dates, by the site's newest.
    @Test func aListPageIsDatedByItsNewestArticleAndPagesWithoutDatesByTheSite() throws {
        let august = PreparedArticle(Article(id: "00000000000000c3", slug: "august", sourceID: "notes", title: "August",
                                             published: Self.published.addingTimeInterval(-40 * 86_400), tags: ["Port"]))
        var input = try Self.input(baseURL: "https://news.example.org/")
        input.articles.append(august)
        input.config.pageSize = 2
        let dates = SiteFeeds.PageDates(input)
        let newest = Self.published.addingTimeInterval(3600)
        let september = YearMonth(year: 2026, month: 9)!, inAugust = YearMonth(year: 2026, month: 8)!
        #expect(dates.date(of: .home) == newest)
        #expect(dates.date(of: .archive) == newest)
        #expect(dates.date(of: .source(id: "notes")) == Self.published.addingTimeInterval(-86_400))
        #expect(dates.date(of: .month(list: .home, september)) == newest)
        #expect(dates.date(of: .month(list: .home, inAugust)) == august.article.published)
        #expect(dates.date(of: .month(list: .source(id: "notes"), september)) == Self.published.addingTimeInterval(-86_400))
        #expect(dates.date(of: .month(list: .tag(slug: "port"), inAugust)) == august.article.published)
        #expect(dates.date(of: .tag(slug: "port")) == newest)
        #expect(dates.date(of: .month(list: .source(id: "wire"), inAugust)) == newest)
        var empty = input
        empty.articles = []
        #expect(SiteFeeds.PageDates(empty).date(of: .home) == nil)
        let sitemap = try #require(SiteFeeds.sitemapFiles(empty, pageRoutes: [.home]).first)
        #expect(String(decoding: sitemap.data, as: UTF8.self).contains("<url><loc>https://news.example.org/</loc></url>"))
    }

    /// Past the limit (50,000 in a build; 5 here) `/sitemap.xml` is an index of parts, each part
    /// at most the limit and dated by its newest page; the pages are listed once, in order.
    @Test func aSitemapOverTheLimitIsAnIndexOfParts() throws {
        let input = try Self.input(baseURL: "https://news.example.org/bay/")
        let single = SiteFeeds.sitemapFiles(input, pageRoutes: Self.pageRoutes)
        let files = SiteFeeds.sitemapFiles(input, pageRoutes: Self.pageRoutes, limit: 5)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemaps/1.xml", "sitemaps/2.xml", "sitemaps/3.xml"])
        let index = String(decoding: files[0].data, as: UTF8.self)
        #expect(index == """
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>https://news.example.org/bay/sitemaps/1.xml</loc><lastmod>2026-09-21T15:13:20Z</lastmod></sitemap>
              <sitemap><loc>https://news.example.org/bay/sitemaps/2.xml</loc><lastmod>2026-09-21T15:13:20Z</lastmod></sitemap>
              <sitemap><loc>https://news.example.org/bay/sitemaps/3.xml</loc><lastmod>2026-09-21T15:13:20Z</lastmod></sitemap>
            </sitemapindex>

            """)
        let locs = { (file: OutputFile) in try XMLRead(file.data).elements.filter { $0.name == "loc" }.map(\.text) }
        let parts = try files.dropFirst().map(locs)
        #expect(parts.map(\.count) == [5, 5, 2])
        #expect(parts.flatMap { $0 } == (try locs(single[0])))
    }

    @Test func withoutABaseURLThereIsNoSitemap() throws {
        let files = SiteFeeds.files(for: try Self.input(baseURL: nil), pageRoutes: Self.pageRoutes)
        #expect(files.map(\.path) == ["feed.xml", "feed.json", "sources.opml"])
    }

    // MARK: - /sources.opml

    @Test func opmlListsEverySourceWithItsPageOnTheSite() throws {
        let opml = try #require(Self.text(SiteFeeds.files(for: try Self.input(baseURL: nil), pageRoutes: []), "sources.opml"))
        #expect(opml == """
            <?xml version="1.0" encoding="utf-8"?>
            <opml version="2.0">
              <head>
                <title>Sources · Bay &lt;News&gt;</title>
              </head>
              <body>
                <outline type="rss" text="The Wire" title="The Wire" xmlUrl="https://wire.example/feed.xml?a=1&amp;b=2" htmlUrl="sources/wire/"/>
                <outline type="rss" text="Council Notes" title="Council Notes" htmlUrl="sources/notes/"/>
              </body>
            </opml>

            """)
        let read = try XMLRead(Data(opml.utf8))
        let outline = try #require(read.elements.first { $0.name == "outline" })
        #expect(outline.attributes["xmlUrl"] == "https://wire.example/feed.xml?a=1&b=2")
        #expect(read.elements.first { $0.name == "title" }?.text == "Sources · Bay <News>")
    }

    @Test func aPathSourceGetsTheAddressItsFeedNamesAndPagesAreAbsoluteOnTheBaseURL() throws {
        var input = try Self.input(baseURL: "https://news.example.org/")
        input.sources["notes"]?.feedURL = "https://council.example/notes.xml"
        let opml = try XMLRead(try #require(SiteFeeds.files(for: input, pageRoutes: []).first { $0.path == "sources.opml" }).data)
        let outlines = opml.elements.filter { $0.name == "outline" }
        #expect(outlines.map { $0.attributes["htmlUrl"] } == ["https://news.example.org/sources/wire/", "https://news.example.org/sources/notes/"])
        #expect(outlines.map { $0.attributes["xmlUrl"] } == ["https://wire.example/feed.xml?a=1&b=2", "https://council.example/notes.xml"])
    }

    @Test func sourcesWithACategorySitInAFolderThatReadsBackAsTheirCategory() throws {
        var input = try Self.input(baseURL: nil)
        input.config.sources[0].category = "Wires & agencies"
        input.config.sources.append(SourceConfig(id: "harbor", location: .url(URL(string: "https://harbor.example/rss")!)))
        let data = try #require(SiteFeeds.files(for: input, pageRoutes: []).first { $0.path == "sources.opml" }).data
        #expect(String(decoding: data, as: UTF8.self).contains("""
                <outline type="rss" text="Council Notes" title="Council Notes" htmlUrl="sources/notes/"/>
                <outline type="rss" text="harbor" title="harbor" xmlUrl="https://harbor.example/rss" htmlUrl="sources/harbor/"/>
                <outline text="Wires &amp; agencies" title="Wires &amp; agencies">
                  <outline type="rss" text="The Wire" title="The Wire" xmlUrl="https://wire.example/feed.xml?a=1&amp;b=2" htmlUrl="sources/wire/"/>
                </outline>
            """))
        let read = try OPMLReader.read(data)
        #expect(read.problems.map(\.description) == ["line 7: outline 'Council Notes' has no xmlUrl: not a feed"])
        #expect(read.feeds.map(\.xmlURL) == ["https://harbor.example/rss", "https://wire.example/feed.xml?a=1&b=2"])
        #expect(read.feeds.map(\.category) == [nil, "Wires & agencies"])
    }

    @Test func aFeedAddressThatIsNotHTTPIsLeftOut() throws {
        var input = try Self.input(baseURL: nil)
        input.sources["notes"]?.feedURL = "javascript:alert(1)"
        let opml = try XMLRead(try #require(SiteFeeds.files(for: input, pageRoutes: []).first { $0.path == "sources.opml" }).data)
        #expect(opml.elements.filter { $0.name == "outline" }.last?.attributes["xmlUrl"] == nil)
    }

    // MARK: - Hostile text

    static let hostile = "A\u{1}\u{8}\u{B}\u{FFFE} ]]> <script>alert(\"x\")</script> & 'q' \r\n\u{2028}é"

    @Test func hostileTextStaysWellFormedEverywhere() throws {
        var input = try Self.input(baseURL: "https://news.example.org/", title: Self.hostile)
        input.articles[0].article.title = Self.hostile
        input.articles[0].article.author = Self.hostile
        input.articles[0].article.tags = [Self.hostile, "]]>"]
        input.articles[0].summaryText = Self.hostile
        input.config.sources[0].title = Self.hostile
        let files = SiteFeeds.files(for: input, pageRoutes: Self.pageRoutes)
        #expect(files.count == 4)
        // What XML cannot carry is dropped; the parser then collapses the text's whitespace.
        let cleaned = "A ]]> <script>alert(\"x\")</script> & 'q' é"
        // In attributes a literal newline becomes a space; `&#13;` keeps the carriage return.
        let attribute = "A ]]> <script>alert(\"x\")</script> & 'q' \r \u{2028}é"

        let atom = try FeedParser.parse(try #require(files.first { $0.path == "feed.xml" }).data)
        #expect(atom.illFormedReason == nil)
        #expect(atom.title?.plainText == cleaned)
        #expect(atom.items.first?.title?.plainText == cleaned)
        #expect(atom.items.first?.categories.map(\.term) == [attribute, "]]>"])
        #expect(atom.items.first?.authors.first?.name == cleaned)

        let jsonData = try #require(files.first { $0.path == "feed.json" }).data
        let object = try #require(try JSONSerialization.jsonObject(with: jsonData) as? [String: Any])
        #expect(object["title"] as? String == Self.hostile)
        let json = try FeedParser.parse(jsonData)
        #expect(json.items.first?.title?.plainText.contains("]]> <script>alert(\"x\")</script> & 'q'") == true)

        for path in ["feed.xml", "sitemap.xml", "sources.opml"] {
            let read = try XMLRead(try #require(files.first { $0.path == path }).data)
            #expect(!read.elements.isEmpty, "\(path)")
        }
        let opml = try XMLRead(try #require(files.first { $0.path == "sources.opml" }).data)
        #expect(opml.elements.first { $0.name == "outline" }?.attributes["text"] == attribute)
    }
}

/// Every element of an XML document (name, attributes, text), read by
/// Foundation's `XMLParser`, which stops at the first well-formedness error.
private struct XMLRead {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var elements: [Element]

    init(_ data: Data) throws {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            throw Failure(description: "not well-formed at line \(parser.lineNumber), column \(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        elements = reader.elements
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }
    }
}
