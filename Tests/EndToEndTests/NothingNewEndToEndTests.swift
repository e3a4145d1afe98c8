import Foundation
import NewsgenTestSupport
import Testing

/// Issue 33 point 4 (ADR 053): the hourly build commits only news. A build whose sources bring nothing
/// new leaves every file under `content/archive/` byte for byte as it was, whether the server answers
/// 304 or sends the same feed again; a failing source writes its failures and the end of its pause
/// once, and a build during the pause changes nothing.
@Suite("A build that brings nothing new changes no committed file, end to end",
       Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the feed server"), .serialized)
struct NothingNewEndToEndTests {
    /// `/feed.xml`, two items, in the mode `/mode/<name>` set: `etag` (ETag `"v1"`, 304 when it comes
    /// back), `plain` (no validators, always 200), `newetag` (the same items with ETag `"v2"`), `fail` (500).
    /// `/stats` answers JSON `{"<status> <path>": count}`.
    static let handler = #"""
    import json, threading
    STATE = {"mode": sys.argv[1]}
    COUNTS = {}
    LOCK = threading.Lock()
    BODY = ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Harbour News</title>'
            '<link>http://example.com/</link>'
            '<item><title>Ferry timetable</title><link>http://example.com/ferry</link><guid>ferry</guid>'
            '<pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate><description>New winter times.</description></item>'
            '<item><title>Lighthouse open day</title><link>http://example.com/lighthouse</link><guid>lighthouse</guid>'
            '<pubDate>Tue, 06 Jan 2026 09:30:00 GMT</pubDate><description>Tours every hour.</description></item>'
            '</channel></rss>').encode()
    class Handler(FixtureHandler):
        def answer(self, status, body=b"", headers=()):
            with LOCK:
                key = "%d %s" % (status, self.path)
                COUNTS[key] = COUNTS.get(key, 0) + 1
            self.send(status, body, headers)
        def do_GET(self):
            mode = STATE["mode"]
            if self.path.startswith("/mode/"):
                STATE["mode"] = self.path[len("/mode/"):]
                self.send(200, b"ok")
            elif self.path == "/stats":
                with LOCK: body = json.dumps(COUNTS).encode()
                self.send(200, body, [("Content-Type", "application/json")])
            elif self.path != "/feed.xml":
                self.send(404, b"not here")
            elif mode == "fail":
                self.answer(500, b"down for maintenance", [("Content-Type", "text/plain")])
            elif mode == "plain":
                self.answer(200, BODY, [("Content-Type", "application/rss+xml")])
            else:
                etag = '"v1"' if mode == "etag" else '"v2"'
                if self.headers.get("If-None-Match") == etag:
                    self.answer(304, b"", [("ETag", etag)])
                else:
                    self.answer(200, BODY, [("Content-Type", "application/rss+xml"), ("ETag", etag)])
    """#

    /// 2026-11-16 10:00 UTC, and later ones in seconds after it.
    static let start = 1_794_823_200
    static func at(_ seconds: Int) -> [String: String] { ["SOURCE_DATE_EPOCH": String(start + seconds)] }

    /// The sample site (its Markdown articles too) with one url source on `server`, no retries.
    static func site(_ server: PythonHTTPServer) throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try site.editConfig { config in
            config["sources"] = [["id": "harbour", "url": server.url("/feed.xml")]]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        return site
    }

    static func build(_ site: TemporarySite, at seconds: Int) throws -> ProcessResult {
        let result = try site.run("build", environment: at(seconds))
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    static func stats(_ server: PythonHTTPServer) throws -> [String: Int] {
        try JSONSerialization.jsonObject(with: server.get("/stats")) as! [String: Int]
    }

    static func state(_ site: TemporarySite) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: site.file("content/archive/state.json"))) as! [String: Any]
        return ((object["sources"] as? [String: Any])?["harbour"] as? [String: Any]) ?? [:]
    }

    /// Starts the server in `mode`, builds the site once at the start (the articles arrive), and hands both
    /// to `body` with the archive that build left.
    static func afterAFirstBuild(mode: String, _ body: (PythonHTTPServer, TemporarySite, [String: Data]) throws -> Void) throws {
        let server = try PythonHTTPServer(handler: handler, arguments: [mode])
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        _ = try build(site, at: 0)
        #expect(try site.archivedArticles().filter { $0["sourceID"] as? String == "harbour" }.count == 2)
        let archive = try site.snapshot(of: "content/archive")
        #expect(archive["state.json"] != nil)
        try body(server, site, archive)
    }

    /// Builds once, then an hour later in `mode`: every file of the archive is as it was.
    func expectNothingChanges(first: String, then mode: String, answered status: Int) throws {
        try Self.afterAFirstBuild(mode: first) { server, site, archive in
            _ = try server.get("/mode/\(mode)")
            _ = try Self.build(site, at: 3_600)
            #expect(try Self.stats(server)["\(status) /feed.xml"] ?? 0 >= 1, "the second build was answered \(status)")
            let after = try site.snapshot(of: "content/archive")
            #expect(SnapshotDifference.paths(after, archive).isEmpty, "changed without news: \(SnapshotDifference.paths(after, archive))")
            for key in ["lastAttempt", "lastSuccess"] { #expect(try Self.state(site)[key] == nil, "state.json records \(key)") }
            // /sources/ says when the source last brought news: its newest item's date, not this build's time.
            let sources = try site.read("public/sources/index.html")
            #expect(sources.contains(#"<span data-testid="source-last-new">Last new item: <time datetime="2026-01-06T09:30:00Z""#), "\(sources)")
            #expect(!sources.contains("Last attempt") && !sources.contains("Last success"))
        }
    }

    @Test func aNotModifiedAnswerChangesNothing() throws {
        try expectNothingChanges(first: "etag", then: "etag", answered: 304)
    }

    @Test func theSameFeedAgainWithoutValidatorsChangesNothing() throws {
        try expectNothingChanges(first: "plain", then: "plain", answered: 200)
    }

    /// The end of a pause as state.json keeps it may carry milliseconds (a build run without
    /// SOURCE_DATE_EPOCH); the warning says it as a person reads it, never as `11:14:17.401Z`.
    @Test func aBackOffWarningSaysTheTimeInWords() throws {
        try Self.afterAFirstBuild(mode: "etag") { server, site, _ in
            _ = try server.get("/mode/fail")
            _ = try Self.build(site, at: 3_600)
            let state = try site.read("content/archive/state.json")
            #expect(state.contains("\"2026-11-16T11:15:00Z\""), "\(state)")
            try site.write("content/archive/state.json", state.replacingOccurrences(of: "2026-11-16T11:15:00Z", with: "2026-11-16T11:14:17.401Z"))
            let paused = try Self.build(site, at: 3_600 + 60)
            #expect(paused.stderr.contains("warning: source 'harbour': backing off after 1 failure; next try after 11:15 UTC (in 14 min)\n"),
                    "\(paused.stderr)")
            #expect(!paused.stderr.contains(".401Z"), "\(paused.stderr)")
        }
    }

    /// A new ETag for the same items is news of a kind: the next conditional request must send it, so
    /// state.json takes it, and nothing else changes.
    @Test func aNewETagForTheSameItemsChangesOnlyTheValidator() throws {
        try Self.afterAFirstBuild(mode: "etag") { server, site, archive in
            _ = try server.get("/mode/newetag")
            _ = try Self.build(site, at: 3_600)
            let after = try site.snapshot(of: "content/archive")
            #expect(SnapshotDifference.paths(after, archive) == ["state.json"])
            #expect(try Self.state(site)["etag"] as? String == "\"v2\"")
        }
    }

    /// The first failure writes the count and the end of the pause; a build during the pause asks
    /// nothing and changes nothing; the first answer after it clears both, and state.json is what
    /// it was before the failure.
    @Test func aFailingSourceWritesItsPauseOnceAndRecovers() throws {
        try Self.afterAFirstBuild(mode: "etag") { server, site, healthy in
            _ = try server.get("/mode/fail")
            let failed = try Self.build(site, at: 3_600)
            #expect(failed.stderr.contains("harbour"), "\(failed.stderr)")
            let entry = try Self.state(site)
            #expect(entry["failures"] as? Int == 1)
            // 15 minutes after the failing build's "now".
            #expect(entry["pausedUntil"] as? String == "2026-11-16T11:15:00Z")
            #expect(entry["lastAttempt"] == nil && entry["lastSuccess"] == nil)
            #expect(entry["etag"] as? String == "\"v1\"", "the validators are kept through a failure")
            let failing = try site.snapshot(of: "content/archive")
            #expect(SnapshotDifference.paths(failing, healthy) == ["state.json"])

            // Ten minutes later: still paused, so not asked, and nothing is written.
            let asked = try Self.stats(server)["500 /feed.xml"] ?? 0
            let paused = try Self.build(site, at: 3_600 + 600)
            #expect(paused.stderr.contains("backing off after 1 failure; next try after 11:15 UTC (in 5 min)"), "\(paused.stderr)")
            #expect(try Self.stats(server)["500 /feed.xml"] ?? 0 == asked, "asked during its pause")
            let during = try site.snapshot(of: "content/archive")
            #expect(SnapshotDifference.paths(during, failing).isEmpty, "changed during the pause: \(SnapshotDifference.paths(during, failing))")

            // After the pause it answers 304: the failure is forgotten and the file is the healthy one again.
            _ = try server.get("/mode/etag")
            _ = try Self.build(site, at: 3_600 + 1_200)
            #expect(try Self.stats(server)["304 /feed.xml"] ?? 0 >= 1)
            let recovered = try site.snapshot(of: "content/archive")
            #expect(SnapshotDifference.paths(recovered, healthy).isEmpty, "\(SnapshotDifference.paths(recovered, healthy))")
        }
    }
}
