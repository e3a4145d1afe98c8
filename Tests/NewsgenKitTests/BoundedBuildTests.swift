import Foundation
import Testing
import NewsgenFeeds
import NewsgenHTML
import NewsgenModel
@testable import NewsgenKit

/// The build's bounds: `fetch.maxItemsPerFeed` (the newest items of a feed),
/// files over `fetch.maxFeedMB` refused unread, feeds past `ParseLimits`
/// refused as a failed source, and HTML past `HTMLInputBounds` named.
@Suite("Bounded builds")
struct BoundedBuildTests {
    private static let day: TimeInterval = 86_400

    private func item(_ title: String, day: Int?) -> ParsedItem {
        ParsedItem(id: title, title: TextConstruct(title), published: day.map { Date(timeIntervalSince1970: Double($0) * Self.day) })
    }

    @Test func theNewestItemsAreTakenInDocumentOrder() {
        let items = [item("a", day: 3), item("b", day: nil), item("c", day: 9), item("d", day: 1), item("e", day: 9), item("f", day: nil)]
        #expect(FeedItemCap.newest(items, limit: 3).map(\.id) == ["a", "c", "e"])
        #expect(FeedItemCap.newest(items, limit: 5).map(\.id) == ["a", "b", "c", "d", "e"])
        #expect(FeedItemCap.newest(items, limit: 6).map(\.id) == ["a", "b", "c", "d", "e", "f"])
        #expect(FeedItemCap.newest(items, limit: 1).map(\.id) == ["c"])
    }

    @Test func updatedStandsInForPublished() {
        var late = item("late", day: nil)
        late.updated = Date(timeIntervalSince1970: 5 * Self.day)
        #expect(FeedItemCap.newest([item("early", day: 2), late, item("undated", day: nil)], limit: 1).map(\.id) == ["late"])
    }

    /// A site folder with the repository's templates and one feed file.
    private struct TemporaryFeedSite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")

        init(feed: Data, fetch: String = "{}") throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("feeds"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent("templates"), to: folder.appendingPathComponent("templates"))
            try Data(#"{"title": "Bay", "sources": [{"id": "news", "path": "feeds/news.xml"}], "fetch": \#(fetch)}"#.utf8)
                .write(to: folder.appendingPathComponent("site.json"))
            try feed.write(to: folder.appendingPathComponent("feeds/news.xml"))
        }

        func build() throws -> BuildReport {
            try SiteBuilder.build(try Site.load(from: folder), options: BuildOptions(output: folder.appendingPathComponent("public"), offline: true))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    private func rss(_ items: String) -> Data {
        Data("<rss version=\"2.0\"><channel><title>News</title><link>https://news.example.org/</link>\(items)</channel></rss>".utf8)
    }

    @Test func aBuildTakesAtMostMaxItemsPerFeed() throws {
        let items = (1...5).map { "<item><title>Story \($0)</title><guid>s\($0)</guid><pubDate>0\($0) Jan 2026 10:00:00 GMT</pubDate></item>" }
        let site = try TemporaryFeedSite(feed: rss(items.joined()), fetch: #"{"maxItemsPerFeed": 2}"#)
        defer { site.remove() }
        let report = try site.build()
        #expect(report.articleCount == 2)
        #expect(report.sources.map { $0.outcome } == [.fresh(itemCount: 2)])
        #expect(report.warnings.map(\.description)
            == ["source 'news': the feed has 5 items, more than fetch.maxItemsPerFeed (2); the 2 newest were taken and 3 left out"])
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.folder.appendingPathComponent("public/articles").path)
        #expect(pages.sorted() == ["story-4", "story-5"])
    }

    @Test func aFileOverMaxFeedMBIsRefusedUnread() throws {
        let site = try TemporaryFeedSite(feed: Data(count: 1_048_577), fetch: #"{"maxFeedMB": 1}"#)
        defer { site.remove() }
        let report = try site.build()
        #expect(report.sources.map { $0.outcome }
            == [.failed(reason: .said("feeds/news.xml: document too large: 1048577 bytes, the limit is 1048576 bytes"))])
    }

    @Test func aFeedPastTheParseLimitsIsAFailedSource() throws {
        let site = try TemporaryFeedSite(feed: rss(String(repeating: "<item/>", count: ParseLimits.default.items + 1)))
        defer { site.remove() }
        let report = try site.build()
        #expect(report.articleCount == 0)
        #expect(report.warnings.map(\.description)
            == ["source 'news' failed: feeds/news.xml: document refused: the feed has more than 100000 items"])
    }

    @Test func htmlPastTheBoundsIsNamed() throws {
        let attributes = (0...HTMLInputBounds.maxAttributes).map { "data-a\($0)=\"1\"" }.joined(separator: " ")
        let body = HTMLEscape.text("<p \(attributes)>Hello</p>")
        let site = try TemporaryFeedSite(feed: rss("<item><title>Wide</title><guid>w</guid><description>\(body)</description></item>"
                                                   + "<item><title>Fine</title><guid>f</guid><description>&lt;p&gt;ok&lt;/p&gt;</description></item>"))
        defer { site.remove() }
        let report = try site.build()
        #expect(report.warnings.map(\.description) == ["source 'news': the HTML of 'Wide' has more than 500000 tags and comments, or a tag with more than 256 attributes; the page shows it cut there"])
        let page = try String(contentsOf: site.folder.appendingPathComponent("public/articles/wide/index.html"), encoding: .utf8)
        #expect(page.contains("<p>Hello</p>"))
    }

    /// Every tag is a page: an item's categories past `IncomingArticle.maxTags` are left out, with a
    /// warning, so one hostile item cannot make a site of 100,000 tag pages.
    @Test func categoriesPastTheTagLimitAreLeftOutAndNamed() throws {
        let categories = (1...(IncomingArticle.maxTags + 5)).map { "<category>tag \($0)</category>" }.joined()
        let site = try TemporaryFeedSite(feed: rss("<item><title>Tagged</title><guid>t</guid>\(categories)<category>tag 1</category></item>"))
        defer { site.remove() }
        let report = try site.build()
        #expect(report.warnings.map(\.description) == ["source 'news': 'Tagged' has 105 categories; the first 100 are kept as tags"])
        let tagPages = try FileManager.default.contentsOfDirectory(atPath: site.folder.appendingPathComponent("public/tags").path)
        #expect(tagPages.count == IncomingArticle.maxTags)
        #expect(tagPages.contains("tag-100") && !tagPages.contains("tag-101"))
    }
}
