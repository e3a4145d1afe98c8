import Foundation
import NewsgenTestSupport

/// Serves one feed over HTTP for `newsgen inspect URL`: `/feed.xml` answers
/// with the body and content type given (`sys.argv[1]`, `sys.argv[2]`); every
/// other path is a 404.
enum FeedHTTPServer {
    static let handler = #"""
    BODY, TYPE = sys.argv[1].encode(), sys.argv[2]
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def do_GET(self):
            found = self.path == "/feed.xml"
            body = BODY if found else b"no such page"
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", TYPE if found else "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    """#

    static var pythonAvailable: Bool { PythonHTTPServer.pythonAvailable }

    static func start(body: String, contentType: String) throws -> PythonHTTPServer {
        try PythonHTTPServer(handler: handler, arguments: [body, contentType])
    }
}
