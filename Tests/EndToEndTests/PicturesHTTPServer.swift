import Foundation
import NewsgenTestSupport

/// A publisher on 127.0.0.1 for the picture tests (issue 34): feeds whose item images the text
/// repeats, a summary-only feed whose article page names a hero image, and two home pages, one
/// naming its icon with `<link rel="icon">`, one leaving the browser to `/favicon.ico`. Images
/// carry ETags (304 when one comes back); every request is counted, `/stats` answers the counts
/// as JSON (`{"<status> <path>": count}`), `/forget` makes the article page and the icons 404.
final class PicturesHTTPServer {
    static let handler = #"""
    import json, struct, threading, zlib
    LOCK = threading.Lock()
    COUNTS = {}
    STATE = {"gone": False}
    \#(ImageEndToEndTests.png)
    ICON = png(16, 16, 5)
    IMAGES = {"/img/hero.png": png(200, 120, 7), "/img/other.png": png(160, 100, 11), "/cdn/copy.png": png(160, 100, 11),
              "/img/photo.png": png(240, 160, 19), "/a/icon.png": png(32, 32, 23),
              "/favicon.ico": struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(ICON), 22) + ICON}
    TEXT = "".join("<p>Paragraph %d: the harbour master said the lamps along the quay, dark for forty years, would be lit "
                   "again on Friday evening, and that the fishermen had asked for it at every council meeting since spring.</p>" % n
                   for n in range(1, 7))
    def item(origin, slug, title, extra, content):
        return ('<item><title>%s</title><link>%s/news/%s</link><guid isPermaLink="false">%s</guid>'
                '<pubDate>Mon, 16 Nov 2026 09:%02d:00 GMT</pubDate>%s<description><![CDATA[%s]]></description></item>'
                % (title, origin, slug, slug, len(slug), extra, content))
    def feed(origin, home, items):
        return ('<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Pictures</title>'
                '<link>%s%s</link>%s</channel></rss>' % (origin, home, "".join(items))).encode()
    class Handler(FixtureHandler):
        def send_response(self, code, message=None):
            # Every answer counted by status and path (the test's own /stats and /forget too, which it never counts).
            with LOCK: COUNTS["%d %s" % (code, self.path)] = COUNTS.get("%d %s" % (code, self.path), 0) + 1
            super().send_response(code, message)
        def do_GET(self):
            origin = "http://127.0.0.1:%d" % self.server.server_address[1]
            html = [("Content-Type", "text/html; charset=utf-8")]
            if self.path == "/stats":
                with LOCK: body = json.dumps(COUNTS).encode()
                return self.send(200, body, [("Content-Type", "application/json")])
            if self.path == "/forget":
                STATE["gone"] = True
                return self.send(200, b"ok")
            gone = STATE["gone"]
            if self.path == "/thumb.xml":
                self.send(200, feed(origin, "/a/", [
                    item(origin, "same-address", "Same address", '<media:thumbnail url="%s/img/hero.png"/>' % origin,
                         '<p><img src="%s/img/hero.png" alt="The quay"></p><p>The quay at dusk.</p>' % origin),
                    item(origin, "same-bytes", "Same bytes", '<enclosure url="%s/cdn/copy.png" type="image/png" length="1"/>' % origin,
                         '<p><img src="/img/other.png" alt="The lamp"></p><p>A lamp.</p>')]), [("Content-Type", "application/rss+xml")])
            elif self.path == "/summary.xml":
                self.send(200, feed(origin, "/b/", [item(origin, "story", "Lamps lit again on the quay", "", "The lamps are lit again.")]),
                            [("Content-Type", "application/rss+xml")])
            elif self.path == "/news/story" and not gone:
                self.send(200, ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lamps lit again on the quay</title>'
                                  '<meta property="og:image" content="/img/photo.png"></head><body><main><article>'
                                  '<h1>Lamps lit again on the quay</h1>%s</article></main></body></html>' % TEXT).encode(), html)
            elif self.path == "/a/":
                self.send(200, b'<!DOCTYPE html><html><head><title>A</title><link rel="stylesheet" href="/a.css">'
                                 b'<link rel="shortcut icon" href="/a/icon.png"></head><body>Home</body></html>', html)
            elif self.path == "/b/":
                self.send(200, b'<!DOCTYPE html><html><head><title>B</title></head><body>Home</body></html>', html)
            elif self.path in IMAGES and not (gone and self.path in ("/a/icon.png", "/favicon.ico")):
                data = IMAGES[self.path]
                etag = '"%s"' % zlib.crc32(data)
                if self.headers.get("If-None-Match") == etag:
                    self.send(304, b"", [("ETag", etag)])
                else:
                    self.send(200, data, [("Content-Type", "image/png"), ("ETag", etag)])
            else:
                self.send(404, b"<html><body>Not found</body></html>", html)
    """#

    private let server: PythonHTTPServer

    init() throws { server = try PythonHTTPServer(handler: Self.handler) }

    func url(_ path: String) -> String { server.url(path) }

    /// The bytes the server answers for `path` (the request is counted like any other).
    func get(_ path: String) throws -> Data { try server.get(path) }

    /// How many times each `"<status> <path>"` was answered.
    func stats() throws -> [String: Int] {
        try JSONSerialization.jsonObject(with: server.get("/stats")) as? [String: Int] ?? [:]
    }

    /// How many requests for `path` were answered, whatever the status.
    func count(_ path: String) throws -> Int {
        try stats().filter { $0.key.split(separator: " ", maxSplits: 1).last.map(String.init) == path }.values.reduce(0, +)
    }

    func stop() { server.stop() }
}
