import Foundation
import NewsgenTestSupport
import Testing

/// The image records (ADR 035) through real builds against a server on 127.0.0.1: an image that starts
/// working changes the page although the article did not change, and records that are reused, damaged or
/// lost give the same site.
@Suite("Image records, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the image server"), .serialized)
struct ImageRecordsEndToEndTests {
    /// `/feed.xml`: one item showing `/img/a.png` and `/img/later.png`, and one without images. `/img/later.png`
    /// answers 503 until `/ready` has been asked for, then a PNG.
    static let handler = #"""
    import struct, zlib
    STATE = {"ready": False}
    \#(ImageEndToEndTests.png)
    IMAGES = {"/img/a.png": png(64, 48, 7), "/img/later.png": png(64, 48, 29)}
    class Handler(FixtureHandler):
        def do_GET(self):
            origin = "http://127.0.0.1:%d" % self.server.server_address[1]
            if self.path == "/feed.xml":
                body = ('<?xml version="1.0"?><rss version="2.0"><channel><title>Pics</title><link>%s/</link>'
                        '<item><title>Pictures</title><link>%s/pictures</link><guid isPermaLink="false">p</guid>'
                        '<pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate><description><![CDATA[<p><img src="/img/a.png" alt="First">'
                        ' <img src="/img/later.png" alt="Later"></p>]]></description></item>'
                        '<item><title>Words</title><link>%s/words</link><guid isPermaLink="false">w</guid>'
                        '<pubDate>Mon, 05 Jan 2026 11:00:00 GMT</pubDate><description>Only words.</description></item>'
                        '</channel></rss>' % (origin, origin, origin)).encode()
                self.send(200, body, [("Content-Type", "application/rss+xml")])
            elif self.path == "/ready":
                STATE["ready"] = True
                self.send(200, b"ok")
            elif self.path in IMAGES and (self.path != "/img/later.png" or STATE["ready"]):
                self.send(200, IMAGES[self.path], [("Content-Type", "image/png")])
            else:
                self.send(503, b"try later", [("Content-Type", "text/plain")])
    """#

    @Test func anImageThatStartsWorkingChangesThePageAndRecordsNeverChangeTheSite() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { config in
            config["sources"] = [["id": "pics", "url": server.url("/feed.xml")]]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        try FileManager.default.removeItem(at: site.file("content/articles"))
        let now = ["SOURCE_DATE_EPOCH": "1795000000"]
        func build() throws {
            let result = try site.run("build", environment: now)
            #expect(result.status == 0, "\(result.stderr)")
        }
        func page() throws -> String { try site.read("public/articles/pictures/index.html") }

        try build()
        #expect(try page().contains(#"class="image-link" rel="noopener noreferrer nofollow">Later</a>"#))
        #expect(FileManager.default.fileExists(atPath: site.file(".newsgen/cache/image-records/index.bin").path))

        // The article is what it was, but its image now loads: the page must show it from the site.
        _ = try server.get("/ready")
        try build()
        let shown = try page()
        #expect(!shown.contains("image-link"), "\(shown)")
        #expect(shown.components(separatedBy: "src=\"../../media/").count == 3, "both images from the site: \(shown)")
        let site2 = try site.snapshot()

        // Reused records, damaged records and no records at all: the same site.
        try build()
        #expect(try site.snapshot() == site2)
        let records = site.file(".newsgen/cache/image-records")
        let segments = try FileManager.default.contentsOfDirectory(atPath: records.path).filter { $0.hasPrefix("segment-") }
        #expect(!segments.isEmpty)
        for name in segments {
            var bytes = try Data(contentsOf: records.appendingPathComponent(name))
            for offset in stride(from: 33, to: bytes.count, by: 41) { bytes[offset] ^= 0x5A }
            try bytes.write(to: records.appendingPathComponent(name))
        }
        try build()
        #expect(try site.snapshot() == site2)
        try FileManager.default.removeItem(at: records)
        try build()
        #expect(try site.snapshot() == site2)
    }
}
