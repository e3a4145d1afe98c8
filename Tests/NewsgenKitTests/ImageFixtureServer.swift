import Foundation
import NewsgenTestSupport
@testable import NewsgenKit

/// A local image server for `ImageCache` tests. Images are 1×1 GIFs (35 bytes)
/// whose first palette colour is the route's number, so each number is
/// different bytes. Routes:
/// `/gif/<n>` (`image/gif`, ETag `"gif-<n>"` and a Last-Modified; 304 when the
/// ETag comes back in If-None-Match); `/plain/<n>` (the GIF as `text/plain`, no
/// validators); `/once/<n>` (like `/gif/<n>` the first time, then 500);
/// `/slow/<n>` (like `/gif/<n>` after 0.3 s); `/html-as-jpeg` (an HTML page
/// served as `image/jpeg`); `/big` (3,000 bytes starting like a JPEG, with a
/// Content-Length); `/big-unannounced` (the same without a length, ended by
/// closing the connection); `/missing` (404).
/// `/counts` answers JSON: `counts` maps `"<status> <path>"` to how many such
/// answers were sent, `inm` maps a path to the last If-None-Match it received.
enum ImageFixtureServer {
    static let handler = #"""
    import json, threading
    COUNTS = {}
    INM = {}
    LOCK = threading.Lock()
    STAMP = "Mon, 05 Jan 2026 10:00:00 GMT"
    def gif(n):
        return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([n, n, n]) + b"\xff\xff\xff"
                + b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00\x3b")
    HTML = b'<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>'
    BIG = b"\xff\xd8\xff\xe0" + b"\x00" * 2996
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
        def image(self, n):
            etag = '"gif-%d"' % n
            if self.headers.get("If-None-Match") == etag:
                self.send(304, b"", [("ETag", etag)])
            else:
                self.send(200, gif(n), [("Content-Type", "image/gif"), ("ETag", etag), ("Last-Modified", STAMP)])
        def do_GET(self):
            with LOCK:
                if self.headers.get("If-None-Match") is not None:
                    INM[self.path] = self.headers.get("If-None-Match")
            parts = self.path.split("/")
            if len(parts) == 3 and parts[1] == "gif":
                self.image(int(parts[2]))
            elif len(parts) == 3 and parts[1] == "slow":
                time.sleep(0.3)
                self.image(int(parts[2]))
            elif len(parts) == 3 and parts[1] == "once":
                with LOCK:
                    first = ("200 " + self.path) not in COUNTS
                if first:
                    self.image(int(parts[2]))
                else:
                    self.send(500, b"down", [("Content-Type", "text/plain")])
            elif len(parts) == 3 and parts[1] == "plain":
                self.send(200, gif(int(parts[2])), [("Content-Type", "text/plain")])
            elif self.path == "/html-as-jpeg":
                self.send(200, HTML, [("Content-Type", "image/jpeg")])
            elif self.path == "/big":
                self.send(200, BIG, [("Content-Type", "image/jpeg")])
            elif self.path == "/big-unannounced":
                with LOCK:
                    COUNTS["200 /big-unannounced"] = COUNTS.get("200 /big-unannounced", 0) + 1
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(BIG)
                self.close_connection = True
            elif self.path == "/counts":
                with LOCK:
                    body = json.dumps({"counts": COUNTS, "inm": INM}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send(404, b"not found", [("Content-Type", "text/plain")])
    """#

    static func start() throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler)
    }

    /// What `/counts` reports.
    struct Counts: Decodable {
        var counts: [String: Int]
        var inm: [String: String]

        /// How many answers with `status` went to `path`.
        func answers(_ status: Int, _ path: String) -> Int { counts["\(status) \(path)"] ?? 0 }
    }

    static func counts(_ server: PythonHTTPServer) throws -> Counts {
        let document = try HTTPFetcher().fetch(server.endpoint("/counts"))
        return try JSONDecoder().decode(Counts.self, from: document.data)
    }

    /// The bytes `/gif/<shade>` serves: a 1×1 GIF89a, 35 bytes (plus `padding` zero bytes, which decoders ignore).
    static func gif(_ shade: UInt8, padding: Int = 0) -> Data {
        var bytes: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]
        bytes += [shade, shade, shade, 0xFF, 0xFF, 0xFF]
        bytes += [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        bytes += repeatElement(0, count: padding)
        return Data(bytes)
    }

    /// A 1×1 PNG (67 bytes).
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=") ?? Data()
}
