import Foundation
import NewsgenTestSupport
import Testing

/// Issue 34, point 1 (ADR 039 and 056, amended): `source import` writes site.json, then reads each feed it
/// added once, politely, and names the ones that give only teasers with the one command that turns full text
/// on; a feed it cannot read is one line and never an error of the import. Against a publisher on 127.0.0.1
/// serving a full-content RSS feed, a teaser Atom feed and a 404.
@Suite("source import names teaser feeds", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the publisher's server"),
       .serialized)
struct ImportCheckEndToEndTests {
    /// `/full.rss`: two items of whole articles (content:encoded of 200 words). `/teaser.atom`: three entries of one
    /// sentence ending in "…" and a link, no content. Anything else is 404. Each answer takes 0.1 s, so two requests
    /// at once would overlap in the log, which records each request's path, User-Agent and times.
    static let handler = #"""
    import json, threading
    LOCK = threading.Lock()
    LOG = []
    WORDS = " ".join(["The lifeboat crew trained in thick fog off the harbour wall all weekend."] * 15)
    def rss(origin):
        items = "".join('<item><title>Whole story %d</title><link>%s/news/whole-%d</link><guid>whole-%d</guid>'
                        '<pubDate>Mon, 16 Nov 2026 09:0%d:00 GMT</pubDate><description>A weekend at sea.</description>'
                        '<content:encoded><![CDATA[<p>%s</p>]]></content:encoded></item>' % (n, origin, n, n, n, WORDS) for n in (1, 2))
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">'
                '<channel><title>Lifeboats</title><link>%s/</link>%s</channel></rss>' % (origin, items)).encode()
    def atom(origin):
        entries = "".join('<entry><title>Notice %d</title><id>urn:notice:%d</id><link href="%s/notices/%d"/>'
                          '<updated>2026-11-16T09:0%d:00Z</updated><summary>The council met about the ferry timetable and the quay\u2026</summary></entry>'
                          % (n, n, origin, n, n) for n in (1, 2, 3))
        return ('<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Council notices</title>'
                '<id>urn:council</id><updated>2026-11-16T09:00:00Z</updated>%s</feed>' % entries).encode()
    class Handler(FixtureHandler):
        def do_GET(self):
            if self.path == "/log":
                with LOCK: body = json.dumps(LOG).encode()
                return self.send(200, body, [("Content-Type", "application/json")])
            start = time.monotonic()
            time.sleep(0.1)
            origin = "http://127.0.0.1:%d" % self.server.server_address[1]
            if self.path == "/full.rss":
                self.send(200, rss(origin), [("Content-Type", "application/rss+xml")])
            elif self.path == "/teaser.atom":
                self.send(200, atom(origin), [("Content-Type", "application/atom+xml")])
            else:
                self.send(404, b"<html><body>Not found</body></html>", [("Content-Type", "text/html")])
            with LOCK: LOG.append({"path": self.path, "agent": self.headers.get("User-Agent", ""), "start": start, "end": time.monotonic()})
    """#

    struct Request: Decodable {
        var path: String
        var agent: String
        var start: Double
        var end: Double
    }

    private func requests(_ server: PythonHTTPServer) throws -> [Request] {
        try JSONDecoder().decode([Request].self, from: server.get("/log"))
    }

    /// A new site with a short fetch timeout and its own User-Agent contact, and the OPML of the three feeds.
    private func siteWithOPML(_ server: PythonHTTPServer) throws -> TemporarySite {
        let site = try TemporarySite.initialized()
        try site.editConfig { config in config["fetch"] = ["timeoutSeconds": 5, "retries": 0, "userAgentContact": "import-check@example.org"] }
        try site.write("subscriptions.opml", """
            <opml version="2.0"><body>
              <outline text="Lifeboats" xmlUrl="\(server.url("/full.rss"))"/>
              <outline text="Council notices" xmlUrl="\(server.url("/teaser.atom"))"/>
              <outline text="Gone" xmlUrl="\(server.url("/gone.xml"))"/>
            </body></opml>
            """)
        return site
    }

    private func sourceIDs(_ site: TemporarySite) throws -> [String] {
        let config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.file("site.json"))) as? [String: Any])
        return try #require(config["sources"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }

    @Test func importListsTheTeaserFeedAndTheCommandAndReportsTheOneItCannotRead() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try siteWithOPML(server)
        defer { site.remove() }

        let imported = try site.run("source", "import", "subscriptions.opml")
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stderr.isEmpty, "stderr: \(imported.stderr)")
        #expect(imported.stdout.hasSuffix("""
            Read 3 of the 3 feeds added, once each, to find those that give only teasers (nothing stored: the next 'newsgen build' archives them).
            Source 'council-notices' gives only a teaser of each article, and full text is off, so the archive would keep a sentence and a link. \
            To keep whole articles: newsgen source set council-notices full-text auto
            Could not read 1 feed (still added; each build tries again and reports on it):
              gone: \(server.url("/gone.xml")): the server answered HTTP 404 (not found)

            """), "stdout: \(imported.stdout)")
        #expect(!imported.stdout.contains("lifeboats full-text"), "stdout: \(imported.stdout)")
        // site.json holds all three, and import changed no mode and archived nothing.
        #expect(try sourceIDs(site) == ["lifeboats", "council-notices", "gone"])
        #expect(!(try site.read("site.json")).contains("fullText"))
        #expect(!FileManager.default.fileExists(atPath: site.file("content/archive").path), "import archived what it read")
        // Politely: each feed asked once, with the site's User-Agent, one at a time on this one host.
        let log = try requests(server).sorted { $0.start < $1.start }
        #expect(log.map(\.path).sorted() == ["/full.rss", "/gone.xml", "/teaser.atom"])
        #expect(log.allSatisfy { $0.agent.hasPrefix("newsgen/") && $0.agent.contains("import-check@example.org") }, "\(log.map(\.agent))")
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.end <= $1.start }, "requests overlapped: \(log)")
    }

    @Test func dryRunListsTooAndWritesNothing() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try siteWithOPML(server)
        defer { site.remove() }
        let before = try site.read("site.json")

        let dry = try site.run("source", "import", "subscriptions.opml", "--dry-run")
        #expect(dry.status == 0, "stderr: \(dry.stderr)")
        #expect(dry.stdout.hasPrefix("Would add 3 sources from subscriptions.opml to site.json (--dry-run: nothing was written):\n"))
        #expect(dry.stdout.contains("To keep whole articles: newsgen source set council-notices full-text auto\n"), "stdout: \(dry.stdout)")
        #expect(dry.stdout.contains("  gone: \(server.url("/gone.xml")): the server answered HTTP 404 (not found)\n"), "stdout: \(dry.stdout)")
        #expect(try site.read("site.json") == before)
    }

    @Test func noCheckReadsNothing() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try siteWithOPML(server)
        defer { site.remove() }

        let imported = try site.run("source", "import", "subscriptions.opml", "--no-check")
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("Nothing was fetched yet: the next 'newsgen build' fetches them"), "stdout: \(imported.stdout)")
        #expect(!imported.stdout.contains("full-text auto\n"), "stdout: \(imported.stdout)")
        #expect(try sourceIDs(site) == ["lifeboats", "council-notices", "gone"])
        #expect(try requests(server).isEmpty)
    }
}
