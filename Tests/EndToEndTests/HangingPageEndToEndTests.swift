import Foundation
import NewsgenTestSupport
import Testing

/// Issue 32: one article page that hangs must not keep its host's other pages from being read.
/// Before, the page's timeout marked the whole host as failing: its other pages waited, and the
/// next build (after the host's back-off) asked for the same newest page first, timed out again,
/// and so on, so the host's older pages never got their turn. Now the page fails on its own and
/// waits its own back-off (state.json's `pages`), and the others are read in the same build.
@Suite("A hanging article page, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the publisher's server"),
       .serialized)
struct HangingPageEndToEndTests {
    /// A publisher on 127.0.0.1: `/feed.xml` links three summary-only items, newest first
    /// `/news/hangs` (never answered in time), `/news/older` and `/news/oldest` (article pages).
    /// `/log` lists the paths asked for, in order of arrival (itself left out).
    static let handler = #"""
    import json, threading
    LOCK = threading.Lock()
    LOG = []
    STORIES = {"hangs": ("Harbour crane stuck again", 30), "older": ("Lifeboat crew trains in fog", 20),
               "oldest": ("Market day moves to the square", 10)}
    def page(slug):
        title = STORIES[slug][0]
        body = "".join("<p>Paragraph %d of %s: residents gathered on the quay on Tuesday evening, and the harbour master, "
                       "who has worked the port for thirty years, said the change had been a long time coming, "
                       "that the council had listened, and that the fishermen would be the first to notice it.</p>" % (n, slug)
                       for n in range(1, 7))
        return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title></head><body>"
                "<main><article><h1>%s</h1>%s</article></main></body></html>" % (title, title, body)).encode()
    def feed(origin):
        items = "".join('<item><title>%s</title><link>%s/news/%s</link><guid isPermaLink="false">%s</guid>'
                        '<pubDate>Mon, 16 Nov 2026 09:%02d:00 GMT</pubDate><description>A teaser.</description></item>'
                        % (title, origin, slug, slug, minute) for slug, (title, minute) in STORIES.items())
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Quay Gazette</title>'
                '<link>%s/</link>%s</channel></rss>' % (origin, items)).encode()
    class Handler(FixtureHandler):
        def do_GET(self):
            if self.path == "/log":
                with LOCK: body = json.dumps(LOG).encode()
                return self.send(200, body, [("Content-Type", "application/json")])
            with LOCK: LOG.append(self.path)
            origin = "http://127.0.0.1:%d" % self.server.server_address[1]
            if self.path == "/robots.txt":
                self.send(200, b"User-agent: *\nDisallow:\n", [("Content-Type", "text/plain")])
            elif self.path == "/feed.xml":
                self.send(200, feed(origin), [("Content-Type", "application/rss+xml")])
            elif self.path == "/news/hangs":
                time.sleep(30)
            elif self.path.startswith("/news/") and self.path[6:] in STORIES:
                self.send(200, page(self.path[6:]), [("Content-Type", "text/html; charset=utf-8")])
            else:
                self.send(404, b"not found")
    """#

    /// The build's "now" (2026-11-18).
    static let now = 1_795_000_000

    private func paths(_ server: PythonHTTPServer) throws -> [String] {
        try JSONDecoder().decode([String].self, from: server.get("/log"))
    }

    @Test func theHostsOtherPagesAreReadAndTheHangingOneWaitsItsOwnBackOff() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { config in
            config["sources"] = [["id": "quay", "url": server.url("/feed.xml"), "fullText": "always"]]
            config["extract"] = ["perHostDelaySeconds": 0.1, "timeoutSeconds": 1, "maxSecondsPerBuild": 20]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        try FileManager.default.removeItem(at: site.file("content/articles"))

        let first = try site.run("build", environment: ["SOURCE_DATE_EPOCH": String(Self.now)])
        #expect(first.status == 0, "\(first.stderr)")
        let articles = try site.archivedArticles()
        func fullText(_ title: String) -> [String: Any]? {
            articles.first { $0["title"] as? String == title }?["fullText"] as? [String: Any]
        }
        #expect(fullText("Lifeboat crew trains in fog") != nil, "the host's older page is read in the same build:\n\(first.stderr)")
        #expect(fullText("Market day moves to the square") != nil, "and its oldest:\n\(first.stderr)")
        #expect(fullText("Harbour crane stuck again") == nil)
        #expect(first.stderr.contains("the full text of \"Harbour crane stuck again\" could not be read from \(server.url("/news/hangs")): "
                                      + "no complete response within 1 second"), "\(first.stderr)")
        #expect(first.stdout.contains("full text: 2 read, 1 failed, 0 waiting for a later build"), "\(first.stdout)")

        // state.json remembers the page, not the host.
        let state = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.file("content/archive/state.json"))) as? [String: Any])
        #expect(state["hosts"] == nil, "the host is not failing: \(state)")
        let pages = try #require(state["pages"] as? [String: [String: Any]], "\(state)")
        #expect(pages.count == 1 && pages.values.first?["failures"] as? Int == 1, "\(pages)")
        #expect(try paths(server).filter { $0 == "/news/hangs" }.count == 1)

        // Two minutes later the hanging page is still in its own back-off (an hour): not asked for again.
        let second = try site.run("build", environment: ["SOURCE_DATE_EPOCH": String(Self.now + 120)])
        #expect(second.status == 0, "\(second.stderr)")
        let asked = try paths(server)
        #expect(asked.filter { $0 == "/news/hangs" }.count == 1, "\(asked)")
        #expect(asked.filter { $0 == "/news/older" }.count == 1, "a page read is not read again: \(asked)")
    }
}
