import Foundation
import NewsgenTestSupport

/// A small web site for `newsgen source add`: pages that name one feed, three feeds or none,
/// a page reached through a redirect (its feed's address is relative), feeds of each format
/// with an `ETag` (a request that sends it back gets 304, listed at `/_conditional`), a picture,
/// and `/feed.xml` at the root for the page that names none.
enum DiscoveryHTTPServer {
    static let handler = #"""
    # Every item carries its whole text (160 words), so no feed here is a feed of teasers (ADR 056): adding one
    # never turns full text on, and no build of these tests reads a page from example.com.
    WHOLE = "<p>" + " ".join("word%d" % n for n in range(160)) + "</p>"
    def rss(title, names):
        items = "".join('<item><title>%s</title><link>http://example.com/%s/%s</link><guid isPermaLink="false">%s-%s</guid>'
                        '<pubDate>Mon, 0%d Jan 2026 10:00:00 GMT</pubDate><description>About %s.</description>'
                        '<content:encoded><![CDATA[%s]]></content:encoded></item>'
                        % (name, title, name, title, name, day + 1, name, WHOLE) for day, name in enumerate(names))
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>%s</title>'
                '<link>http://example.com/</link>%s</channel></rss>' % (title, items)).encode()
    ATOM = ('<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Valley Atom</title>'
            '<id>urn:valley</id><updated>2026-01-09T08:00:00Z</updated><entry><title>Glow on the bay</title><id>urn:valley:1</id>'
            '<link href="http://example.com/valley/glow"/><updated>2026-01-09T08:00:00Z</updated><summary>Blue.</summary>'
            '<content type="html">%s</content></entry></feed>' % WHOLE.replace("<", "&lt;")).encode()
    JSONFEED = ('{"version": "https://jsonfeed.org/version/1.1", "title": "Valley JSON", "items": [{"id": "j1", '
                '"url": "http://example.com/json/1", "title": "Json one", "content_html": "%s", "date_published": "2026-01-03T10:00:00Z"}]}' % WHOLE).encode()
    def page(links):
        return ('<!DOCTYPE html><html><head><title>A page</title>%s</head><body><p>Hello</p>'
                '<script>var x = "<link rel=alternate type=application/rss+xml href=/nope.xml>";</script></body></html>' % links).encode()
    PAGES = {
        "/one.html": page('<link rel="alternate" type="application/rss+xml" title="Harbour News" href="/feeds/harbour.xml">'),
        "/three.html": page('<link rel="alternate" type="application/rss+xml" title="Harbour News" href="/feeds/harbour.xml">'
                            '<link rel="stylesheet" href="/style.css">'
                            '<link rel="alternate" type="application/atom+xml" title="Valley Atom" href="feeds/valley.atom">'
                            '<link rel="alternate" type="application/feed+json" title="Valley JSON" href="http://127.0.0.1:%d/feeds/valley.json">'),
        "/none.html": page('<link rel="icon" href="/favicon.ico">'),
        "/site/page.html": page('<link rel="alternate" type="application/rss+xml; charset=utf-8" href="feed/">'),
    }
    FEEDS = {
        "/feeds/harbour.xml": (rss("Harbour News", ["Lantern walk", "Bakery prize"]), "application/rss+xml"),
        "/feeds/valley.atom": (ATOM, "application/atom+xml"),
        "/feeds/valley.json": (JSONFEED, "application/feed+json"),
        "/feed.xml": (rss("Root Feed", ["Root one", "Root two", "Root three"]), "application/rss+xml"),
        "/site/feed/": (rss("Moved Page Feed", ["Moved one"]), "text/xml"),
    }
    CONDITIONAL = []
    class Handler(FixtureHandler):
        def do_GET(self):
            port = self.server.server_address[1]
            if self.path in PAGES:
                body = PAGES[self.path]
                if b"%d" in body: body = body.replace(b"%d", str(port).encode())
                self.send(200, body, [("Content-Type", "text/html; charset=utf-8")])
            elif self.path in FEEDS:
                body, kind = FEEDS[self.path]
                etag = '"v1-%d"' % len(body)
                if self.headers.get("If-None-Match") == etag:
                    CONDITIONAL.append(self.path)
                    self.send(304, b"", [("ETag", etag)])
                    return
                self.send(200, body, [("Content-Type", kind), ("ETag", etag), ("Last-Modified", "Fri, 09 Jan 2026 08:00:00 GMT")])
            elif self.path == "/_conditional":
                self.send(200, "\n".join(CONDITIONAL).encode(), [("Content-Type", "text/plain")])
            elif self.path == "/old/page":
                self.send(302, b"", [("Location", "/site/page.html")])
            elif self.path == "/moved.xml":
                self.send(301, b"", [("Location", "/feeds/harbour.xml")])
            elif self.path == "/picture.png":
                self.send(200, b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, [("Content-Type", "image/png")])
            else:
                self.send(404, b"no such page", [("Content-Type", "text/plain")])
    """#

    static func start() throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler)
    }
}
