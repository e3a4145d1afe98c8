#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NewsgenTestSupport
import Testing

/// `newsgen serve` says what it shows and why (issue 34, ADR 058): an archive empty because serve
/// does not fetch, url sources not fetched in preview on `/sources/`, a page's warnings in the
/// overlay, and a rebuild that waits for another build's lock instead of failing.
@Suite("newsgen serve explains itself, end to end", .serialized)
struct ServeExplainsItselfEndToEndTests {
    typealias Serving = ServeEndToEndTests.Serving

    /// Reads the event stream on `port` until `event` arrives (at most `seconds`); the text read.
    static func awaitEvent(_ events: RawClient, _ event: String, seconds: Double = 60) -> String {
        var received = ""
        let deadline = Date().addingTimeInterval(seconds)
        while !received.contains("event: \(event)"), Date() < deadline { received += events.read(until: "event: \(event)") }
        return received
    }

    static func openEvents(_ port: Int) -> RawClient {
        let events = RawClient(port: port)
        events.write("GET /__newsgen/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        _ = events.read(until: "\r\n\r\n")
        return events
    }

    /// A site whose only source is a url nothing was ever fetched from: the terminal and every page
    /// say what to run; the files in public/ do not.
    @Test func anEmptyArchiveSaysWhatToRunOnTheTerminalAndOnThePage() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        // Never asked: serve does not fetch (port 9 is discard, on loopback).
        try site.editConfig { $0["sources"] = [["id": "wire", "url": "http://127.0.0.1:9/feed.xml"]] }
        let serving = try Serving(site)
        defer { _ = serving.stop() }
        let output = try serving.wait(for: "note: nothing is archived", seconds: 10)
        #expect(output.contains("run 'newsgen build' to fetch them"), "\(output)")
        #expect(output.contains("'newsgen serve --fetch'"), "\(output)")
        let home = RawClient.get(serving.port, "/")
        #expect(home.status == 200)
        #expect(home.text.contains(#"data-notice="Nothing has been fetched from the sources yet, and newsgen serve does not fetch. Run newsgen build, or newsgen serve --fetch, to bring in their articles.""#),
                "\(home.text.suffix(800))")
        #expect(RawClient.get(serving.port, "/sources/").text.contains("data-notice=\""))
        // In the bytes served only: a normal build's output never carries it.
        let onDisk = try site.snapshot()
        #expect(!onDisk.isEmpty)
        #expect(onDisk.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("does not fetch. Run newsgen build") })
    }

    /// A site with file sources only (the sample) has nothing to fetch: no notice, no note.
    @Test func aSiteWithoutURLSourcesGetsNoNotice() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let serving = try Serving(site)
        defer { _ = serving.stop() }
        #expect(!RawClient.get(serving.port, "/").text.contains("data-notice"))
        #expect(!serving.text.contains("nothing is archived"))
    }

    /// One url source fetched, one answering 404 (failing), one added since: under serve the page
    /// says 1 failing and 2 not fetched in preview, and its rows say the same; a `build --offline`
    /// afterwards is not taken as up to date and shows no preview state.
    @Test(Prerequisite.require(FeedHTTPServer.pythonAvailable, "needs python3 for the HTTP server"))
    func sourcesUnderServeAreNotFetchedFailingOrSkippedAsTheHeaderSays() throws {
        let feed = "<rss version=\"2.0\"><channel><title>Up</title><item><title>One</title><link>http://e.org/1</link>"
            + "<pubDate>Mon, 01 Dec 2026 10:00:00 GMT</pubDate></item></channel></rss>"
        let server = try FeedHTTPServer.start(body: feed, contentType: "application/rss+xml")
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        var sources: [[String: Any]] = [["id": "up", "url": server.url("/feed.xml")], ["id": "gone", "url": server.url("/gone.xml")]]
        try site.editConfig { config in
            config["sources"] = sources
            config["fetch"] = ["retries": 0]
        }
        let built = try site.run("build", environment: ServeEndToEndTests.epoch)
        #expect(built.status == 0, "\(built.stderr)")
        sources.append(["id": "later", "url": server.url("/later.xml")])
        try site.editConfig { $0["sources"] = sources }

        let serving = try Serving(site)
        let page = RawClient.get(serving.port, "/sources/").text
        #expect(page.contains("3 sources · <span class=\"status-failed-text\">1 failing</span> · 2 not fetched in preview"), "\(page)")
        #expect(page.components(separatedBy: "data-state=\"not-fetched\"").count - 1 == 2)
        #expect(page.components(separatedBy: "status-badge status-failed\">Failing<").count - 1 == 1)
        #expect(page.components(separatedBy: ">Not fetched in preview<").count - 1 == 2)
        #expect(!page.contains(">Skipped<"), "\(page)")
        #expect(page.contains("newsgen serve does not fetch; run newsgen build, or newsgen serve --fetch, to fetch it."))
        // The archive had articles from "up": no empty-archive notice.
        #expect(!page.contains("data-notice"))
        #expect(serving.stop() == 0)

        // The next build is a build's, not the preview's: nothing said of a preview.
        let offline = try site.run("build", "--offline", environment: ServeEndToEndTests.epoch)
        #expect(offline.status == 0, "\(offline.stderr)")
        let after = try site.read("public/sources/index.html")
        #expect(!after.contains("preview"), "\(after)")
        #expect(after.contains("3 sources · <span class=\"status-failed-text\">1 failing</span></p>"), "\(after)")
    }

    /// A Markdown article whose front matter does not parse is skipped by the build, which still
    /// succeeds: the overlay shows the warning on every page until the file is put right.
    @Test func aBadFrontMatterIsAWarningInTheOverlay() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let serving = try Serving(site)
        defer { _ = serving.stop() }
        #expect(!RawClient.get(serving.port, "/").text.contains("data-warnings"))
        let events = Self.openEvents(serving.port)
        try site.write("content/articles/broken.md", "---\ntitle: [unclosed\n---\nBody.\n")
        #expect(Self.awaitEvent(events, "reload").contains("event: reload"))
        try serving.wait(for: "warning: content/articles/broken.md", seconds: 10)
        let home = RawClient.get(serving.port, "/").text
        let warnings = try #require(home.firstMatch(of: /data-warnings="([^"]*)"/)?.1)
        #expect(warnings.hasPrefix("content/articles/broken.md:"), "\(warnings)")
        #expect(warnings.contains("article skipped"), "\(warnings)")
        #expect(home.contains(#"data-build-warnings="The build has warnings about these files:""#))
        #expect(!home.contains("data-failure"))

        try FileManager.default.removeItem(at: site.file("content/articles/broken.md"))
        #expect(Self.awaitEvent(events, "reload").contains("event: reload"))
        #expect(!RawClient.get(serving.port, "/").text.contains("data-warnings"))
    }

    /// Another process holds the site's build lock (as a `newsgen build` does) when an edit comes:
    /// the rebuild says it waits, waits, and runs once the lock is let go; nothing fails.
    @Test func aRebuildThatMeetsAnotherBuildWaitsForItAndRuns() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let serving = try Serving(site)
        defer { _ = serving.stop() }
        let descriptor = open(site.file(".newsgen/build.lock").path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let events = Self.openEvents(serving.port)
        let article = "content/articles/ferry-timetable-changes-explained.md"
        try site.write(article, try site.read(article) + "\nWritten while another build ran.\n")
        try serving.wait(for: "note: another newsgen build is running in this site; the rebuild waits for it", seconds: 20)
        usleep(1_000_000)
        #expect(serving.text.components(separatedBy: "Built ").count - 1 == 1, "\(serving.text)")
        flock(descriptor, LOCK_UN)
        #expect(Self.awaitEvent(events, "reload").contains("event: reload"))
        try serving.wait(for: "Built ", count: 2, seconds: 10)
        #expect(!serving.text.contains("error:"), "\(serving.text)")
        #expect(RawClient.get(serving.port, ServeEndToEndTests.ferry.path).text.contains("Written while another build ran."))
    }
}
