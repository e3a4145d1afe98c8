import Foundation
import Testing
import NewsgenModel
import NewsgenTestSupport
@testable import NewsgenKit

/// `newsgen build` with url sources: fetched over HTTP, conditional on the
/// validators in state.json, retried on 5xx and 429, and a failure is the
/// source's alone: the archive keeps its earlier articles and the site is built.
@Suite("Fetching builds", .enabled(if: PythonHTTPServer.pythonAvailable), .serialized)
struct FetchingBuildTests {
    static let now = Date(timeIntervalSince1970: 1_767_607_200)

    /// A site folder with the repository's templates and one url source, `news`.
    private struct UrlSite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetching-\(UUID().uuidString)")
        var stateFile: URL { folder.appendingPathComponent("content/archive/state.json") }

        init() throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent("templates"), to: folder.appendingPathComponent("templates"))
        }

        func build(_ url: String, contact: String? = nil, strict: Bool = false, now: Date = FetchingBuildTests.now,
                   timeout: Int = 1) throws -> BuildReport {
            let agent = contact.map { #", "userAgentContact": "\#($0)""# } ?? ""
            let config = #"{"title": "Bay", "sources": [{"id": "news", "url": "\#(url)"}], "#
                + #""fetch": {"timeoutSeconds": \#(timeout), "retries": 1\#(agent)}}"#
            try Data(config.utf8).write(to: folder.appendingPathComponent("site.json"))
            return try SiteBuilder.build(try Site.load(from: folder),
                                         options: BuildOptions(output: folder.appendingPathComponent("public"), strict: strict,
                                                               now: now, retryBackoff: 0.01))
        }

        /// The guids of the archived articles of `news`.
        func archived() throws -> [String] {
            let archive = try ArchiveStore(directory: folder.appendingPathComponent("content/archive"), shownAs: "content/archive").load()
            return (archive.articlesBySource["news"] ?? []).map(\.title).sorted()
        }

        func state() throws -> FetchState {
            try FetchState(json: Data(contentsOf: stateFile))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test(arguments: [("/first.xml", "first"), ("/gzip.xml", "zipped"), ("/deflate.xml", "deflated"), ("/chain-a", "second"),
                      ("/flaky.xml", "flaky"), ("/busy.xml", "busy")])
    func aUrlSourceIsFetchedAndArchived(path: String, title: String) throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let report = try site.build(server.url(path))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(report.warnings.map(\.description) == [])
        #expect(try site.archived() == [title])
        #expect(FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("public/index.html").path))
    }

    /// A feed served as `text/html` or `application/octet-stream` is still read: the
    /// parser goes by the bytes, as feedparser does, and takes from the type only the
    /// charset; like feedparser's bozo flag, the mismatch is reported.
    @Test(arguments: [("/as-html.xml", "html-typed", "text/html; charset=utf-8"), ("/as-octets.xml", "octets", "application/octet-stream")])
    func aFeedServedAsTheWrongTypeIsStillRead(path: String, title: String, type: String) throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let report = try site.build(server.url(path))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(report.warnings.map(\.description)
                == ["source 'news': \(server.url(path)) is not well-formed (\(type) is not an XML media type); what could be read was kept"])
        #expect(try site.archived() == [title])
    }

    @Test func retryAfterIsWaitedFor() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let start = Date()
        #expect(try site.build(server.url("/busy.xml")).sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(Date().timeIntervalSince(start) >= 1)
    }

    /// Four sources two at a time: the outcomes come back in site.json order.
    @Test func outcomesFollowSiteJSONOrder() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let paths = ["/flaky.xml", "/missing", "/first.xml", "/gzip.xml"]
        let sources = paths.enumerated().map { #"{"id": "s\#($0.offset)", "url": "\#(server.url($0.element))"}"# }
        try Data(#"{"title": "Bay", "sources": [\#(sources.joined(separator: ", "))], "fetch": {"concurrency": 2, "retries": 1}}"#.utf8)
            .write(to: site.folder.appendingPathComponent("site.json"))
        let report = try SiteBuilder.build(try Site.load(from: site.folder),
                                           options: BuildOptions(output: site.folder.appendingPathComponent("public"), now: Self.now, retryBackoff: 0.01))
        #expect(report.sources.map(\.id) == ["s0", "s1", "s2", "s3"])
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1), .failed(reason: server.url("/missing") + ": the server answered HTTP 404 (not found)"),
                                                  .fresh(itemCount: 1), .fresh(itemCount: 1)])
        #expect(report.articleCount == 3)

        // The sources page, from the real theme: every source with its outcome; the failure in the error state with its reason.
        let page = try String(contentsOf: site.folder.appendingPathComponent("public/sources/index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: #"data-testid="source-row""#).count == 5)
        #expect(page.contains(#"<li class="row source-row is-failed" data-testid="source-row">"#))
        #expect(page.contains(#"<p class="status-reason" data-testid="source-reason" role="alert">"# + server.url("/missing")
                              + ": the server answered HTTP 404 (not found)</p>"))
        #expect(page.components(separatedBy: #"<span class="status-badge status-ok">OK</span>"#).count == 4)
        #expect(page.contains("4 sources · ") && page.contains("1 failing"))
        #expect(page.contains(#"<span class="note-label">Backing off:</span> consecutive failures: 1; next try after <time datetime="2026-01-05T10:15:00Z""#))
    }

    @Test func theUserAgentNamesTheContact() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        #expect(try site.build(server.url("/agent.xml"), contact: "ops@example.org").sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(try site.build(server.url("/agent.xml")).sources.map(\.outcome)
                == [.failed(reason: server.url("/agent.xml") + ": the server answered HTTP 403 (forbidden)")])
    }

    @Test func aSecondBuildSendsTheValidatorsAndGets304() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        #expect(try site.build(server.url("/validated.xml")).sources.map(\.outcome) == [.fresh(itemCount: 1)])
        let stamp = RFC3339.string(from: Self.now)
        let expected = FetchState(sources: ["news": FetchState.Entry(url: server.url("/validated.xml"), etag: #""v1""#,
                                                                      lastModified: "Mon, 05 Jan 2026 10:00:00 GMT",
                                                                      lastAttempt: stamp, lastSuccess: stamp)])
        #expect(try site.state() == expected)
        let written = try Data(contentsOf: site.stateFile)

        let second = try site.build(server.url("/validated.xml"))
        #expect(second.sources.map(\.outcome) == [.notModified])
        #expect(second.articleCount == 1)
        #expect(try site.archived() == ["validated"])
        #expect(try Data(contentsOf: site.stateFile) == written)
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("{\n  \"sources\" : {\n    \"news\" : {\n      \"etag\" : "))
    }

    @Test func aPermanentRedirectIsFollowedAndReported() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let report = try site.build(server.url("/moved.xml"))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(report.warnings.map(\.description)
                == ["source 'news': \(server.url("/moved.xml")) has moved permanently to \(server.url("/first.xml")); put the new URL in site.json"])
    }

    /// Each failure after a good build: the source fails with a reason, the
    /// archive keeps its article, the site is still published.
    @Test(arguments: [("/missing", "the server answered HTTP 404 (not found)"),
                      ("/gone", "the server answered HTTP 410 (gone)"),
                      ("/loop", "more than 5 redirects (a redirect loop?)"),
                      ("/throttled", "the server answered HTTP 429 (too many requests); it asked to be retried after 3600 seconds, more than 30 seconds, so not in this build"),
                      ("/hang", "no complete response within 1 second"),
                      // Every byte comes within 0.3 s, but the deadline is for the whole exchange.
                      ("/drip-slow.xml", "no complete response within 1 second"),
                      ("/truncated.xml", "the connection closed before the whole body arrived (100 of the 600 bytes announced)"),
                      ("/page.html", "not a feed: root element is <html> (the server sent a web page, text/html: the feed's address is likely in the page's <link rel=\"alternate\">)"),
                      ("/much-later", "the server answered HTTP 429 (too many requests); it asked to be retried after 3600 seconds, more than 30 seconds, so not in this build")])
    func aFailingSourceKeepsItsArticles(path: String, reason: String) throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        _ = try site.build(server.url("/first.xml"))
        let index = site.folder.appendingPathComponent("public/index.html")
        try FileManager.default.removeItem(at: index)

        let report = try site.build(server.url(path))
        #expect(report.sources.map(\.outcome) == [.failed(reason: server.url(path) + ": " + reason)])
        #expect(report.warnings.map(\.description) == ["source 'news' failed: \(server.url(path)): \(reason)"])
        #expect(report.articleCount == 1)
        #expect(try site.archived() == ["first"])
        #expect(FileManager.default.fileExists(atPath: index.path))
        let entry = try #require(try site.state().sources["news"])
        #expect(entry.lastSuccess == nil)
        #expect(entry.lastAttempt == RFC3339.string(from: Self.now))
    }

    /// All but the last 4 bytes at once, then one every 0.3 s: slower than the
    /// 1-second drip above fails in, but complete within this build's 3 seconds.
    @Test func aDripThatEndsWithinTheDeadlineIsFresh() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let start = Date()
        let report = try site.build(server.url("/drip-short.xml"), timeout: 3)
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(Date().timeIntervalSince(start) >= 1.2)
        #expect(try site.archived() == ["dripped"])
    }

    /// The server's clock is a day slow and its Retry-After says "its Date + 1 s":
    /// measured against our clock (or the build's fixed now) that date is long past
    /// and nothing would be waited for.
    @Test(arguments: ["imf", "rfc850", "asctime"])
    func aRetryAfterDateIsMeasuredByTheServersClock(form: String) throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let start = Date()
        let report = try site.build(server.url("/later/\(form)"))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(Date().timeIntervalSince(start) >= 1)
        #expect(try site.archived() == ["later-\(form)"])
    }

    /// Without the server's `Date`, a Retry-After date is measured from the build's
    /// now; with neither, it cannot be measured and the normal backoff applies.
    @Test func aRetryAfterDateWithoutAServerDateUsesTheBuildsNow() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        var config = FetchConfig()
        config.timeoutSeconds = 1
        config.retries = 1
        let source = SourceConfig(id: "news", url: server.url("/undated-later"))
        #expect(RetryAfter.delay(FetchFixtureServer.undatedRetryAfter, now: Self.now) == 1)

        var fetcher = SourceFetcher(config: config, backoffBase: 0.01)
        fetcher.now = Self.now
        let start = Date()
        #expect(fetcher.fetch(source, remembered: nil).result.outcome == .fresh(itemCount: 1))
        #expect(Date().timeIntervalSince(start) >= 1)

        let again = try FetchFixtureServer.start()
        defer { again.stop() }
        let unmeasured = SourceFetcher(config: config, backoffBase: 0.01)
        let quick = Date()
        #expect(unmeasured.fetch(SourceConfig(id: "news", url: again.url("/undated-later")), remembered: nil).result.outcome
                == .fresh(itemCount: 1))
        #expect(Date().timeIntervalSince(quick) < 1)
    }

    /// Twelve sources held 0.2 s each by the server, three at a time: the server
    /// never sees more than three at once, and does see three (they overlap).
    @Test func concurrencyNeverExceedsTheLimit() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let sources = (0..<12).map { #"{"id": "s\#($0)", "url": "\#(server.url("/slow/\($0)"))"}"# }
        try Data(#"{"title": "Bay", "sources": [\#(sources.joined(separator: ", "))], "fetch": {"concurrency": 3, "retries": 0}}"#.utf8)
            .write(to: site.folder.appendingPathComponent("site.json"))
        let report = try SiteBuilder.build(try Site.load(from: site.folder),
                                           options: BuildOptions(output: site.folder.appendingPathComponent("public"), now: Self.now, retryBackoff: 0.01))
        #expect(report.sources.map(\.outcome) == Array(repeating: .fresh(itemCount: 1), count: 12))
        #expect(report.articleCount == 12)
        let most = try HTTPFetcher().fetch(server.endpoint("/stats"))
        #expect(String(decoding: most.data, as: UTF8.self) == "3")
    }

    @Test func aBodyThatIsNotAFeedFailsTheSource() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        _ = try site.build(server.url("/first.xml"))
        let report = try site.build(server.url("/broken.xml"))
        let outcome = try #require(report.sources.first?.outcome)
        guard case .failed(let reason) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(reason.hasPrefix(server.url("/broken.xml") + ":1:1: not well-formed XML: "))
        #expect(try site.archived() == ["first"])
    }

    @Test func strictStillFailsTheBuild() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        #expect(throws: BuildError("source 'news' failed and --strict is set; the archive was updated, the site was not published")) {
            try site.build(server.url("/missing"), strict: true)
        }
    }

    @Test func aCorruptStateFileStopsTheBuildAndIsLeftAlone() throws {
        let site = try UrlSite()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        for (content, reason) in [("{", "cannot be read as newsgen's fetch state (not valid JSON); it was left untouched"),
                                  (#"{"version": 9, "sources": {}}"#, "has state version 9, but this newsgen reads version 1 (a newer newsgen wrote it: update newsgen); it was left untouched")] {
            try Data(content.utf8).write(to: site.stateFile)
            #expect(throws: BuildError(path: "content/archive/state.json", reason)) {
                try site.build("http://127.0.0.1:9/feed.xml")
            }
            #expect(try Data(contentsOf: site.stateFile) == Data(content.utf8))
        }
    }

    /// After N failures the source is left alone until lastAttempt + min(15 min × 2^(N-1), 24 h):
    /// skipped, not failed (so --strict passes), its articles kept; an answer resets the count.
    @Test func aFailingSourceBacksOffAndRecovers() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let site = try UrlSite()
        defer { site.remove() }
        let missing = server.url("/missing")
        _ = try site.build(missing)
        #expect(try site.state().sources["news"]?.failures == 1)

        let soon = Self.now.addingTimeInterval(14 * 60)
        let waiting = try site.build(missing, strict: true, now: soon)
        #expect(waiting.sources.map(\.outcome) == [.skipped(reason: "backing off after 1 failure; next try after 2026-01-05T10:15:00Z")])
        #expect(waiting.warnings.map(\.description) == ["source 'news': backing off after 1 failure; next try after 2026-01-05T10:15:00Z"])
        #expect(try site.state().sources["news"]?.lastAttempt == RFC3339.string(from: Self.now))

        let later = Self.now.addingTimeInterval(15 * 60)
        #expect(try site.build(missing, now: later).sources.map(\.outcome) == [.failed(reason: missing + ": the server answered HTTP 404 (not found)")])
        #expect(try site.state().sources["news"]?.failures == 2)
        #expect(try site.build(missing, now: later.addingTimeInterval(29 * 60)).sources.map(\.outcome)
                == [.skipped(reason: "backing off after 2 failures; next try after 2026-01-05T10:45:00Z")])

        let recovered = try site.build(server.url("/first.xml"), now: later.addingTimeInterval(30 * 60))
        #expect(recovered.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(try site.state().sources["news"]?.failures == nil)
    }

    @Test(arguments: [(0, 0.0), (1, 900.0), (2, 1800.0), (3, 3600.0), (7, 57_600.0), (8, 86_400.0), (200, 86_400.0)])
    func theBackoffDoublesUpToADay(failures: Int, seconds: Double) {
        #expect(SourceBackoff.delay(afterFailures: failures) == seconds)
    }
}
