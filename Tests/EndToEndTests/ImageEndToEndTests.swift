import Foundation
import NewsgenTestSupport
import Testing

/// Images through a real build: fetched from a server on 127.0.0.1, served
/// from `public/media/`, thumbnails in `public/media/thumbs/`, failures as
/// links, revalidation on the next build, and a cache folder that heals.
@Suite("Images, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the image server"), .serialized)
struct ImageEndToEndTests {
    /// Python: `png(w, h, seed)`, the bytes of a real PNG of that size, different for each seed (needs `struct` and `zlib`).
    static let png = #"""
    def png(w, h, seed):
        raw = b"".join(b"\x00" + bytes(v for x in range(w) for v in ((x * seed + y) % 256, (y * 3 + seed) % 256, (x + y) % 256)) for y in range(h))
        def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xffffffff)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    """#

    /// `/feed.xml`: item A (media:thumbnail `/img/a.png`, content with `/img/b.png`), item B (an enclosure that is an
    /// HTML page, content with a missing image), item C (content with an image over 1 MB). `/edit` switches the feed to
    /// a version where A shows no image. `/img/<name>.png` are real PNGs with ETags (304 when the ETag comes back);
    /// `/stats` answers JSON `{"<status> <path>": count}`.
    static let handler = #"""
    import json, struct, threading, zlib
    STATE = {"edited": False}
    COUNTS = {}
    LOCK = threading.Lock()
    \#(png)
    IMAGES = {"/img/a.png": png(400, 300, 7), "/img/b.png": png(120, 90, 13), "/img/big.png": png(1000, 1000, 3) + b"\x00" * 1200000}
    def item(guid, title, extra, content):
        return ('<item><title>%s</title><link>%s/%s</link><guid isPermaLink="false">%s</guid>'
                '<pubDate>Mon, 05 Jan 2026 1%d:00:00 GMT</pubDate>%s<description><![CDATA[%s]]></description></item>'
                % (title, ORIGIN, guid, guid, len(guid), extra, content))
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def send(self, status, body=b"", headers=()):
            with LOCK:
                key = "%d %s" % (status, self.path)
                COUNTS[key] = COUNTS.get(key, 0) + 1
            self.send_response(status)
            for key, value in headers: self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            global ORIGIN
            ORIGIN = "http://127.0.0.1:%d" % self.server.server_address[1]
            if self.path == "/feed.xml":
                a = (item("a", "Alpha", "", "<p>No picture today.</p>") if STATE["edited"] else
                     item("a", "Alpha", '<media:thumbnail url="%s/img/a.png"/>' % ORIGIN, '<p>Look: <img src="/img/b.png" alt="B"></p>'))
                body = ('<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Pics</title>'
                        '<link>%s/</link>%s%s%s</channel></rss>' % (ORIGIN, a,
                        item("bb", "Bravo", '<enclosure url="%s/img/html.jpg" type="image/jpeg" length="10"/>' % ORIGIN,
                             '<p><img src="%s/missing.jpg" alt="Gone"></p>' % ORIGIN),
                        item("ccc", "Charlie", "", '<p><img src="/img/big.png" alt="Huge"></p>'))).encode()
                self.send(200, body, [("Content-Type", "application/rss+xml")])
            elif self.path == "/edit":
                STATE["edited"] = True
                self.send(200, b"ok")
            elif self.path == "/stats":
                with LOCK: body = json.dumps(COUNTS).encode()
                self.send(200, body, [("Content-Type", "application/json")])
            elif self.path in IMAGES:
                etag = '"%s"' % zlib.crc32(IMAGES[self.path])
                if self.headers.get("If-None-Match") == etag:
                    self.send(304, b"", [("ETag", etag)])
                else:
                    self.send(200, IMAGES[self.path], [("Content-Type", "image/png"), ("ETag", etag)])
            elif self.path == "/img/html.jpg":
                self.send(200, b"<!DOCTYPE html><html><body>Sign in</body></html>", [("Content-Type", "image/jpeg")])
            else:
                self.send(404, b"not here", [("Content-Type", "text/plain")])
    """#

    /// A site with one url source on the server, a 1 MB image limit, and the repository's templates.
    private func site(_ server: PythonHTTPServer, diskMB: Int = 200, maxImageMB: Int = 1) throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try site.editConfig { config in
            config["sources"] = [["id": "pics", "url": server.url("/feed.xml")]]
            config["imageCache"] = ["maxImageMB": maxImageMB, "diskMB": diskMB]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        try FileManager.default.removeItem(at: site.file("content/articles"))
        return site
    }

    private func stats(_ server: PythonHTTPServer) throws -> [String: Int] {
        try JSONSerialization.jsonObject(with: server.get("/stats")) as! [String: Int]
    }

    private func files(_ site: TemporarySite, under folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.file(folder).path)) ?? []).filter { !$0.hasPrefix(".") && $0 != "thumbs" }.sorted()
    }

    private func articlePage(_ site: TemporarySite, titled title: String) throws -> String {
        let slug = try #require(site.archivedArticles().first { $0["title"] as? String == title }?["slug"] as? String)
        return try site.read("public/articles/\(slug)/index.html")
    }

    @Test func imagesAreServedFromTheSiteAndFailuresBecomeLinks() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }

        // One "now" for every build, so that /sources/ (last attempt, last success) is the same too.
        let now = ["SOURCE_DATE_EPOCH": "1795000000"]
        let first = try site.run("build", environment: now)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("warning: 3 images could not be fetched and are shown as links to the original: "))
        #expect(first.stderr.contains(server.url("/img/html.jpg") + " (not a JPEG, PNG, GIF, WebP, AVIF or ICO image"))
        #expect(first.stderr.contains(server.url("/missing.jpg") + " (the server answered HTTP 404"))
        #expect(first.stderr.contains(server.url("/img/big.png") + " (larger than imageCache.maxImageMB (1 MB))"))
        #expect(first.stdout.contains("; images: 2 downloaded, 0 unchanged, 3 failed;"))

        let media = files(site, under: "public/media")
        #expect(media.count == 2 && media.allSatisfy { $0.hasSuffix(".png") && $0.count == 68 })
        let alpha = try articlePage(site, titled: "Alpha")
        for name in media { #expect(alpha.contains("../../media/\(name)"), "\(name) on Alpha's page") }
        let bravo = try articlePage(site, titled: "Bravo")
        #expect(bravo.contains(#"<a href="\#(server.url("/missing.jpg"))" class="image-link" rel="noopener noreferrer nofollow">Gone</a>"#))
        #expect(try articlePage(site, titled: "Charlie").contains("class=\"image-link\" rel=\"noopener noreferrer nofollow\">Huge</a>"))
        // Nothing on any page loads an image from elsewhere.
        for (path, data) in try site.snapshot() where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("src=\"http"), "\(path) hot-links an image")
        }

        // The row of Alpha shows the 80×80 thumbnail with the 160×160 one for dense screens.
        let thumbs = files(site, under: "public/media/thumbs")
        #expect(thumbs.count == 2)
        let sizes = try thumbs.map { try #require(TestImages.jpegSize(Data(contentsOf: site.file("public/media/thumbs/\($0)")))) }
        #expect(Set(sizes.map(\.width)) == [80, 160] && sizes.allSatisfy { $0.width == $0.height })
        let home = try site.read("public/index.html")
        #expect(home.components(separatedBy: "data-testid=\"row-thumbnail\"").count == 2, "one row has an image")
        #expect(home.range(of: #"<img src="media/thumbs/[0-9a-f]{64}\.jpg" srcset="media/thumbs/[0-9a-f]{64}\.jpg 2x""#, options: .regularExpression) != nil)
        // Search results show the same thumbnails (search.js reads them from the result's chunk), relative to /search/.
        let chunks = try files(site, under: "public/search/m").map { try site.read("public/search/m/\($0)") }.joined()
        #expect(chunks.range(of: #""Alpha",[^\n]*,"\.\./media/thumbs/[0-9a-f]{64}\.jpg","\.\./media/thumbs/[0-9a-f]{64}\.jpg"\]"#,
                             options: .regularExpression) != nil, "\(chunks)")
        let snapshot = try site.snapshot()

        // The next build revalidates: conditional requests answered 304, nothing downloaded again, the same site.
        let second = try site.run("build", environment: now)
        #expect(second.status == 0)
        #expect(second.stdout.contains("; images: 0 downloaded, 2 unchanged, 3 failed;"))
        let counts = try stats(server)
        #expect(counts["200 /img/a.png"] == 1 && counts["304 /img/a.png"] == 1)
        #expect(counts["200 /img/b.png"] == 1 && counts["304 /img/b.png"] == 1)
        #expect(try site.snapshot() == snapshot)

        // When the feed drops Alpha's pictures, the site no longer carries them.
        _ = try server.get("/edit")
        #expect(try site.run("build").status == 0)
        #expect(files(site, under: "public/media") == [])
        #expect(files(site, under: "public/media/thumbs") == [])
        #expect(!(try site.read("public/index.html")).contains("row-thumbnail"))
    }

    /// libvips is opened on first use: where it cannot be (here a broken libvips.so.42 found first on
    /// the library path), images are still served and the build says once why rows have no thumbnails.
    @Test func withoutLibvipsRowsHaveNoThumbnailsAndTheBuildSaysWhy() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        try site.write("fake-lib/libvips.so.42", "not a library")
        let result = try site.run("build", environment: ["LD_LIBRARY_PATH": site.file("fake-lib").path])
        #expect(result.status == 0, "\(result.stderr)")
        let warning = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: list rows show no thumbnails: libvips cannot be opened (") }
        #expect(warning.count == 1, "\(result.stderr)")
        #expect(files(site, under: "public/media").count == 2)
        #expect(files(site, under: "public/media/thumbs") == [])
        #expect(!(try site.read("public/index.html")).contains("row-thumbnail"))
    }

    /// libvips is opened only when a thumbnail has to be made: a rebuild whose thumbnails are all kept loads none of
    /// its libraries (glibc's `LD_DEBUG=libs` names every library the process looks for).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/etc/ld.so.cache"), "glibc's LD_DEBUG"))
    func aRebuildWithItsThumbnailsKeptDoesNotOpenLibvips() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let thumbs = files(site, under: "public/media/thumbs")
        #expect(!thumbs.isEmpty, "the sample site's rows have thumbnails")
        try site.write("content/articles/another.md", "---\ntitle: Another\ndate: 2026-11-02\n---\nNo picture.\n")
        let again = try site.run("build", "--offline", environment: ["LD_DEBUG": "libs"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("find library="), "LD_DEBUG works here")
        #expect(!again.stderr.contains("libvips"), "libvips was opened")
        #expect(files(site, under: "public/media/thumbs") == thumbs)
    }

    @Test func offlineUsesOnlyTheCache() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        #expect(try site.run("build").status == 0)
        let before = try stats(server)
        let offline = try site.run("build", "--offline")
        #expect(offline.status == 0)
        #expect(try stats(server).filter { !$0.key.hasSuffix("/stats") } == before.filter { !$0.key.hasSuffix("/stats") },
                "--offline sent no request")
        #expect(files(site, under: "public/media").count == 2, "the cached images are still served")
    }

    @Test func theDiskCacheStaysWithinItsBoundAndHealsItself() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        // a.png, b.png and big.png (1.9 MB) are accepted; together they do not fit in 1 MB.
        let site = try site(server, diskMB: 1, maxImageMB: 2)
        defer { site.remove() }
        #expect(try site.run("build").status == 0)
        let cache = site.file(".newsgen/cache/images")
        func blobBytes() -> Int {
            let blobs = cache.appendingPathComponent("blobs")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: blobs.path)) ?? []
            return names.reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: blobs.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
            }
        }
        #expect(blobBytes() > 0 && blobBytes() <= 1_048_576)

        // A damaged index and a lost blob: the build still shows every image, and says what it repaired.
        try Data("{ not json".utf8).write(to: cache.appendingPathComponent("index.json"))
        let healed = try site.run("build")
        #expect(healed.status == 0)
        #expect(healed.stderr.contains("index.json"), "\(healed.stderr)")
        #expect(files(site, under: "public/media").count == 3)
        #expect(blobBytes() <= 1_048_576)
        let again = try site.run("build")
        #expect(!again.stderr.contains("index.json"), "healed for good: \(again.stderr)")
        #expect(again.stdout.contains("; images: "), "\(again.stdout)")
    }

    /// Images beside a Markdown article are published from the articles folder; a path out of it is a link, never read.
    @Test func markdownImagesComeFromTheArticlesFolderOnly() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("content/articles/escape.md", """
            ---
            title: Trying to escape
            date: 2026-11-01
            ---
            ![Secret](../../site.json) and ![Photo](harbour-wall-at-dawn.png)
            """)
        let result = try site.run("build", "--offline")
        #expect(result.status == 0, "\(result.stderr)")
        let welcome = try site.read("public/articles/welcome/index.html")
        #expect(welcome.range(of: #"<img src="../../media/[0-9a-f]{64}\.png" alt="The harbour wall at dawn"#, options: .regularExpression) != nil)
        let escape = try site.read("public/articles/trying-to-escape/index.html")
        #expect(escape.contains(#"<span class="image-link">Secret</span>"#))
        #expect(escape.range(of: #"<img src="../../media/[0-9a-f]{64}\.png" alt="Photo">"#, options: .regularExpression) != nil)
        #expect(result.stderr.contains("../../site.json"), "the refused path is reported: \(result.stderr)")
        // The ferry article's front matter image is its row's thumbnail.
        let home = try site.read("public/index.html")
        #expect(home.contains("data-testid=\"row-thumbnail\""))
        let media = try FileManager.default.contentsOfDirectory(atPath: site.file("public/media").path).filter { $0.hasSuffix(".png") }
        #expect(media.count == 2, "two sample images, the same one shown twice is one file: \(media)")
    }
}
