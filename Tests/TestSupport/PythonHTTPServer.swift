import Foundation
#if canImport(FoundationNetworking)
// Only for `get(_:)`: Foundation reads http URLs through it, when it is loaded.
import FoundationNetworking
#endif

/// A throwaway HTTP server for tests: Python's http.server on 127.0.0.1 and a
/// free port, started by the test and stopped by it. The test gives only the
/// request handler; starting, reporting the port and stopping are done here.
public final class PythonHTTPServer {
    /// Runs before the handler. The child inherits the signal mask of the test's
    /// worker thread, where libdispatch blocks SIGTERM: unblock it so `stop()` works.
    /// `FixtureHandler` is a base for handlers: HTTP/1.1, quiet, and `send` for a whole answer;
    /// `feed(name)` an RSS feed of one item whose title and guid are `name`.
    private static let prelude = """
    import http.server, signal, sys, time
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    def feed(name):
        return ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Fixture</title>'
                '<link>http://example.com/</link><item><title>%s</title><link>http://example.com/%s</link>'
                '<guid isPermaLink="false">%s</guid><pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate></item>'
                '</channel></rss>' % (name, name, name)).encode()
    class FixtureHandler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def send(self, status, body=b"", headers=()):
            self.send_response(status)
            for key, value in headers: self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    """

    private static let serve = """

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

    /// True when `python3` can be run (tests that need a server are skipped otherwise).
    public static let pythonAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    private let process = Process()
    public let port: Int

    /// - Parameters:
    ///   - handler: Python source defining `class Handler(FixtureHandler)` (or of
    ///     `http.server.BaseHTTPRequestHandler`).
    ///   - arguments: Passed to the script as `sys.argv[1...]`.
    public init(handler: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.prelude + handler + Self.serve] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown)
        }
        self.port = port
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// `url(path)` as a `URL`.
    public func endpoint(_ path: String) -> URL { URL(string: url(path))! }

    /// The body at `path`, for a test asking the server what it saw (not through newsgen's client).
    public func get(_ path: String) throws -> Data { try Data(contentsOf: endpoint(path)) }

    /// Ends the server: SIGTERM, then SIGKILL if it is still there after a second.
    public func stop() {
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { if process.isRunning { stop() } }
}
