import Foundation
import NewsgenTestSupport

/// A local feed server for `newsgen build` fetch tests. Every feed holds one
/// item whose guid is the route's name. Routes: `/first.xml`, `/second.xml`
/// (200); `/validated.xml` (ETag and Last-Modified; 304 when both come back);
/// `/agent.xml` (403 unless the User-Agent names the contact); `/gzip.xml`
/// (gzip-encoded); `/deflate.xml` (deflate-encoded); `/moved.xml` (301 to /first.xml); `/chain-a` (302 → 302 → 301
/// → /second.xml); `/loop` (302 to itself); `/missing` (404); `/gone` (410);
/// `/busy.xml` (429 with Retry-After: 1, then 200); `/throttled` (429 with
/// Retry-After: 3600); `/flaky.xml` (500, then 200); `/hang` (5 s of silence);
/// `/broken.xml` (200, not a feed).
///
/// Slow and broken bodies: `/drip-slow.xml` (a Content-Length, then one byte every
/// 0.3 s: about 90 s in all); `/drip-short.xml` (all but the last 4 bytes at once,
/// then one every 0.3 s: 1.2 s in all); `/truncated.xml` (a Content-Length 500 bytes
/// over the 100 sent, then the connection closes).
/// Served as the wrong type: `/as-html.xml` (the feed as `text/html`), `/as-octets.xml`
/// (as `application/octet-stream`), `/page.html` (an HTML page as `text/html`).
/// Retry-After as a date, from a server whose clock is a day slow (so only its own
/// `Date` header makes sense of it): `/later/imf`, `/later/rfc850`, `/later/asctime`
/// (429 with Retry-After = Date + 1 s in that form, then 200); `/much-later` (429 with
/// Retry-After = Date + 3600 s); `/undated-later` (429 with Retry-After
/// `Mon, 05 Jan 2026 10:00:01 GMT` and no Date header, then 200).
/// Concurrency: `/slow/<n>` (held 0.2 s; in-flight requests counted), `/stats` (the
/// most requests that were in flight at once, as text).
enum FetchFixtureServer {
    /// The `Retry-After` of `/undated-later`: one second after `FetchingBuildTests.now`.
    static let undatedRetryAfter = "Mon, 05 Jan 2026 10:00:01 GMT"

    static let handler = #"""
    import email.utils, gzip, socket, threading, zlib
    COUNTS = {}
    LOCK = threading.Lock()
    STAMP = "Mon, 05 Jan 2026 10:00:00 GMT"
    IN_FLIGHT = [0, 0]  # now, most
    PAGE = (b'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Bay News</title>'
            b'<link rel="alternate" type="application/rss+xml" href="/first.xml"></head>'
            b'<body><h1>Bay&nbsp;News</h1><p>Read our feed<br>every day.</p></body></html>')
    def http_date(form, t):
        if form == "rfc850":
            return time.strftime("%A, %d-%b-%y %H:%M:%S GMT", time.gmtime(t))
        if form == "asctime":
            return time.asctime(time.gmtime(t))
        return email.utils.formatdate(t, usegmt=True)
    class Handler(FixtureHandler):
        def send_dated(self, status, date, headers=()):
            # send_response would add a Date header of its own (the real clock).
            self.send_response_only(status)
            if date is not None: self.send_header("Date", date)
            for key, value in headers: self.send_header(key, value)
            self.send_header("Content-Length", "0")
            self.end_headers()
        def drip(self, body, at_once):
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body[:at_once])
                for index in range(at_once, len(body)):
                    time.sleep(0.3)
                    self.wfile.write(body[index:index + 1])
            except OSError:
                self.close_connection = True
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
            elif path == "/deflate.xml":
                self.send(200, zlib.compress(feed("deflated")), rss + [("Content-Encoding", "deflate")])
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
            elif path == "/drip-slow.xml":
                self.drip(feed("slow"), 0)
            elif path == "/drip-short.xml":
                body = feed("dripped")
                self.drip(body, len(body) - 4)
            elif path == "/truncated.xml":
                self.send_response(200)
                self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
                self.send_header("Content-Length", "600")
                self.end_headers()
                self.wfile.write(feed("cut")[:100])
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_WR)
            elif path == "/as-html.xml":
                self.send(200, feed("html-typed"), [("Content-Type", "text/html; charset=utf-8")])
            elif path == "/as-octets.xml":
                self.send(200, feed("octets"), [("Content-Type", "application/octet-stream")])
            elif path == "/page.html":
                self.send(200, PAGE, [("Content-Type", "text/html; charset=utf-8")])
            elif path.startswith("/later/") or path == "/much-later":
                if count == 1:
                    server_now = int(time.time()) - 86400
                    form, wait = (path[7:], 1) if path.startswith("/later/") else ("imf", 3600)
                    self.send_dated(429, http_date("imf", server_now), [("Retry-After", http_date(form, server_now + wait))])
                else:
                    self.send(200, feed("later-" + path.rsplit("/", 1)[1]), rss)
            elif path == "/undated-later":
                if count == 1:
                    self.send_dated(429, None, [("Retry-After", "Mon, 05 Jan 2026 10:00:01 GMT")])
                else:
                    self.send(200, feed("undated"), rss)
            elif path.startswith("/slow/"):
                with LOCK:
                    IN_FLIGHT[0] += 1
                    IN_FLIGHT[1] = max(IN_FLIGHT)
                time.sleep(0.2)
                # Counted out before answering, so the client cannot already have sent its
                # next request while this one still counts: the figure never overstates.
                with LOCK:
                    IN_FLIGHT[0] -= 1
                self.send(200, feed("slow-" + path[6:]), rss)
            elif path == "/stats":
                with LOCK:
                    most = IN_FLIGHT[1]
                self.send(200, str(most).encode(), [("Content-Type", "text/plain")])
            else:
                self.send(404, b"not here", [("Content-Type", "text/plain")])
    """#

    static func start() throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler)
    }
}
