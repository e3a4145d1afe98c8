import Foundation
import NewsgenTestSupport

/// A publisher on 127.0.0.1 whose article pages are slow (issue 34): `/feed.xml` lists
/// `sys.argv[1]` summary-only stories whose pages `/news/<n>` each take `sys.argv[2]` seconds to
/// answer, so a build's full-text extraction takes seconds and goes page by page. It counts every
/// request, and which pages were started and answered; `/log` answers that as JSON, itself left out.
final class SlowPagesHTTPServer {
    static let handler = #"""
    import json, threading
    COUNT, DELAY = int(sys.argv[1]), float(sys.argv[2])
    LOCK = threading.Lock()
    LOG = {"requests": {}, "started": [], "answered": []}
    def page(n):
        paragraphs = "".join(
            "<p>Paragraph %d of story %d: the harbour master, who has worked the port for thirty years, said on Tuesday "
            "that the change had been a long time coming, that the council had listened at last, and that the fishermen "
            "would be the first to notice it when the winter storms arrive.</p>" % (p, n) for p in range(1, 7))
        return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Story %d</title></head><body>"
                "<nav><a href=\"/\">Home</a></nav><main><article><h1>Story %d</h1>%s</article></main>"
                "<footer>Fixture Gazette</footer></body></html>" % (n, n, paragraphs)).encode()
    def feed(origin):
        items = "".join(
            '<item><title>Story %d</title><link>%s/news/%d</link><guid isPermaLink="false">story-%d</guid>'
            '<pubDate>Mon, 16 Nov 2026 %02d:00:00 GMT</pubDate><description>Teaser %d.</description></item>'
            % (n, origin, n, n, n % 24, n) for n in range(1, COUNT + 1))
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Slow Gazette</title>'
                '<link>%s/</link>%s</channel></rss>' % (origin, items)).encode()
    def slow_page(handler, n):
        with LOCK: LOG["started"].append(handler.path)
        time.sleep(DELAY)
        handler.send(200, page(n), [("Content-Type", "text/html; charset=utf-8")])
        with LOCK: LOG["answered"].append(handler.path)
    class Handler(FixtureHandler):
        def do_GET(self):
            # The log itself is neither counted nor logged.
            if self.path != "/log":
                with LOCK: LOG["requests"][self.path] = LOG["requests"].get(self.path, 0) + 1
            if self.path.startswith("/news/"):
                return slow_page(self, int(self.path[6:]))
            answers = {
                "/log": lambda: (json.dumps(LOG).encode(), "application/json"),
                "/feed.xml": lambda: (feed("http://127.0.0.1:%d" % self.server.server_address[1]), "application/rss+xml"),
            }
            if self.path not in answers:
                return self.send(404, b"not here", [("Content-Type", "text/plain")])
            with LOCK: body, kind = answers[self.path]()
            self.send(200, body, [("Content-Type", kind)])
    """#

    struct Log: Decodable {
        /// Requests by path.
        var requests: [String: Int]
        /// Article pages whose answer began, and those answered, in order.
        var started: [String]
        var answered: [String]
    }

    private let server: PythonHTTPServer

    /// `pages` stories, each page answered after `delay` seconds.
    init(pages: Int, delay: Double) throws {
        server = try PythonHTTPServer(handler: Self.handler, arguments: [String(pages), String(delay)])
    }

    func url(_ path: String) -> String { server.url(path) }

    func log() throws -> Log { try JSONDecoder().decode(Log.self, from: server.get("/log")) }

    func stop() { server.stop() }
}
