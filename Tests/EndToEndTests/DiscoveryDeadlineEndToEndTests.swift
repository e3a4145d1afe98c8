import Foundation
import NewsgenTestSupport
import Testing

/// `source add` on a host that never answers for its feeds (issue 32, point 6): a page naming no
/// feed on 127.0.0.1 whose `/feed…` paths hang. Discovery has one deadline, 3 × `timeoutSeconds`;
/// before it, each of the seven usual paths took its own whole timeout, one after another, and
/// the message did not say that any had timed out.
@Suite("source add against hanging feed paths, end to end", .serialized, .enabled(if: PythonHTTPServer.pythonAvailable))
struct DiscoveryDeadlineEndToEndTests {
    /// `/page.html` names no feed; every other path is held open without an answer until the server stops.
    static let handler = #"""
    class Handler(FixtureHandler):
        def do_GET(self):
            if self.path == "/page.html":
                self.send(200, b"<!DOCTYPE html><html><head><title>No feed here</title></head><body><p>Hello</p></body></html>",
                          [("Content-Type", "text/html; charset=utf-8")])
            else:
                time.sleep(600)
    """#

    @Test func aPageNamingNoFeedEndsWithinTheDeadlineNamingWhatTimedOut() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try TemporarySite.initialized()
        defer { site.remove() }
        // Two seconds a request, so six for discovery; the seven paths alone took 14 before.
        try site.editConfig { $0["fetch"] = ["timeoutSeconds": 2] }
        let before = try site.read("site.json")

        let started = ContinuousClock.now
        let added = try site.run("source", "add", server.url("/page.html"))
        let took = ContinuousClock.now - started

        #expect(added.status == 1)
        #expect(took < .seconds(10), "took \(took)")
        let start = "error: \(server.url("/page.html")) is a web page that names no feed (no <link rel=\"alternate\"> of a feed type), "
            + "and no usual feed path on 127.0.0.1 gave one: /feed and /feed.xml timed out after 2 seconds each; "
        #expect(added.stderr.hasPrefix(start), "stderr: \(added.stderr)")
        #expect(added.stderr.contains(" timed out when discovery's 6 seconds (3 × fetch.timeoutSeconds) ran out; "), "stderr: \(added.stderr)")
        #expect(added.stderr.hasSuffix(" and /feed.json were not asked; give the feed's own address\n"), "stderr: \(added.stderr)")
        #expect(try site.read("site.json") == before)
    }
}
