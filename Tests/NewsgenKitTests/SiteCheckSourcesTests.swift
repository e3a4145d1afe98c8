import Foundation
import Testing
import NewsgenTestSupport
@testable import NewsgenKit

/// Every source read and parsed as a build would, url sources over loopback; a failure names the
/// source and why, an empty feed is a warning, `offline` skips url sources, nothing is written.
@Suite("Site check: sources")
struct SiteCheckSourcesTests {
    private static func config(_ sources: String) -> String {
        #"{"title": "Bay", "sources": [\#(sources)], "fetch": {"timeoutSeconds": 1, "retries": 1}}"#
    }

    @Test func aPathSourceThatParsesIsFine() throws {
        let site = try CheckSite()
        defer { site.remove() }
        let report = site.check()
        #expect(report.findings(in: .sources) == [])
        #expect(report.checkedSummary[3] == "1 source")
    }

    @Test func pathSourceProblemsNameTheSourceAndWhy() throws {
        let site = try CheckSite(config: Self.config("""
            {"id": "news", "path": "feeds/news.xml"}, {"id": "gone", "path": "feeds/gone.xml"},
            {"id": "junk", "path": "feeds/junk.xml"}, {"id": "bad", "path": "feeds/bad.xml"},
            {"id": "empty", "path": "feeds/empty.xml"}
            """))
        defer { site.remove() }
        try site.write("feeds/junk.xml", "<?xml version=\"1.0\"?>\n<html><body>\n")
        try site.write("feeds/bad.xml", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>\n<title>x</titel>\n")
        try site.write("feeds/empty.xml", #"<rss version="2.0"><channel><title>Quiet</title></channel></rss>"#)
        let report = site.check()
        #expect(report.findings(in: .sources).map(\.description) == [
            "source 'gone' failed: feeds/gone.xml: not found (named by sources[1].path in site.json)",
            "source 'junk' failed: feeds/junk.xml: not a feed: root element is <html>",
            // A feed libxml2 recovers from is read as far as it goes, as a build would.
            "source 'bad': the feed has no items",
            "feeds/bad.xml:3:17: source 'bad' is not well-formed (not well-formed XML: Opening and ending tag mismatch: title line 3 and titel; 1 more problem after it); what could be read was kept",
            "source 'empty': the feed has no items",
        ])
        #expect(report.count(.problem, in: .sources) == 2)
        #expect(report.count(.warning, in: .sources) == 3)
        #expect(report.checkedSummary[3] == "5 sources")
    }

    /// Over `HTTPStub`: the check fetches as a build does (a hang is the transport's
    /// timeout; `FetchingSocketTests` has a real one), retries, and sends no validators.
    @Test func urlSourcesAreFetchedOverTheNetworkAndNothingIsWritten() throws {
        let server = FetchingBuildTests.server()
        server.on(FetchingBuildTests.url("/hang"), .failure(.timedOut(seconds: 1)))
        let site = try CheckSite(config: Self.config("""
            {"id": "first", "url": "\(FetchingBuildTests.url("/first.xml"))"}, {"id": "missing", "url": "\(FetchingBuildTests.url("/missing"))"},
            {"id": "broken", "url": "\(FetchingBuildTests.url("/broken.xml"))"}, {"id": "hang", "url": "\(FetchingBuildTests.url("/hang"))"},
            {"id": "moved", "url": "\(FetchingBuildTests.url("/moved.xml"))"}
            """))
        defer { site.remove() }
        let before = try site.snapshot()
        let report = site.check(network: server.network)
        #expect(server.requests(to: FetchingBuildTests.url("/hang")).count == 2, "a timeout is retried")
        #expect(server.sleeps == [0.01])
        #expect(report.findings(in: .sources).map(\.description) == [
            "source 'missing' failed: \(FetchingBuildTests.url("/missing")): the server answered HTTP 404 (not found)",
            "source 'broken' failed: \(FetchingBuildTests.url("/broken.xml")):1:1: not well-formed XML: Start tag expected, '<' not found",
            "source 'hang' failed: \(FetchingBuildTests.url("/hang")): no complete response within 1 second",
            "source 'moved': \(FetchingBuildTests.url("/moved.xml")) has moved permanently to \(FetchingBuildTests.url("/first.xml")); put the new URL in site.json",
        ])
        #expect(report.checkedSummary[3] == "5 sources")
        #expect(try site.snapshot() == before)
    }

    @Test func offlineSkipsUrlSourcesWithANote() throws {
        let site = try CheckSite(config: Self.config("""
            {"id": "news", "path": "feeds/news.xml"}, {"id": "wire", "url": "http://127.0.0.1:9/feed.xml"}
            """))
        defer { site.remove() }
        let report = site.check(offline: true)
        #expect(report.findings(in: .sources) == [
            CheckFinding(.note, .sources, "source 'wire' skipped: offline (http://127.0.0.1:9/feed.xml was not fetched)"),
        ])
        #expect(!report.hasProblems)
        #expect(report.checkedSummary[3] == "2 sources (1 skipped: offline)")
    }
}
