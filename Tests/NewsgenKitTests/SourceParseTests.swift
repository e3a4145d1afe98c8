import Foundation
import Testing
import NewsgenModel
@testable import NewsgenKit

/// The Parse stage, one function for both kinds of source: what each kind's document
/// brings (a download's base address and Content-Type; a file's neither), the item cap,
/// and the outcomes that need no parsing.
@Suite("Parse stage")
struct SourceParseTests {
    static let feed = Data("""
    <?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Bay</title>
    <item><title>One</title><link>one.html</link><guid>1</guid><pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate></item>
    <item><title>Two</title><link>two.html</link><guid>2</guid><pubDate>Tue, 06 Jan 2026 10:00:00 GMT</pubDate></item>
    </channel></rss>
    """.utf8)

    static func parse(_ document: FetchedDocument, location: NewsgenModel.SourceLocation, maxItems: Int = 1_000) -> SourceParse {
        var config = SiteConfig(title: "Bay", sources: [])
        config.fetch.maxItemsPerFeed = maxItems
        let fetched = FetchedSource(source: SourceConfig(id: "bay", location: location), outcome: .fresh(document))
        return SourceParse.make(fetched, config: config, offline: false)
    }

    /// A download's relative links resolve against its address (after Content-Location);
    /// a file has none, so they stay as the feed wrote them.
    @Test func aDownloadHasABaseAddressAndAFileHasNone() {
        let address = URL(string: "https://bay.example/news/feed.xml")!
        let downloaded = Self.parse(FetchedDocument(data: Self.feed, url: address, contentType: "application/rss+xml"), location: .url(address))
        #expect(downloaded.incoming.map(\.article.link) == ["https://bay.example/news/one.html", "https://bay.example/news/two.html"])
        let file = Self.parse(FetchedDocument(data: Self.feed, url: URL(fileURLWithPath: "/site/feeds/bay.xml")), location: .file("feeds/bay.xml"))
        #expect(file.incoming.map(\.article.link) == ["one.html", "two.html"])
        #expect(file.outcome == .fresh(itemCount: 2) && downloaded.outcome == .fresh(itemCount: 2))
        #expect(file.info.title == "Bay")
    }

    /// The Content-Type of a download that does not parse can explain it; a file has none.
    @Test func aWebPageWhereAFeedWasExpectedIsNamed() {
        let address = URL(string: "https://bay.example/")!
        let page = Data("<!DOCTYPE html><html><body>Bay</body></html>".utf8)
        let parsed = Self.parse(FetchedDocument(data: page, url: address, contentType: "text/html"), location: .url(address))
        #expect(parsed.outcome == .failed(reason: .said("https://bay.example/: not a feed: root element is <html> (the server sent a web page, text/html: the feed's address is likely in the page's <link rel=\"alternate\">)")))
        #expect(parsed.warnings.map(\.description) == ["source 'bay' failed: " + "https://bay.example/: not a feed: root element is <html> (the server sent a web page, text/html: the feed's address is likely in the page's <link rel=\"alternate\">)"])
        let file = Self.parse(FetchedDocument(data: page, url: URL(fileURLWithPath: "/site/page.html")), location: .file("page.html"))
        #expect(file.outcome == .failed(reason: .said("page.html: not a feed: root element is <html>")))
    }

    @Test func theNewestItemsAreTakenAndTheRestCounted() {
        let parsed = Self.parse(FetchedDocument(data: Self.feed, url: URL(fileURLWithPath: "/site/bay.xml")), location: .file("bay.xml"), maxItems: 1)
        #expect(parsed.incoming.map(\.article.title) == ["Two"])
        #expect(parsed.itemsDropped == 1)
        #expect(parsed.warnings.map(\.description) == ["source 'bay': the feed has 2 items, more than fetch.maxItemsPerFeed (1); the 1 newest were taken and 1 left out"])
    }

    /// Nothing to parse: the outcome passes through; a skip is not warned about offline.
    @Test func outcomesWithoutADocumentPassThrough() {
        let source = SourceConfig(id: "bay", location: .url(URL(string: "https://bay.example/feed")!))
        let config = SiteConfig(title: "Bay", sources: [source])
        func parse(_ outcome: FetchedSource.Outcome, offline: Bool = false) -> SourceParse {
            SourceParse.make(FetchedSource(source: source, outcome: outcome), config: config, offline: offline)
        }
        #expect(parse(.notModified).outcome == .notModified)
        #expect(parse(.notModified).warnings.isEmpty)
        #expect(parse(.skipped(reason: .said("offline: archived articles are shown")), offline: true).warnings.isEmpty)
        #expect(parse(.skipped(reason: .said("backing off"))).warnings.map(\.description) == ["source 'bay': backing off"])
        #expect(parse(.failed(reason: .said("down"))).outcome == .failed(reason: .said("down")))
        #expect(parse(.failed(reason: .said("down"))).info.title == "bay")
    }
}
