#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NewsgenTestSupport
import Testing

/// `newsgen serve` as a user runs it, on a temporary copy of the sample site, over raw HTTP.
@Suite("newsgen serve, end to end", .serialized)
struct ServeEndToEndTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1795946400"]
    static let ferry = (id: "67f6cbd5df0b7529", path: "/articles/ferry-timetable-changes-explained/")

    /// The serve process, its standard output gathered as it comes.
    final class Serving: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var output = ""
        private(set) var port = 0

        init(_ site: TemporarySite, _ arguments: [String] = []) throws {
            process.executableURL = Newsgen.binary
            process.arguments = ["serve", "--port", "0"] + arguments
            process.currentDirectoryURL = site.directory
            process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(ServeEndToEndTests.epoch) { $1 }) { $1 }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let handle = pipe.fileHandleForReading
            Thread { [self] in
                while case let data = handle.availableData, !data.isEmpty {
                    lock.lock()
                    output += String(decoding: data, as: UTF8.self)
                    lock.unlock()
                }
            }.start()
            let line = try wait(for: "Serving http://", seconds: 120)
            port = line.firstMatch(of: /Serving http:\/\/[^ ]*:([0-9]+)\//).flatMap { Int($0.1) } ?? 0
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return output
        }

        /// Waits until standard output holds `marker`; returns all of it.
        @discardableResult
        func wait(for marker: String, count: Int = 1, seconds: Double) throws -> String {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let now = text
                if now.components(separatedBy: marker).count - 1 >= count { return now }
                usleep(50_000)
            }
            throw Missing(marker: marker, output: text)
        }

        struct Missing: Error, CustomStringConvertible {
            var marker: String
            var output: String
            var description: String { "no '\(marker)' in the output of newsgen serve:\n\(output)" }
        }

        func stop(_ signal: Int32 = SIGTERM) -> Int32 {
            if process.isRunning { kill(process.processIdentifier, signal) }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// A POST to the bookmark endpoint, `body` the article id, with `headers` besides its length and type.
    static func post(_ port: Int, body: String, headers: [String]) -> RawResponse {
        RawClient.exchange(port, (["POST /__newsgen/bookmark HTTP/1.1", "Content-Length: \(body.utf8.count)", "Content-Type: text/plain"] + headers)
                           .joined(separator: "\r\n") + "\r\n\r\n" + body)
    }

    @Test func servesWithTheScriptRefusesTraversalAndForeignBookmarksRebuildsAndStops() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("bookmarks.json", #"{"version": 1, "bookmarks": []}"# + "\n")
        let serving = try Serving(site)
        var stopped = false
        defer { if !stopped { _ = serving.stop() } }
        let port = serving.port
        try #require(port > 0)
        #expect(serving.text.components(separatedBy: "Built ").count - 1 == 1)

        // The page served has the script, with a token; public/ on disk has none.
        let home = RawClient.get(port, "/")
        #expect(home.status == 200)
        let token = try #require(home.text.firstMatch(of: /data-token="([0-9a-f]{64})"/)?.1)
        #expect(home.text.contains(#"<script src="/__newsgen/reload.js""#))
        #expect(home.text.contains(#"data-article-id=""#))
        let onDisk = try site.snapshot()
        #expect(onDisk.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("__newsgen") })
        let script = RawClient.get(port, "/__newsgen/reload.js")
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")

        // Nothing outside public/: dot segments raw and encoded, NUL, a symbolic link out.
        try FileManager.default.createSymbolicLink(atPath: site.file("public/out").path, withDestinationPath: site.directory.path)
        for target in ["/../site.json", "/%2e%2e/site.json", "/articles/%2E%2E/%2e%2e/site.json", "/..%2fsite.json", "/site.json%00.html",
                       "/%00", "/out/site.json", "/out/"] {
            let response = RawClient.get(port, target)
            #expect([400, 404].contains(response.status), "\(target) → \(response.status)")
            #expect(!response.text.contains("\"sources\""), "\(target) served site.json")
        }

        // The bookmark endpoint: token or Origin, each alone missing or wrong, is a 403 (another
        // Host is a 400 before the endpoint is reached: ServeHostileClientsEndToEndTests).
        let own = ["Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)", "X-Newsgen-Token: \(token)"]
        let manifest = try site.read("bookmarks.json")
        // A token one character off (never the same one, whatever it starts with).
        let wrongToken = (token.first == "0" ? "1" : "0") + token.dropFirst()
        for headers in [Array(own.dropLast()), [own[0], own[1], "X-Newsgen-Token: \(wrongToken)"],
                        [own[0], "Origin: http://127.0.0.1:\(port + 1)", own[2]], [own[0], own[2]]] {
            #expect(Self.post(port, body: Self.ferry.id, headers: headers).status == 403, "\(headers)")
        }
        #expect(try site.read("bookmarks.json") == manifest)
        #expect(serving.text.contains("warning: refused POST /__newsgen/bookmark"))

        // All three right: the manifest changes through `bookmark toggle`, and /bookmarks/ lists it.
        let toggled = Self.post(port, body: Self.ferry.id, headers: own)
        #expect(toggled.status == 200, "\(toggled.text)")
        #expect(try site.read("bookmarks.json").contains(Self.ferry.id))
        let bookmarks = RawClient.get(port, "/bookmarks/")
        #expect(bookmarks.text.contains(#"data-article-id="\#(Self.ferry.id)""#))
        #expect(bookmarks.text.contains(Self.ferry.path))
        #expect(serving.text.components(separatedBy: "Built ").count - 1 == 2)

        // A saved Markdown article: a "reload" event arrives, and the page has the change.
        let events = RawClient(port: port)
        events.write("GET /__newsgen/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(events.read(until: "\r\n\r\n").contains("text/event-stream"))
        let article = "content/articles/ferry-timetable-changes-explained.md"
        try site.write(article, try site.read(article) + "\nA line the serve test added.\n")
        var received = ""
        let deadline = Date().addingTimeInterval(60)
        while !received.contains("event: reload"), Date() < deadline { received += events.read(until: "event: reload") }
        #expect(received.contains("event: reload\ndata: built\n\n"))
        #expect(RawClient.get(port, Self.ferry.path).text.contains("A line the serve test added."))
        // That build's own writes start no other build.
        usleep(1_500_000)
        #expect(serving.text.components(separatedBy: "Built ").count - 1 == 3, "\(serving.text)")

        // SIGTERM: exit 0, the socket closed.
        stopped = true
        #expect(serving.stop() == 0)
        #expect(serving.process.terminationReason == .exit)
        #expect(serving.text.contains("Stopped."))
        #expect(RawClient.get(port, "/").status == 0)
    }

    @Test func aFailedRebuildKeepsTheLastGoodSiteAndSaysWhy() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let serving = try Serving(site)
        var stopped = false
        defer { if !stopped { _ = serving.stop() } }
        let events = RawClient(port: serving.port)
        events.write("GET /__newsgen/events HTTP/1.1\r\nHost: 127.0.0.1:\(serving.port)\r\n\r\n")
        _ = events.read(until: "\r\n\r\n")
        try site.write("templates/home.mustache", "{{#broken}}")
        var received = ""
        let deadline = Date().addingTimeInterval(60)
        while !received.contains("event: error"), Date() < deadline { received += events.read(until: "event: error") }
        #expect(received.contains("event: error\ndata: "))
        try serving.wait(for: "note: the rebuild failed; still serving the last good site", seconds: 10)
        #expect(serving.text.contains("error: "))
        let home = RawClient.get(serving.port, "/")
        #expect(home.status == 200)
        #expect(home.text.contains("data-testid=\"article-row\""))
        // A page opened while the failure stands shows it at once; once fixed, it is gone.
        #expect(home.text.contains("data-failure=\"templates/home.mustache"), "\(home.text.suffix(600))")
        try FileManager.default.removeItem(at: site.file("templates/home.mustache"))
        received = ""
        while !received.contains("event: reload"), Date() < deadline { received += events.read(until: "event: reload") }
        #expect(received.contains("event: reload"))
        #expect(!RawClient.get(serving.port, "/").text.contains("data-failure"))

        // A site.json that no longer parses is one more failed build, said with its place; then Ctrl-C.
        let config = try site.read("site.json")
        try site.write("site.json", "{\"version\": 1, \"title\": ")
        received = ""
        while !received.contains("event: error"), Date() < deadline { received += events.read(until: "event: error") }
        #expect(received.contains("event: error\ndata: site.json"), "\(received)")
        try site.write("site.json", config)
        received = ""
        while !received.contains("event: reload"), Date() < deadline { received += events.read(until: "event: reload") }
        #expect(received.contains("event: reload"))
        stopped = true
        #expect(serving.stop(SIGINT) == 0)
        #expect(serving.text.contains("Stopped."))
    }
}
