import Foundation
import NewsgenTestSupport

/// A local feed server for the fetch tests that need a socket (`FetchingSocketTests`).
/// Every feed holds one item whose guid is the route's name. Routes: `/first.xml` (200);
/// `/gzip.xml` (gzip-encoded); `/deflate.xml` (deflate-encoded); `/hang` (5 s of silence).
///
/// Slow and broken bodies: `/drip-slow.xml` (a Content-Length, then one byte every
/// 0.3 s: about 90 s in all); `/drip-short.xml` (all but the last 4 bytes at once,
/// then one every 0.3 s: 1.2 s in all); `/truncated.xml` (a Content-Length 500 bytes
/// over the 100 sent, then the connection closes).
/// `/much-later` (429 from a server whose clock is a day slow, with its `Date` and a
/// Retry-After an hour after it), for the headers the live transport passes on.
/// Concurrency: `/slow/<n>` (held 0.2 s; in-flight requests counted), `/stats` (the
/// most requests that were in flight at once, as text).
enum FetchFixtureServer {
    static let handler = #"""
    import email.utils, gzip, socket, threading, zlib
    LOCK = threading.Lock()
    IN_FLIGHT = [0, 0]  # now, most
    class Handler(FixtureHandler):
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
            path = self.path
            rss = [("Content-Type", "application/rss+xml; charset=utf-8")]
            if path == "/first.xml":
                self.send(200, feed("first"), rss)
            elif path == "/gzip.xml":
                self.send(200, gzip.compress(feed("zipped")), rss + [("Content-Encoding", "gzip")])
            elif path == "/deflate.xml":
                self.send(200, zlib.compress(feed("deflated")), rss + [("Content-Encoding", "deflate")])
            elif path == "/hang":
                time.sleep(5)
                self.send(200, feed("late"), rss)
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
            elif path == "/much-later":
                # send_response would add a Date header of its own (the real clock).
                server_now = int(time.time()) - 86400
                self.send_response_only(429)
                self.send_header("Date", email.utils.formatdate(server_now, usegmt=True))
                self.send_header("Retry-After", email.utils.formatdate(server_now + 3600, usegmt=True))
                self.send_header("Content-Length", "0")
                self.end_headers()
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
