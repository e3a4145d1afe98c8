import Foundation
import Testing
import NewsgenModel
@testable import NewsgenKit

/// `newsgen build` with url sources, over `HTTPStub`: conditional on the validators in
/// state.json, retried on 5xx and 429 with the waits the sleeper records, and a failure is
/// the source's alone: the archive keeps its earlier articles and the site is built. What
/// only a socket shows (compressed bodies, drips, hangs, truncation, the concurrency
/// limit) is in `FetchingSocketTests`.
@Suite("Fetching builds")
struct FetchingBuildTests {
    static let now = FetchingSite.now
    static let host = "http://feeds.example"
    static let rss = [("Content-Type", "application/rss+xml; charset=utf-8")]
    static let stamp = "Mon, 05 Jan 2026 10:00:00 GMT"

    static func url(_ path: String) -> String { host + path }

    /// A stub with the routes of the Python fixture server that need no socket.
    static func server() -> HTTPStub {
        let stub = HTTPStub()
        for name in ["first", "second"] { stub.on(url("/\(name).xml"), HTTPStub.feed(name)) }
        stub.on(url("/validated.xml"), HTTPStub.validated(HTTPStub.feed("validated"), etag: #""v1""#, lastModified: stamp))
        stub.on(url("/agent.xml"), .handler { request in
            request.headers["User-Agent"] == "newsgen/0.1 (+ops@example.org)" ? HTTPStub.feed("agent") : HTTPStub.status(403)
        })
        stub.on(url("/moved.xml"), HTTPStub.redirect(301, to: "/first.xml"))
        stub.on(url("/chain-a"), HTTPStub.redirect(302, to: "/chain-b"))
        stub.on(url("/chain-b"), HTTPStub.redirect(302, to: "/chain-c"))
        stub.on(url("/chain-c"), HTTPStub.redirect(301, to: "/second.xml"))
        stub.on(url("/loop"), HTTPStub.redirect(302, to: "/loop"))
        stub.on(url("/gone"), HTTPStub.status(410, [("Content-Type", "text/plain")]))
        stub.on(url("/busy.xml"), HTTPStub.status(429, [("Retry-After", "1")]), HTTPStub.feed("busy"))
        stub.on(url("/throttled"), HTTPStub.status(429, [("Retry-After", "3600")]))
        stub.on(url("/flaky.xml"), HTTPStub.status(500), HTTPStub.feed("flaky"))
        stub.on(url("/broken.xml"), HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "text/plain")]),
                                                 body: Data("this is not a feed".utf8)))
        stub.on(url("/as-html.xml"), HTTPStub.feed("html-typed", contentType: "text/html; charset=utf-8"))
        stub.on(url("/as-octets.xml"), HTTPStub.feed("octets", contentType: "application/octet-stream"))
        let page = #"<!DOCTYPE html>\#n<html lang="en"><head><meta charset="utf-8"><title>Bay News</title>"#
            + #"<link rel="alternate" type="application/rss+xml" href="/first.xml"></head>"#
            + "<body><h1>Bay&nbsp;News</h1><p>Read our feed<br>every day.</p></body></html>"
        stub.on(url("/page.html"), HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "text/html; charset=utf-8")]),
                                                body: Data(page.utf8)))
        // A server whose clock is a day slow: its Retry-After dates mean something only against its own Date.
        let slowDate = "Sun, 04 Jan 2026 10:00:00 GMT"
        for (form, header) in [("imf", "Sun, 04 Jan 2026 10:00:01 GMT"), ("rfc850", "Sunday, 04-Jan-26 10:00:01 GMT"),
                               ("asctime", "Sun Jan  4 10:00:01 2026")] {
            stub.on(url("/later/\(form)"), HTTPStub.status(429, [("Date", slowDate), ("Retry-After", header)]), HTTPStub.feed("later-\(form)"))
        }
        stub.on(url("/much-later"), HTTPStub.status(429, [("Date", slowDate), ("Retry-After", "Sun, 04 Jan 2026 11:00:00 GMT")]))
        stub.on(url("/undated-later"), HTTPStub.status(429, [("Retry-After", "Mon, 05 Jan 2026 10:00:01 GMT")]), HTTPStub.feed("undated"))
        return stub
    }

    /// A fresh stub and a site over it.
    static func site() throws -> (HTTPStub, FetchingSite) {
        let stub = server()
        return (stub, try FetchingSite(network: stub.network))
    }

    /// Each is fresh; a retry waits the backoff (0.01 s) or the Retry-After, whichever is longer.
    @Test(arguments: [("/first.xml", "first", [Double]()), ("/chain-a", "second", []), ("/flaky.xml", "flaky", [0.01]),
                      ("/busy.xml", "busy", [1])])
    func aUrlSourceIsFetchedAndArchived(path: String, title: String, sleeps: [Double]) throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        let report = try site.build(Self.url(path))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(report.warnings.map(\.description) == [])
        #expect(try site.archived() == [title])
        #expect(stub.sleeps == sleeps)
        #expect(FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("public/index.html").path))
    }

    /// What is on the wire: the User-Agent and the feed formats asked for, in this order, and
    /// no validator on a first build.
    @Test func theRequestCarriesTheUserAgentAndTheFeedFormats() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        _ = try site.build(Self.url("/first.xml"))
        #expect(stub.requests.map(\.headers) == [HTTPHeaders([.init("User-Agent", "newsgen/0.1"), .init("Accept", HTTPFetcher.accept)])])
        #expect(stub.requests.map(\.maxBytes) == [20 * 1_048_576])
        #expect(stub.requests.map(\.timeout) == [1])
    }

    /// A feed served as `text/html` or `application/octet-stream` is still read: the
    /// parser goes by the bytes, as feedparser does, and takes from the type only the
    /// charset; like feedparser's bozo flag, the mismatch is reported.
    @Test(arguments: [("/as-html.xml", "html-typed", "text/html; charset=utf-8"), ("/as-octets.xml", "octets", "application/octet-stream")])
    func aFeedServedAsTheWrongTypeIsStillRead(path: String, title: String, type: String) throws {
        let (_, site) = try Self.site()
        defer { site.remove() }
        let report = try site.build(Self.url(path))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(report.warnings.map(\.description)
                == ["source 'news': \(Self.url(path)) is not well-formed (\(type) is not an XML media type); what could be read was kept"])
        #expect(try site.archived() == [title])
    }

    /// Four sources two at a time: the outcomes come back in site.json order.
    @Test func outcomesFollowSiteJSONOrder() throws {
        let (_, site) = try Self.site()
        defer { site.remove() }
        let paths = ["/flaky.xml", "/missing", "/first.xml", "/second.xml"]
        let report = try site.build(sources: paths.enumerated().map { ("s\($0.offset)", Self.url($0.element)) },
                                    fetch: #""concurrency": 2, "retries": 1"#)
        #expect(report.sources.map(\.id) == ["s0", "s1", "s2", "s3"])
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1), .failed(reason: .said(Self.url("/missing") + ": the server answered HTTP 404 (not found)")),
                                                  .fresh(itemCount: 1), .fresh(itemCount: 1)])
        #expect(report.articleCount == 3)

        // The sources page, from the real theme: every source with its outcome; the failure in the error state with its reason.
        let page = try String(contentsOf: site.folder.appendingPathComponent("public/sources/index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: #"data-testid="source-row""#).count == 5)
        #expect(page.contains(#"<li class="row source-row is-failed" data-testid="source-row">"#))
        #expect(page.contains(#"<p class="status-reason" data-testid="source-reason" role="alert">"# + Self.url("/missing")
                              + ": the server answered HTTP 404.</p>"))
        #expect(page.components(separatedBy: #"<span class="status-badge status-ok">OK</span>"#).count == 4)
        #expect(page.contains("4 sources · ") && page.contains("1 failing"))
        #expect(page.contains(#"<span class="note-label">Backing off:</span> consecutive failures: 1; next try after <time datetime="2026-01-05T10:15:00Z""#))
    }

    @Test func theUserAgentNamesTheContact() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        #expect(try site.build(Self.url("/agent.xml"), contact: "ops@example.org").sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(try site.build(Self.url("/agent.xml")).sources.map(\.outcome)
                == [.failed(reason: .said(Self.url("/agent.xml") + ": the server answered HTTP 403 (forbidden)"))])
        #expect(stub.requests.map { $0.headers["User-Agent"] } == ["newsgen/0.1 (+ops@example.org)", "newsgen/0.1"])
    }

    @Test func aSecondBuildSendsTheValidatorsAndGets304() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        let address = Self.url("/validated.xml")
        #expect(try site.build(address).sources.map(\.outcome) == [.fresh(itemCount: 1)])
        let expected = FetchState(sources: ["news": FetchState.Entry(url: address, etag: #""v1""#, lastModified: Self.stamp)])
        #expect(try site.state() == expected)
        let written = try Data(contentsOf: site.stateFile)

        let second = try site.build(address)
        #expect(second.sources.map(\.outcome) == [.notModified])
        #expect(second.articleCount == 1)
        #expect(try site.archived() == ["validated"])
        #expect(try Data(contentsOf: site.stateFile) == written)
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("{\n  \"sources\" : {\n    \"news\" : {\n      \"etag\" : "))
        // The validators go after the User-Agent and Accept, If-Modified-Since before If-None-Match.
        #expect(stub.requests.last?.headers == HTTPHeaders([.init("User-Agent", "newsgen/0.1"), .init("Accept", HTTPFetcher.accept),
                                                            .init("If-Modified-Since", Self.stamp), .init("If-None-Match", #""v1""#)]))
    }

    /// A 304 that sends no validators of its own keeps the ones remembered; nothing records the time of
    /// the answer, so the file is as it was (ADR 053).
    @Test func a304WithoutValidatorsKeepsTheOldOnes() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        let address = Self.url("/quiet.xml")
        let fresh = HTTPStub.feed("quiet", headers: [("ETag", #""q1""#), ("Last-Modified", Self.stamp)])
        stub.on(address, fresh, HTTPStub.status(304))
        _ = try site.build(address)
        let written = try Data(contentsOf: site.stateFile)
        let later = Self.now.addingTimeInterval(3600)
        #expect(try site.build(address, now: later).sources.map(\.outcome) == [.notModified])
        let entry = try #require(try site.state().sources["news"])
        #expect(entry == FetchState.Entry(url: address, etag: #""q1""#, lastModified: Self.stamp))
        #expect(try Data(contentsOf: site.stateFile) == written)
    }

    /// Validators belong to the url they came from: after the url changes in site.json none is
    /// sent, and the state starts again for the new url.
    @Test func aChangedURLSendsNoValidatorsAndStartsAfresh() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        _ = try site.build(Self.url("/validated.xml"))
        _ = try site.build(Self.url("/missing"))
        #expect(try site.state().sources["news"] == FetchState.Entry(url: Self.url("/missing"), failures: 1,
                                                                     pausedUntil: RFC3339.string(from: Self.now.addingTimeInterval(15 * 60))))
        #expect(stub.requests(to: Self.url("/missing")).map { $0.headers["If-None-Match"] } == [nil])
    }

    /// state.json has entries only for the url sources in site.json: a source taken out of it is forgotten.
    @Test func theStateKeepsOnlyTheURLSourcesOfSiteJSON() throws {
        let (_, site) = try Self.site()
        defer { site.remove() }
        _ = try site.build(sources: [("news", Self.url("/first.xml")), ("old", Self.url("/second.xml"))], fetch: #""retries": 0"#)
        #expect(try Set(site.state().sources.keys) == ["news", "old"])
        _ = try site.build(sources: [("news", Self.url("/first.xml"))], fetch: #""retries": 0"#)
        #expect(try Set(site.state().sources.keys) == ["news"])
    }

    @Test func aPermanentRedirectIsFollowedAndReported() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        let report = try site.build(Self.url("/moved.xml"))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(report.warnings.map(\.description)
                == ["source 'news': \(Self.url("/moved.xml")) has moved permanently to \(Self.url("/first.xml")); put the new URL in site.json"])
        #expect(stub.urls == [Self.url("/moved.xml"), Self.url("/first.xml")])
    }

    /// Each failure after a good build: the source fails with a reason, the
    /// archive keeps its article, the site is still published.
    @Test(arguments: [("/missing", "the server answered HTTP 404 (not found)"),
                      ("/gone", "the server answered HTTP 410 (gone)"),
                      ("/loop", "more than 5 redirects (a redirect loop?)"),
                      ("/throttled", "the server answered HTTP 429 (too many requests); it asked to be retried after 3600 seconds, more than 30 seconds, so not in this build"),
                      ("/page.html", "not a feed: root element is <html> (the server sent a web page, text/html: the feed's address is likely in the page's <link rel=\"alternate\">)"),
                      ("/much-later", "the server answered HTTP 429 (too many requests); it asked to be retried after 3600 seconds, more than 30 seconds, so not in this build")])
    func aFailingSourceKeepsItsArticles(path: String, reason: String) throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        try Self.failAfterAGoodBuild(site, path: path, reason: reason)
        // A wait past the cap is not slept: the source fails at once.
        #expect(stub.sleeps == [])
    }

    /// The checks of `aFailingSourceKeepsItsArticles`, for the socket suite too.
    static func failAfterAGoodBuild(_ site: FetchingSite, first: String = url("/first.xml"), path: String, address: String? = nil,
                                    reason: String) throws {
        _ = try site.build(first)
        let index = site.folder.appendingPathComponent("public/index.html")
        try FileManager.default.removeItem(at: index)

        let failing = address ?? url(path)
        let report = try site.build(failing)
        #expect(report.sources.map(\.outcome) == [.failed(reason: .said(failing + ": " + reason))])
        #expect(report.warnings.map(\.description) == ["source 'news' failed: \(failing): \(reason)"])
        #expect(report.articleCount == 1)
        #expect(try site.archived() == ["first"])
        #expect(FileManager.default.fileExists(atPath: index.path))
        let entry = try #require(try site.state().sources["news"])
        #expect(entry.failures == 1)
        #expect(entry.pausedUntil == RFC3339.string(from: now.addingTimeInterval(SourceBackoff.base)))
    }

    /// The server's clock is a day slow and its Retry-After says "its Date + 1 s":
    /// measured against our clock (or the build's fixed now) that date is long past
    /// and nothing would be waited for.
    @Test(arguments: ["imf", "rfc850", "asctime"])
    func aRetryAfterDateIsMeasuredByTheServersClock(form: String) throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        let report = try site.build(Self.url("/later/\(form)"))
        #expect(report.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        #expect(stub.sleeps == [1])
        #expect(try site.archived() == ["later-\(form)"])
    }

    /// Without the server's `Date`, a Retry-After date is measured from the build's
    /// now; with neither, it cannot be measured and the normal backoff applies.
    @Test func aRetryAfterDateWithoutAServerDateUsesTheBuildsNow() throws {
        var config = FetchConfig()
        config.retries = 1
        let address = URL(string: Self.url("/undated-later"))!
        let source = SourceConfig(id: "news", location: .url(address))
        for (now, sleeps) in [(Optional(Self.now), [1.0]), (nil, [0.01])] {
            let stub = Self.server()
            let fetcher = SourceFetcher(config: config, backoffBase: 0.01, now: now, network: stub.network)
            #expect(fetcher.fetch(source, from: address, remembered: nil).answered)
            #expect(stub.sleeps == sleeps)
        }
    }

    /// Each retry waits twice as long as the one before; a Retry-After longer than that wait
    /// wins, one up to `retryAfterCap` is waited for, and one past it fails the source at once.
    @Test func retriesBackOffExponentiallyUpToTheCap() throws {
        let address = URL(string: Self.url("/down"))!
        let source = SourceConfig(id: "news", location: .url(address))
        var config = FetchConfig()
        config.retries = 3
        let stub = HTTPStub()
        stub.on(address.absoluteString, HTTPStub.status(503))
        let fetcher = SourceFetcher(config: config, backoffBase: 0.5, network: stub.network)
        #expect(fetcher.fetch(source, from: address, remembered: nil).outcome
                == .failed(reason: .said(address.absoluteString + ": the server answered HTTP 503 (service unavailable)")))
        #expect(stub.sleeps == [0.5, 1, 2])
        #expect(stub.requests.count == 4)

        for (retryAfter, sleeps) in [("0", [0.5, 1, 2]), ("1", [1, 1, 2]), ("30", [30, 30, 30])] {
            let waiting = HTTPStub()
            waiting.on(address.absoluteString, HTTPStub.status(503, [("Retry-After", retryAfter)]))
            _ = SourceFetcher(config: config, backoffBase: 0.5, network: waiting.network).fetch(source, from: address, remembered: nil)
            #expect(waiting.sleeps == sleeps, "Retry-After: \(retryAfter)")
        }
        let capped = HTTPStub()
        capped.on(address.absoluteString, HTTPStub.status(503, [("Retry-After", "11")]))
        let short = SourceFetcher(config: config, backoffBase: 0.5, retryAfterCap: 10, network: capped.network)
        #expect(short.fetch(source, from: address, remembered: nil).outcome
                == .failed(reason: .said(address.absoluteString + ": the server answered HTTP 503 (service unavailable); it asked to be retried after 11 seconds, more than 10 seconds, so not in this build")))
        #expect(capped.sleeps == [] && capped.requests.count == 1)
    }

    /// Network errors, timeouts, truncations, 5xx and 429 are retried; 4xx, oversize and redirect faults are not.
    @Test(arguments: [(FetchError.transport("could not connect (connection refused)"), 2), (.timedOut(seconds: 20), 2),
                      (.truncated(received: 1, announced: 2), 2), (.tooLarge(limit: 1), 1), (.unsupportedEncoding("br"), 1)])
    func whatIsRetried(error: FetchError, requests: Int) {
        let address = URL(string: Self.url("/faulty"))!
        let stub = HTTPStub()
        stub.on(address.absoluteString, .failure(error))
        var config = FetchConfig()
        config.retries = 1
        let fetched = SourceFetcher(config: config, backoffBase: 0.01, network: stub.network)
            .fetch(SourceConfig(id: "news", location: .url(address)), from: address, remembered: nil)
        #expect(fetched.outcome == .failed(reason: .said(address.absoluteString + ": " + error.description)))
        #expect(stub.requests.count == requests)
    }

    @Test func aBodyThatIsNotAFeedFailsTheSource() throws {
        let (_, site) = try Self.site()
        defer { site.remove() }
        _ = try site.build(Self.url("/first.xml"))
        let report = try site.build(Self.url("/broken.xml"))
        let outcome = try #require(report.sources.first?.outcome)
        guard case .failed(let reason) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(reason.text.hasPrefix(Self.url("/broken.xml") + ":1:1: not well-formed XML: "))
        #expect(try site.archived() == ["first"])
        // An answer that does not parse is a failure for the back-off too, and its validators are not kept.
        #expect(try site.state().sources["news"]?.failures == 1)
    }

    @Test func strictStillFailsTheBuild() throws {
        let (_, site) = try Self.site()
        defer { site.remove() }
        #expect(throws: BuildError("source 'news' failed and --strict is set; the archive was updated, the site was not published")) {
            try site.build(Self.url("/missing"), strict: true)
        }
    }

    @Test func aCorruptStateFileStopsTheBuildAndIsLeftAlone() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        for (content, reason) in [("{", "cannot be read as newsgen's fetch state (not valid JSON); it was left untouched"),
                                  (#"{"version": 9, "sources": {}}"#, "has state version 9, but this newsgen reads version 1 (a newer newsgen wrote it: update newsgen); it was left untouched")] {
            try Data(content.utf8).write(to: site.stateFile)
            #expect(throws: BuildError(path: "content/archive/state.json", reason)) {
                try site.build(Self.url("/first.xml"))
            }
            #expect(try Data(contentsOf: site.stateFile) == Data(content.utf8))
        }
        #expect(stub.requests.isEmpty)
    }

    /// After N failures the source is left alone until lastAttempt + min(15 min × 2^(N-1), 24 h):
    /// skipped, not failed (so --strict passes), its articles kept; an answer resets the count.
    @Test func aFailingSourceBacksOffAndRecovers() throws {
        let (stub, site) = try Self.site()
        defer { site.remove() }
        let missing = Self.url("/missing")
        _ = try site.build(missing)
        #expect(try site.state().sources["news"]?.failures == 1)

        let soon = Self.now.addingTimeInterval(14 * 60)
        let waiting = try site.build(missing, strict: true, now: soon)
        #expect(waiting.sources.map(\.outcome) == [.skipped(reason: .said("backing off after 1 failure; next try after 10:15 UTC (in 1 min)"))])
        #expect(waiting.warnings.map(\.description) == ["source 'news': backing off after 1 failure; next try after 10:15 UTC (in 1 min)"])
        #expect(try site.state().sources["news"]?.pausedUntil == "2026-01-05T10:15:00Z")
        #expect(stub.requests.count == 1, "a source backing off is not asked")

        let later = Self.now.addingTimeInterval(15 * 60)
        #expect(try site.build(missing, now: later).sources.map(\.outcome) == [.failed(reason: .said(missing + ": the server answered HTTP 404 (not found)"))])
        #expect(try site.state().sources["news"]?.failures == 2)
        #expect(try site.build(missing, now: later.addingTimeInterval(29 * 60)).sources.map(\.outcome)
                == [.skipped(reason: .said("backing off after 2 failures; next try after 10:45 UTC (in 1 min)"))])

        let recovered = try site.build(Self.url("/first.xml"), now: later.addingTimeInterval(30 * 60))
        #expect(recovered.sources.map(\.outcome) == [.fresh(itemCount: 1)])
        let entry = try #require(try site.state().sources["news"])
        #expect(entry.failures == nil && entry.pausedUntil == nil)
    }

    @Test(arguments: [(0, 0.0), (1, 900.0), (2, 1800.0), (3, 3600.0), (7, 57_600.0), (8, 86_400.0), (200, 86_400.0)])
    func theBackoffDoublesUpToADay(failures: Int, seconds: Double) {
        #expect(SourceBackoff.delay(afterFailures: failures) == seconds)
    }
}
