#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NewsgenTestSupport
import Testing

/// `newsgen serve` against what another page or another program on the machine may try (issue 32,
/// ADR 049): framing the preview, naming it by another Host (DNS rebinding), and holding its
/// connections half-open (slowloris).
@Suite("newsgen serve against other pages and clients, end to end", .serialized)
struct ServeHostileClientsEndToEndTests {
    typealias Serving = ServeEndToEndTests.Serving

    /// A preview of the sample site with an empty manifest; `body` gets it and its port.
    private func serving(_ body: (TemporarySite, Serving, Int) throws -> Void) throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("bookmarks.json", #"{"version": 1, "bookmarks": []}"# + "\n")
        let serving = try Serving(site)
        defer { _ = serving.stop() }
        try #require(serving.port > 0)
        try body(site, serving, serving.port)
    }

    private static func forbidsFraming(_ response: RawResponse) -> Bool {
        response.headers.filter { $0.0.lowercased() == "x-frame-options" }.map(\.1) == ["DENY"]
            && response.headers.contains { $0.0.lowercased() == "content-security-policy" && $0.1 == "frame-ancestors 'none'" }
    }

    @Test func noResponseOfThePreviewMayBeFramed() throws {
        try serving { _, _, port in
            let own = "Host: 127.0.0.1:\(port)"
            let home = RawClient.get(port, "/")
            let stylesheet = try #require(home.text.firstMatch(of: /href="([^"]+\.css)"/)?.1)
            let events = RawClient(port: port)
            events.write("GET /__newsgen/events HTTP/1.1\r\n\(own)\r\n\r\n")
            let stream = RawResponse(Array(events.read(until: "\r\n\r\n").utf8))
            #expect(stream.header("Content-Type") == "text/event-stream")
            let answers: [(String, RawResponse)] = [
                ("the home page", home),
                ("an article", RawClient.get(port, ServeEndToEndTests.ferry.path)),
                ("HEAD of the home page", RawClient.get(port, "/", method: "HEAD")),
                ("the stylesheet", RawClient.get(port, "/" + stylesheet)),
                ("the preview's script", RawClient.get(port, "/__newsgen/reload.js")),
                ("the event stream", stream),
                ("a miss", RawClient.get(port, "/no/such/page/")),
                ("a 405", RawClient.get(port, "/__newsgen/events", method: "DELETE")),
                ("a refused bookmark", ServeEndToEndTests.post(port, body: ServeEndToEndTests.ferry.id, headers: [own])),
                ("a malformed request", RawClient.exchange(port, "GET  / HTTP/1.1\r\n\(own)\r\n\r\n")),
                ("another Host", RawClient.get(port, "/", host: "rebound.example:\(port)")),
            ]
            #expect(answers[3].1.status == 200 && answers[3].1.header("Content-Type")?.hasPrefix("text/css") == true)
            for (what, response) in answers {
                #expect(response.status != 0, "\(what): no answer")
                #expect(Self.forbidsFraming(response), "\(what) (\(response.status)) may be framed: \(response.headers)")
            }
        }
    }

    @Test func onlyTheServersOwnHostIsAnswered() throws {
        try serving { site, serving, port in
            // Its own names: the page with its token.
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
                let page = RawClient.get(port, "/", host: host)
                #expect(page.status == 200, "\(host)")
                #expect(page.text.contains("data-token=\""), "\(host)")
            }
            #expect(RawClient.exchange(port, "GET / HTTP/1.0\r\n\r\n").status == 200, "HTTP/1.0 may leave Host out")

            // Any other name (DNS rebinding), port or form: a short 400, no token, no stream.
            for host in ["rebound.example:\(port)", "rebound.example", "127.0.0.1:\(port + 1)", "127.0.0.1", "localhost.:\(port)",
                         "127.0.0.2:\(port)", "[::1]:\(port)", "user@127.0.0.1:\(port)", ""] {
                for target in ["/", ServeEndToEndTests.ferry.path, "/__newsgen/events", "/__newsgen/reload.js"] {
                    let response = RawClient.get(port, target, host: host)
                    #expect(response.status == 400, "Host '\(host)' \(target) → \(response.status)")
                    #expect(response.header("Content-Type") == "text/plain; charset=utf-8", "Host '\(host)' \(target)")
                    #expect(response.body.count < 120 && !response.text.contains("data-token"), "Host '\(host)' \(target): \(response.text)")
                }
            }
            #expect(RawClient.get(port, "/", host: "rebound.example:\(port)").text
                    == "Unknown Host: this server is 127.0.0.1:\(port) or localhost:\(port)\n")

            // Two Host headers, whichever comes first, and none at all on HTTP/1.1.
            for hosts in [["127.0.0.1:\(port)", "rebound.example:\(port)"], ["rebound.example:\(port)", "127.0.0.1:\(port)"],
                          ["127.0.0.1:\(port)", "127.0.0.1:\(port)"], []] {
                let head = (["GET / HTTP/1.1"] + hosts.map { "Host: \($0)" }).joined(separator: "\r\n")
                let response = RawClient.exchange(port, head + "\r\n\r\n")
                #expect(response.status == 400, "\(hosts) → \(response.status)")
                #expect(!response.text.contains("data-token"), "\(hosts)")
            }

            // The bookmark endpoint under another name, even with the token and that name's Origin.
            let token = try #require(RawClient.get(port, "/").text.firstMatch(of: /data-token="([0-9a-f]{64})"/)?.1)
            let manifest = try site.read("bookmarks.json")
            for headers in [["Host: rebound.example:\(port)", "Origin: http://rebound.example:\(port)", "X-Newsgen-Token: \(token)"],
                            ["Host: 127.0.0.1:\(port)", "Host: rebound.example:\(port)", "Origin: http://127.0.0.1:\(port)",
                             "X-Newsgen-Token: \(token)"]] {
                #expect(ServeEndToEndTests.post(port, body: ServeEndToEndTests.ferry.id, headers: headers).status == 400, "\(headers)")
            }
            #expect(try site.read("bookmarks.json") == manifest)
            #expect(serving.text.components(separatedBy: "Built ").count - 1 == 1, "a refused request started a build")
        }
    }

    @Test func halfOpenConnectionsNeitherKeepThePageOutNorStay() throws {
        try serving { _, _, port in
            // 80 connections whose head never ends, and 8 whose body never arrives: more than the
            // 64 connections the preview takes at once.
            let held = Date()
            var clients = (0..<80).map { _ in RawClient(port: port) }
            for client in clients { client.write("GET / HTTP/1.1\r\n") }
            for _ in 0..<8 {
                let client = RawClient(port: port)
                client.write("POST /__newsgen/bookmark HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 16\r\n\r\n67f6")
                clients.append(client)
            }
            usleep(300_000)

            // Meanwhile a page and its script are answered at once.
            for target in ["/", "/__newsgen/reload.js"] {
                let started = Date()
                let response = RawClient.get(port, target)
                #expect(response.status == 200, "\(target) while 88 connections are held half-open: \(response.status) \(response.text)")
                #expect(Date().timeIntervalSince(started) < 3, "\(target) took \(Date().timeIntervalSince(started)) s")
            }

            // Every held connection is closed by the server within the 5 s it has for a head (or a
            // body): none is left holding a thread.
            let deadline = held.addingTimeInterval(8)
            let open = clients.indices.filter { !clients[$0].closedByServer(within: max(0, deadline.timeIntervalSinceNow)) }
            #expect(open.isEmpty, "\(open.count) held connections still open \(Date().timeIntervalSince(held)) s after they were opened")
            #expect(RawClient.get(port, "/").status == 200)
        }
    }
}
