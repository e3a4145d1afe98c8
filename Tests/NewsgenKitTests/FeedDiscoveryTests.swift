import Foundation
@testable import NewsgenKit
import NewsgenModel
import Testing

/// The pure parts of `source add`: a page's alternate feeds, what is a page, ids and addresses.
@Suite("feed discovery")
struct FeedDiscoveryTests {
    private func page(_ html: String, at address: String = "https://example.org/blog/post.html", type: String? = "text/html") -> FetchedDocument {
        FetchedDocument(data: Data(html.utf8), url: URL(string: address)!, contentType: type)
    }

    @Test func alternatesOfAFeedTypeResolvedInPageOrderWithoutRepeats() {
        let html = """
            <html><head>
            <link rel="stylesheet" href="/style.css">
            <LINK REL="Alternate" TYPE="application/rss+xml; charset=utf-8" TITLE="Posts &amp; notes" HREF="../feed.xml">
            <link rel="alternate" type="text/html" hreflang="de" href="/de/">
            <link rel="alternate home" type="application/atom+xml" href="atom.xml">
            <link rel="alternate" type="application/rss+xml" href="https://example.org/feed.xml">
            <link rel="alternate" type="application/feed+json" href="javascript:alert(1)">
            <link rel="alternate" type="application/json" href="//cdn.example.net/feed.json">
            <!-- <link rel="alternate" type="application/rss+xml" href="/commented.xml"> -->
            <script>document.write('<link rel="alternate" type="application/rss+xml" href="/scripted.xml">')</script>
            </head></html>
            """
        let found = FeedDiscovery.alternates(in: page(html))
        #expect(found == [
            .init(url: URL(string: "https://example.org/feed.xml")!, title: "Posts & notes", type: "application/rss+xml"),
            .init(url: URL(string: "https://example.org/blog/atom.xml")!, title: nil, type: "application/atom+xml"),
            .init(url: URL(string: "https://cdn.example.net/feed.json")!, title: nil, type: "application/json"),
        ])
    }

    @Test func aBaseHrefIsWhatLinksResolveAgainst() {
        let html = #"<head><base href="/sub/dir/"><link rel="alternate" type="application/atom+xml" href="index.atom"></head>"#
        #expect(FeedDiscovery.alternates(in: page(html)).map(\.url.absoluteString) == ["https://example.org/sub/dir/index.atom"])
    }

    @Test func aPageIsKnownByItsTypeOrItsFirstBytes() {
        #expect(FeedDiscovery.isHTML(page("anything")))
        #expect(FeedDiscovery.isHTML(page("\n  <!DOCTYPE html><html>", type: nil)))
        #expect(FeedDiscovery.isHTML(page("<html lang=en>", type: "text/plain")))
        #expect(!FeedDiscovery.isHTML(page("<html>", type: "image/png")))
        #expect(!FeedDiscovery.isHTML(page("%PDF-1.4", type: nil)))
    }

    @Test func titlesAreOneLineWithoutControlCharacters() {
        #expect(SourceText.oneLine("  \u{1B}[31mRed\u{1B}[0m\n\t News \u{85}\u{7F} ") == "[31mRed[0m News")
        #expect(SourceText.nonBlank(" \n\u{0}") == nil)
    }

    @Test func idsComeFromTheTitleAndAreUnique() {
        #expect(SourceID.derive(from: "Harbour News", taken: []) == "harbour-news")
        #expect(SourceID.derive(from: "Harbour News!", taken: ["harbour-news", "harbour-news-2"]) == "harbour-news-3")
        #expect(SourceID.derive(from: "Le Café d'été", taken: []) == "le-cafe-dete")
        #expect(SourceID.derive(from: "東京", taken: []) == "source")
        #expect(SourceID.derive(from: "Articles", taken: []) == "articles-2")
        #expect(SourceID.derive(from: "State", taken: []) == "state-2")
        #expect(throws: BuildError("--id must be lowercase letters, digits and dashes (at most 60), not 'Harbour'")) { try SourceID.check("Harbour") }
        #expect(throws: BuildError("--id articles is reserved; choose another id")) { try SourceID.check("articles") }
    }

    /// An import makes thousands of ids in a row: the taken set is built once and each title
    /// remembers its next suffix, so 100,000 feeds of one title are no slower than of 100,000 titles.
    @Test func aHundredThousandIdsOfOneTitleAreMadeInOnePass() {
        var maker = SourceID.Maker(taken: ["news", "news-3"])
        let started = ContinuousClock.now
        let ids = (0..<100_000).map { _ in maker.make(from: "News") }
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(ids.prefix(3) == ["news-2", "news-4", "news-5"])
        #expect(ids.last == "news-100002")
        #expect(Set(ids).count == ids.count)
        #expect(maker.make(from: "State") == "state-2")
    }

    @Test func theLimitIsSaidWithTheCounts() throws {
        #expect(throws: Never.self) { try SourceLimit.check(adding: 10, to: 9_990, "x", nothingDone: "y") }
        #expect(throws: BuildError("the 11 new feeds of big.opml would bring site.json to 10,001 sources (it lists 9,990 now), "
                                   + "past the 10,000 a site supports; nothing was imported")) {
            try SourceLimit.check(adding: 11, to: 9_990, "the 11 new feeds of big.opml", nothingDone: "nothing was imported")
        }
        var config = SiteConfig(title: "t", sources: [])
        #expect(SourceLimit.excess(config) == nil)
        config.sources = (0...SourceLimit.maxSources).map { SourceConfig(id: "s\($0)", location: .file("f\($0).xml")) }
        #expect(SourceLimit.excess(config) == "lists 10,001 sources, more than the 10,000 a site supports "
                + "(what newsgen's builds are measured at; 'source add' and 'source import' refuse to go past it); remove 1 to be within it")
    }

    @Test(arguments: [
        ("https://example.org/feed.xml", "HTTPS://Example.ORG:443/feed.xml", true),
        ("http://example.org", "http://example.org/", true),
        ("http://example.org/feed#top", "http://example.org/feed", true),
        ("http://example.org:8080/feed", "http://example.org/feed", false),
        ("http://example.org/feed?a=1", "http://example.org/feed?a=2", false),
        ("http://example.org/Feed", "http://example.org/feed", false),
        ("https://example.org/feed", "http://example.org/feed", false),
    ])
    func addressesAreComparedAsURLs(first: String, second: String, same: Bool) {
        #expect(SourceAddress.same(first, second) == same)
    }
}
