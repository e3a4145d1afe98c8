import Foundation
import NewsgenTestSupport

/// A publisher on 127.0.0.1 for the full-text tests: summary-only feeds whose links point at
/// article pages on the same server (with the nav, share bar, related list and footer a real
/// page has), a full-content feed, a 404, a consent wall, a paywall teaser, PNG images and a
/// robots.txt the test chooses. Every request is logged (monotonic arrival and end, path,
/// requests in flight at arrival) so a test can prove what was fetched and how politely.
final class FullTextHTTPServer {
    /// Feeds: `/feed.xml` (harbour-lights, market-day, ferry-timetable: summary only), `/mixed.xml`
    /// (gone → 404, consent → a cookie wall, paywall → a subscriber teaser), `/robots.xml`
    /// (harbour-lights and `/private/closed-road`), `/full.xml` (two items with their whole text), `/kept.xml`
    /// (issue 35: a feed text longer than the paywall's teaser, a feed text about another story than its
    /// page's, and a summary-only item).
    /// `sys.argv[1]` is a folder holding `img/*.png` (served); `sys.argv[2]` is the robots.txt body.
    /// `/log` answers the log as JSON, itself left out.
    static let handler = #"""
    import json, os, threading
    FOLDER, ROBOTS = sys.argv[1], sys.argv[2].encode()
    LOCK = threading.Lock()
    STATE = {"inflight": 0}
    STORIES = {
        "harbour-lights": ("Harbour lights return to the old quay", "The lamps along the quay are lit again after forty years."),
        "market-day": ("Market day moves to the square", "Stallholders vote to move the Saturday market uphill."),
        "ferry-timetable": ("Winter ferry timetable published", "Fewer crossings from December, and a later last boat."),
        "closed-road": ("Coast road closed for repairs", "The coast road shuts for three weeks."),
    }
    def paragraphs(slug):
        return "".join(
            "<p>Paragraph %d of %s: residents gathered on the quay on Tuesday evening, and the harbour master, "
            "who has worked the port for thirty years, said the change had been a long time coming, "
            "that the council had listened, and that the fishermen would be the first to notice it.</p>" % (n, slug)
            for n in range(1, 7))
    def page(slug):
        title, summary = STORIES[slug]
        return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s | Fixture Gazette</title>"
                "<meta property=\"og:title\" content=\"%s\"><meta property=\"og:site_name\" content=\"Fixture Gazette\"></head><body>"
                "<header class=\"site-header\"><a href=\"/\">Fixture Gazette</a></header>"
                "<nav class=\"menu\"><a href=\"/weather\">Weather desk</a> <a href=\"/sport\">Sport pages</a> <a href=\"/opinion\">Opinion column</a></nav>"
                "<div class=\"share-bar social\"><a href=\"/share/mastodon\">Share on Mastodon</a> <a href=\"/share/mail\">Email this story</a></div>"
                "<main><article><h1>%s</h1><p class=\"byline\">By Ada Quay</p>"
                "<figure><img src=\"/img/quay.png\" alt=\"The quay at dusk\"><figcaption>The quay at dusk, seen from the breakwater</figcaption></figure>"
                "%s<p><img data-src=\"/img/lamp.png\" src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\" alt=\"A lamp on the quay\"></p>"
                "</article></main>"
                "<aside class=\"related\"><h2>Related stories</h2><ul><li><a href=\"/news/tides\">Tide tables revised for spring</a></li>"
                "<li><a href=\"/news/gulls\">Gull numbers fall again</a></li></ul></aside>"
                "<footer class=\"footer\">Copyright Fixture Gazette, all rights reserved</footer></body></html>"
                % (title, title, title, paragraphs(slug))).encode()
    CONSENT = (b"<!DOCTYPE html><html><head><title>Before you continue</title></head><body>"
               b"<div id=\"onetrust-consent-sdk\"><p>We use cookies and similar technologies to improve your experience. "
               b"By clicking accept you consent to our use of cookies under our privacy policy.</p>"
               b"<button>Accept all cookies</button><button>Manage consent</button></div></body></html>")
    PAYWALL = (b"<!DOCTYPE html><html><head><title>Rates rise for moorings</title>"
               b"<script type=\"application/ld+json\">{\"@context\": \"https://schema.org\", \"@type\": \"NewsArticle\", "
               b"\"headline\": \"Rates rise for moorings\", \"isAccessibleForFree\": false}</script></head><body>"
               b"<article><h1>Rates rise for moorings</h1><p>Mooring fees in the inner harbour will rise by a fifth next year.</p>"
               b"<div class=\"paywall\">Subscribe to continue reading</div></article></body></html>")
    FULL = "".join("<p>Full paragraph %d: the lifeboat crew trained all weekend, in heavy swell and fog, "
                   "and the coxswain said the new boat handled better than any before it, even at night.</p>" % n for n in range(1, 10))
    MOORINGS = ("<p>Mooring fees in the inner harbour will rise by a fifth next year, the harbour board decided on Tuesday "
                "evening after a long debate.</p><p>Fishermen said the rise would hurt the smallest boats most, and the board "
                "promised a discount for boats under eight metres. The new fees take effect in March.</p>")
    def item(origin, path, title, summary, content=None):
        body = '<content:encoded><![CDATA[%s]]></content:encoded>' % content if content else ""
        return ('<item><title>%s</title><link>%s%s</link><guid isPermaLink="false">%s</guid>'
                '<pubDate>Mon, 16 Nov 2026 09:%02d:00 GMT</pubDate><description>%s</description>%s</item>'
                % (title, origin, path, path, len(path) % 60, summary, body))
    def feed(origin, items):
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">'
                '<channel><title>Fixture Gazette</title><link>%s/</link>%s</channel></rss>' % (origin, "".join(items))).encode()
    LOG = []
    class Handler(FixtureHandler):
        def do_GET(self):
            if self.path == "/log":
                # Answered once every other request has been logged (newsgen may exit before the server logs its last answer).
                deadline = time.monotonic() + 2
                while time.monotonic() < deadline:
                    with LOCK:
                        if STATE["inflight"] == 0: break
                    time.sleep(0.01)
                with LOCK: body = json.dumps(LOG).encode()
                return self.send(200, body, [("Content-Type", "application/json")])
            start = time.monotonic()
            with LOCK:
                STATE["inflight"] += 1
                inflight = STATE["inflight"]
            try:
                self.answer()
            finally:
                with LOCK:
                    STATE["inflight"] -= 1
                    LOG.append({"path": self.path, "start": start, "end": time.monotonic(), "inflight": inflight})
        def answer(self):
            origin = "http://127.0.0.1:%d" % self.server.server_address[1]
            html = [("Content-Type", "text/html; charset=utf-8")]
            rss = [("Content-Type", "application/rss+xml")]
            if self.path == "/robots.txt":
                self.send(200, ROBOTS, [("Content-Type", "text/plain")])
            elif self.path == "/feed.xml":
                self.send(200, feed(origin, [item(origin, "/news/" + s, *STORIES[s]) for s in ("harbour-lights", "market-day", "ferry-timetable")]), rss)
            elif self.path == "/robots.xml":
                self.send(200, feed(origin, [item(origin, "/news/harbour-lights", *STORIES["harbour-lights"]),
                                             item(origin, "/private/closed-road", *STORIES["closed-road"])]), rss)
            elif self.path == "/mixed.xml":
                self.send(200, feed(origin, [item(origin, "/news/gone", "A story that was taken down", "It was here."),
                                             item(origin, "/news/consent", "Cookies before news", "Say yes first."),
                                             item(origin, "/news/paywall", "Rates rise for moorings", "Fees go up.")]), rss)
            elif self.path == "/kept.xml":
                self.send(200, feed(origin, [item(origin, "/news/paywall", "Rates rise for moorings", "Fees go up.", MOORINGS),
                                             item(origin, "/news/harbour-lights", "Lifeboat crew trains in fog", "A weekend at sea.",
                                                  FULL[:FULL.index("<p>Full paragraph 3")]),
                                             item(origin, "/news/market-day", *STORIES["market-day"])]), rss)
            elif self.path == "/full.xml":
                self.send(200, feed(origin, [item(origin, "/news/lifeboat", "Lifeboat crew trains in fog", "A weekend at sea.", FULL),
                                             item(origin, "/news/lifeboat-two", "Second lifeboat arrives", "A new boat.", FULL)]), rss)
            elif self.path.startswith("/news/") and self.path[6:] in STORIES or self.path == "/private/closed-road":
                time.sleep(0.05)  # long enough that two requests at once would overlap in the log
                self.send(200, page(self.path.rsplit("/", 1)[1]), html)
            elif self.path == "/news/consent":
                self.send(200, CONSENT, html)
            elif self.path == "/news/paywall":
                self.send(200, PAYWALL, html)
            elif self.path.startswith("/img/") and os.path.isfile(os.path.join(FOLDER, self.path[1:])):
                with open(os.path.join(FOLDER, self.path[1:]), "rb") as image:
                    self.send(200, image.read(), [("Content-Type", "image/png")])
            else:
                self.send(404, b"<html><body><h1>Not found</h1></body></html>", html)
    """#

    /// One logged request, times in seconds of the server's monotonic clock.
    struct Request: Decodable {
        var path: String
        var start: Double
        var end: Double
        /// Requests being answered when this one arrived, itself included.
        var inflight: Int
    }

    let folder: URL
    private let server: PythonHTTPServer

    /// Starts a server whose robots.txt is `robots` (by default, everything allowed).
    init(robots: String = "User-agent: *\nDisallow:\n") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-fulltext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
        try TestImages.png(width: 64, height: 48).write(to: folder.appendingPathComponent("img/quay.png"))
        try TestImages.png(width: 40, height: 40) { x, y in (UInt8(x * 6), UInt8(y * 6), 90, 255) }.write(to: folder.appendingPathComponent("img/lamp.png"))
        server = try PythonHTTPServer(handler: Self.handler, arguments: [folder.path, robots])
    }

    func url(_ path: String) -> String { server.url(path) }

    /// Every request answered so far, in the order they ended.
    func requests() throws -> [Request] {
        try JSONDecoder().decode([Request].self, from: server.get("/log"))
    }

    /// The requests for article pages and robots.txt: what the polite fetcher sent (feeds and images are fetched otherwise).
    func politeRequests() throws -> [Request] {
        try requests().filter { $0.path == "/robots.txt" || $0.path.hasPrefix("/news/") || $0.path.hasPrefix("/private/") }
    }

    /// How many times `path` was requested.
    func count(_ path: String) throws -> Int { try requests().filter { $0.path == path }.count }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
