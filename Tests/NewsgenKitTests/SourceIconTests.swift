import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Source favicons (issue 34): where a home page says its icon is, which home pages are looked at, and
/// what `icons.json` keeps.
@Suite("Source icons")
struct SourceIconTests {
    private func icon(_ html: String, at page: String = "https://example.org/news/") -> String? {
        SourceIconDiscovery.icon(in: FetchedDocument(data: Data(html.utf8), url: URL(string: page)!))?.absoluteString
    }

    @Test func theFirstIconLinkOfTheHeadResolvedAgainstThePage() {
        #expect(icon(#"<head><link rel="stylesheet" href="a.css"><link rel="Shortcut Icon" href="img/i.png"><link rel="icon" href="/second.png">"#)
                == "https://example.org/news/img/i.png")
        #expect(icon(#"<head><base href="https://cdn.example.org/s/"><link rel="icon" href="i.ico"></head>"#) == "https://cdn.example.org/s/i.ico")
        #expect(icon(#"<link rel="apple-touch-icon-precomposed" href="/t.png"><link rel=icon href=/i.png>"#) == "https://example.org/i.png")
    }

    @Test func withoutOneItIsFaviconIcoOnThePagesHost() {
        #expect(icon("<head><title>T</title></head><body><link rel=\"icon\" href=\"/late.png\"></body>") == "https://example.org/favicon.ico")
        #expect(icon(#"<link rel="icon" href="data:image/png;base64,AAAA">"#, at: "http://example.org:8080/a?b#c") == "http://example.org:8080/favicon.ico")
        #expect(icon(#"<link rel="icon" href="javascript:alert(1)">"#) == "https://example.org/favicon.ico")
    }

    @Test(arguments: [("https://example.org/", "https://example.org/feed.xml", true), ("https://www.example.org/", "https://example.org/rss", true),
                      ("https://example.org/", "https://feeds.example.org/all", true), ("https://blog.example.org/", "https://example.org/f", true),
                      ("https://example.com/", "http://127.0.0.1:8080/feed.xml", false), ("https://badexample.org/", "https://example.org/f", false),
                      ("https://tracker.example/", "https://example.org/f", false)])
    func onlyAHomePageOnTheFeedsOwnSiteIsLookedAt(_ home: String, _ feed: String, _ looked: Bool) {
        #expect(SourceIcons.sameSite(URL(string: home)!, URL(string: feed)!) == looked)
    }

    @Test func theRecordsAreWrittenAndReadBackAndAnythingElseIsNone() {
        let records = ["a": SourceIconRecord(home: "https://example.org/", icon: "https://example.org/favicon.ico", checkedAt: Date(timeIntervalSince1970: 1_795_000_000)),
                       "b": SourceIconRecord(home: "https://b.example/", icon: nil, checkedAt: Date(timeIntervalSince1970: 1_795_000_000))]
        #expect(SourceIconRecord.read(SourceIconRecord.json(records)) == records)
        #expect(SourceIconRecord.read(Data("not json".utf8)).isEmpty)
        #expect(SourceIconRecord.read(Data(#"{"sources": {"a": {"home": 3}}}"#.utf8)).isEmpty)
    }
}
