import Foundation
import NewsgenTestSupport

/// A local HTTP server for fetch tests: Python's http.server on 127.0.0.1 and a
/// free port, started by the test and stopped by it. Routes:
/// `/feed.xml` (an RSS feed, `Content-Type: application/rss+xml; charset=utf-8`),
/// `/agent` (echoes the User-Agent), `/located` (with Content-Location and
/// Content-Language), `/redirect` (302 to /feed.xml), `/missing` (404),
/// `/announced-huge` (Content-Length of 50 MB), `/chunked-big` (2 MB without a
/// length), `/drip` (one byte every 0.2 s for 20 s).
enum FixtureHTTPServer {
    static let feed = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0"><channel><title>Fixture</title><link>http://example.com/</link>
    <item><title>One</title><link>/one</link><guid isPermaLink="false">one</guid></item>
    </channel></rss>
    """

    /// The routes above, for `PythonHTTPServer`.
    static let handler = #"""
    FEED = sys.argv[1].encode()
    class Handler(FixtureHandler):
        def do_GET(self):
            if self.path == "/feed.xml":
                self.send(200, FEED, [("Content-Type", "application/rss+xml; charset=utf-8")])
            elif self.path == "/agent":
                self.send(200, self.headers.get("User-Agent", "").encode(), [("Content-Type", "text/plain")])
            elif self.path == "/located":
                self.send(200, FEED, [("Content-Type", "text/xml"), ("Content-Location", "http://example.org/base/feed"),
                                      ("Content-Language", "fr")])
            elif self.path == "/redirect":
                self.send(302, b"", [("Location", "/feed.xml")])
            elif self.path == "/missing":
                self.send(404, b"not here", [("Content-Type", "text/plain")])
            elif self.path == "/announced-huge":
                self.send_response(200)
                self.send_header("Content-Length", str(50 * 1024 * 1024))
                self.end_headers()
                try:
                    self.wfile.write(b"x" * 65536)
                except OSError:
                    pass
            elif self.path == "/chunked-big":
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                try:
                    for _ in range(32):
                        chunk = b"y" * 65536
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    self.wfile.write(b"0\r\n\r\n")
                except OSError:
                    pass
            elif self.path == "/drip":
                self.send_response(200)
                self.send_header("Content-Length", "100")
                self.end_headers()
                try:
                    for _ in range(100):
                        self.wfile.write(b"z")
                        self.wfile.flush()
                        time.sleep(0.2)
                except OSError:
                    pass
            else:
                self.send(404, b"", [])
    """#

    static var pythonAvailable: Bool { PythonHTTPServer.pythonAvailable }

    static func start() throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler, arguments: [feed])
    }
}
