import Foundation
import Testing
import NewsgenModel
import NewsgenTestSupport
@testable import NewsgenKit

/// `newsgen build` with url sources over real HTTP (libcurl against `FetchFixtureServer`),
/// for what only a socket shows: gzip and deflate bodies, a drip within and past the
/// deadline, a server that hangs, a truncated body, and the concurrency limit. The logic
/// of fetching (retries, Retry-After, validators, redirects, state) is in `FetchingBuildTests`.
@Suite("Fetching builds over sockets", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the fixture server"), .serialized)
struct FetchingSocketTests {
    @Test(arguments: [("/first.xml", "first"), ("/gzip.xml", "zipped"), ("/deflate.xml", "deflated")])
    func aUrlSourceIsFetchedAndArchived(path: String, title: String) throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try FetchingSite()
        defer { site.remove() }
        let report = try site.build(server.url(path))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(report.warnings.map(\.description) == [])
        #expect(try site.archived() == [title])
    }

    @Test(arguments: [("/hang", "no complete response within 1 second"),
                      // Every byte comes within 0.3 s, but the deadline is for the whole exchange.
                      ("/drip-slow.xml", "no complete response within 1 second"),
                      ("/truncated.xml", "the connection closed before the whole body arrived (100 of the 600 bytes announced)")])
    func aFailingSourceKeepsItsArticles(path: String, reason: String) throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try FetchingSite()
        defer { site.remove() }
        try FetchingBuildTests.failAfterAGoodBuild(site, first: server.url("/first.xml"), path: path, address: server.url(path), reason: reason)
    }

    /// All but the last 4 bytes at once, then one every 0.3 s: slower than the
    /// 1-second drip above fails in, but complete within this build's 3 seconds.
    @Test func aDripThatEndsWithinTheDeadlineIsFresh() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try FetchingSite()
        defer { site.remove() }
        let start = Date()
        let report = try site.build(server.url("/drip-short.xml"), timeout: 3)
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(Date().timeIntervalSince(start) >= 1.2)
        #expect(try site.archived() == ["dripped"])
    }

    /// Twelve sources held 0.2 s each by the server, three at a time: the server
    /// never sees more than three at once, and does see three (they overlap).
    @Test func concurrencyNeverExceedsTheLimit() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try FetchingSite()
        defer { site.remove() }
        let report = try site.build(sources: (0..<12).map { ("s\($0)", server.url("/slow/\($0)")) }, fetch: #""concurrency": 3, "retries": 0"#)
        #expect(report.sources.map(\.outcome) == Array(repeating: .fresh(itemCount: 1), count: 12))
        #expect(report.articleCount == 12)
        let most = try HTTPFetcher().fetch(server.endpoint("/stats"))
        #expect(String(decoding: most.data, as: UTF8.self) == "3")
    }
}
