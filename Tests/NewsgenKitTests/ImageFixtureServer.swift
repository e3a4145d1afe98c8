import Foundation
import NewsgenTestSupport
@testable import NewsgenKit

/// The image servers of the `ImageCache` tests. Images are 1×1 GIFs (35 bytes) whose
/// first palette colour is the route's number, so each number is different bytes.
///
/// `stub()`, in process (`HTTPStub`), at `http://images.example`: `/gif/<n>` (`image/gif`,
/// ETag `"gif-<n>"` and a Last-Modified; 304 when the ETag comes back in If-None-Match);
/// `/plain/<n>` (the GIF as `text/plain`, no validators); `/once/<n>` (like `/gif/<n>`
/// the first time, then 500); `/slow/<n>` (like `/gif/<n>` after 0.3 s);
/// `/html-as-jpeg` (an HTML page served as `image/jpeg`); anything else 404.
///
/// `start()`, over a socket, for the size limit as libcurl applies it: `/big` (3,000 bytes
/// starting like a JPEG, with a Content-Length); `/big-unannounced` (the same without a
/// length, ended by closing the connection).
enum ImageFixtureServer {
    static let handler = #"""
    BIG = b"\xff\xd8\xff\xe0" + b"\x00" * 2996
    class Handler(FixtureHandler):
        def do_GET(self):
            if self.path == "/big":
                self.send(200, BIG, [("Content-Type", "image/jpeg")])
            elif self.path == "/big-unannounced":
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(BIG)
                self.close_connection = True
            else:
                self.send(404, b"not found", [("Content-Type", "text/plain")])
    """#

    static func start() throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler)
    }

    static let host = "http://images.example"

    /// The stub's address of `path`.
    static func endpoint(_ path: String) -> URL { URL(string: host + path)! }

    /// The routes above, in memory, for n in 0...99.
    static func stub() -> HTTPStub {
        let stub = HTTPStub()
        for shade in UInt8(0)...99 {
            let image = image(shade)
            stub.on(host + "/gif/\(shade)", .handler(image))
            stub.on(host + "/once/\(shade)", .handler(image), .response(HTTPStub.status(500, [("Content-Type", "text/plain")])))
            stub.on(host + "/slow/\(shade)", .handler { request in
                Thread.sleep(forTimeInterval: 0.3)
                return image(request)
            })
            stub.on(host + "/plain/\(shade)", HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "text/plain")]), body: gif(shade)))
        }
        let html = "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>"
        stub.on(host + "/html-as-jpeg", HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "image/jpeg")]), body: Data(html.utf8)))
        return stub
    }

    /// `/gif/<shade>`: 304 when its ETag comes back, else the GIF with its validators.
    private static func image(_ shade: UInt8) -> @Sendable (HTTPRequest) -> HTTPResponse {
        let etag = "\"gif-\(shade)\""
        let gif = HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "image/gif"), .init("ETag", etag),
                                                                  .init("Last-Modified", "Mon, 05 Jan 2026 10:00:00 GMT")]),
                               body: gif(shade))
        return { request in request.headers["If-None-Match"] == etag ? HTTPStub.status(304, [("ETag", etag)]) : gif }
    }

    /// The last If-None-Match the stub received for `path`, nil when none came.
    static func lastIfNoneMatch(_ stub: HTTPStub, _ path: String) -> String? {
        stub.requests(to: host + path).compactMap { $0.headers["If-None-Match"] }.last
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
