import Foundation
import NewsgenTestSupport

/// A local feed server for `newsgen build` fetch tests. Every feed holds one
/// item whose guid is the route's name. Routes: `/first.xml`, `/second.xml`
/// (200); `/validated.xml` (ETag and Last-Modified; 304 when both come back);
/// `/agent.xml` (403 unless the User-Agent names the contact); `/gzip.xml`
/// (gzip-encoded); `/moved.xml` (301 to /first.xml); `/chain-a` (302 → 302 → 301
/// → /second.xml); `/loop` (302 to itself); `/missing` (404); `/gone` (410);
/// `/busy.xml` (429 with Retry-After: 1, then 200); `/throttled` (429 with
/// Retry-After: 3600); `/flaky.xml` (500, then 200); `/hang` (5 s of silence);
/// `/broken.xml` (200, not a feed).
enum FetchFixtureServer {
    static let handler = #"""
    import gzip, threading
    def feed(name):
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Fixture</title>'
                '<link>http://example.com/</link><item><title>%s</title><link>http://example.com/%s</link>'
                '<guid isPermaLink="false">%s</guid><pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate></item>'
                '</channel></rss>' % (name, name, name)).encode()
    COUNTS = {}
    LOCK = threading.Lock()
    STAMP = "Mon, 05 Jan 2026 10:00:00 GMT"
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def send(self, status, body=b"", headers=()):
            self.send_response(status)
            for key, value in headers: self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            with LOCK:
                COUNTS[self.path] = COUNTS.get(self.path, 0) + 1
                count = COUNTS[self.path]
            path = self.path
            rss = [("Content-Type", "application/rss+xml; charset=utf-8")]
            if path in ("/first.xml", "/second.xml"):
                self.send(200, feed(path[1:-4]), rss)
            elif path == "/validated.xml":
                if self.headers.get("If-None-Match") == '"v1"' and self.headers.get("If-Modified-Since") == STAMP:
                    self.send(304, b"", [("ETag", '"v1"')])
                else:
                    self.send(200, feed("validated"), rss + [("ETag", '"v1"'), ("Last-Modified", STAMP)])
            elif path == "/agent.xml":
                if self.headers.get("User-Agent") == "newsgen/0.1 (+ops@example.org)":
                    self.send(200, feed("agent"), rss)
                else:
                    self.send(403)
            elif path == "/gzip.xml":
                self.send(200, gzip.compress(feed("zipped")), rss + [("Content-Encoding", "gzip")])
            elif path == "/moved.xml":
                self.send(301, b"", [("Location", "/first.xml")])
            elif path == "/chain-a":
                self.send(302, b"", [("Location", "/chain-b")])
            elif path == "/chain-b":
                self.send(302, b"", [("Location", "/chain-c")])
            elif path == "/chain-c":
                self.send(301, b"", [("Location", "/second.xml")])
            elif path == "/loop":
                self.send(302, b"", [("Location", "/loop")])
            elif path == "/gone":
                self.send(410, b"gone", [("Content-Type", "text/plain")])
            elif path == "/busy.xml":
                if count == 1:
                    self.send(429, b"", [("Retry-After", "1")])
                else:
                    self.send(200, feed("busy"), rss)
            elif path == "/throttled":
                self.send(429, b"", [("Retry-After", "3600")])
            elif path == "/flaky.xml":
                if count == 1:
                    self.send(500)
                else:
                    self.send(200, feed("flaky"), rss)
            elif path == "/hang":
                time.sleep(5)
                self.send(200, feed("late"), rss)
            elif path == "/broken.xml":
                self.send(200, b"this is not a feed", [("Content-Type", "text/plain")])
            else:
                self.send(404, b"not here", [("Content-Type", "text/plain")])
    """#

    static func start() throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler)
    }
}
