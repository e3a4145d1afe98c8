import Foundation
import NewsgenTestSupport
import Testing
@testable import NewsgenServer

@Suite("LocalServer limits and lifecycle")
struct LocalServerTests {
    private static func quick() -> ServerLimits {
        var limits = ServerLimits()
        limits.headTimeout = 0.5
        limits.bodyTimeout = 0.5
        limits.keepAliveInterval = 0.2
        return limits
    }

    @Test func aBodyIsReadPerContentLength() throws {
        let server = try LocalServer(host: "127.0.0.1", port: 0) { request in
            .response(HTTPResponse(status: 200, body: request.body + Data((request.header("x-TEST") ?? "").utf8)))
        }
        server.start()
        defer { server.stop() }
        let response = RawClient.exchange(server.port, "PUT /x HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Test: !\r\nContent-Length: 5\r\n\r\nhello")
        #expect(response.text == "hello!")
    }

    @Test func aPortInUseIsAClearError() throws {
        let first = try LocalServer(host: "127.0.0.1", port: 0) { _ in .response(.text(200, "")) }
        #expect(throws: ServerError.self) { try LocalServer(host: "127.0.0.1", port: first.port) { _ in .response(.text(200, "")) } }
        do {
            _ = try LocalServer(host: "127.0.0.1", port: first.port) { _ in .response(.text(200, "")) }
        } catch {
            #expect(error.description.contains("already in use"))
        }
    }

    @Test func aHeadOver16KBIs431() throws {
        let site = try ServedSite()
        let response = RawClient.exchange(site.port, "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 17_000) + "\r\n\r\n")
        #expect(response.status == 431)
    }

    @Test func aBodyOver64KBIs413() throws {
        let site = try ServedSite()
        let response = RawClient.exchange(site.port, "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nContent-Length: 70000\r\n\r\n")
        #expect(response.status == 413)
    }

    @Test(arguments: ["GET\r\n\r\n", "GET / HTTP/1.1 extra\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "GET http://x/ HTTP/1.1\r\n\r\n",
                      "G(T / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nNoColon\r\n\r\n", "GET / FTP/1.0\r\n\r\n"])
    func aMalformedRequestIs400(head: String) throws {
        let site = try ServedSite()
        #expect(RawClient.exchange(site.port, head).status == 400)
    }

    @Test func aSilentClientIsClosedAfterTheHeadTimeout() throws {
        let site = try ServedSite(limits: Self.quick())
        let client = RawClient(port: site.port)
        client.write("GET / HT")
        let started = Date()
        #expect(client.readAll().isEmpty)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func aSlowBodyIsClosedAfterTheBodyTimeout() throws {
        var limits = Self.quick()
        limits.headTimeout = 30
        let site = try ServedSite(limits: limits)
        let client = RawClient(port: site.port)
        client.write("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nContent-Length: 10\r\n\r\nabc")
        #expect(client.closedByServer(within: 5))
    }

    @Test func connectionsStillReadingTheirRequestGiveTheirPlaceToANewOne() throws {
        var limits = Self.quick()
        limits.maxConnections = 2
        limits.headTimeout = 30
        limits.bodyTimeout = 30
        let site = try ServedSite(limits: limits, files: ["index.html": "home"])
        let oldest = RawClient(port: site.port)
        oldest.write("GET / HTTP/1.1\r\n")
        usleep(100_000)
        let younger = RawClient(port: site.port)
        younger.write("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nContent-Length: 10\r\n\r\nabc")
        usleep(100_000)
        #expect(RawClient.get(site.port, "/").text == "home")
        #expect(oldest.closedByServer(within: 2))
        #expect(!younger.closedByServer(within: 0.2))
    }

    @Test func connectionsOverTheLimitBeingAnsweredMeanA503() throws {
        let stream = EventStream()
        var limits = Self.quick()
        limits.maxConnections = 2
        let server = try LocalServer(host: "127.0.0.1", port: 0, limits: limits) { _ in .eventStream(stream) }
        server.start()
        defer { server.stop() }
        let held = (0..<2).map { _ in RawClient(port: server.port) }
        for client in held { client.write("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n") }
        while stream.clientCount < 2 { usleep(1000) }
        let refused = RawClient.get(server.port, "/")
        #expect(refused.status == 503)
        #expect(refused.header("X-Frame-Options") == "DENY")
    }

    /// Every answer, the server's own refusals and an event stream's head included, forbids framing.
    @Test func noResponseMayBeFramed() throws {
        let stream = EventStream()
        let server = try LocalServer(host: "127.0.0.1", port: 0, limits: Self.quick()) { request in
            request.path == "/events" ? .eventStream(stream)
                : .response(HTTPResponse(status: 200, headers: [("X-Frame-Options", "ALLOWALL"), ("Content-Security-Policy", "img-src 'self'")]))
        }
        server.start()
        defer { server.stop() }
        let events = RawClient(port: server.port)
        events.write("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let streamHead = RawResponse(Array(events.read(until: "\r\n\r\n").utf8))
        let page = RawClient.get(server.port, "/")
        for response in [page, RawClient.get(server.port, "/", host: "evil.example"), RawClient.exchange(server.port, "GET\r\n\r\n"), streamHead] {
            #expect(response.status != 0)
            #expect(response.headers.filter { $0.0 == "X-Frame-Options" }.map(\.1) == ["DENY"], "\(response.status)")
            #expect(response.headers.contains { $0 == ("Content-Security-Policy", "frame-ancestors 'none'") }, "\(response.status)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(response.status)")
        }
        #expect(page.headers.contains { $0 == ("Content-Security-Policy", "img-src 'self'") })
    }

    @Test func garbageNeverStopsTheServer() throws {
        let site = try ServedSite(limits: Self.quick(), files: ["index.html": "home"])
        var random = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let client = RawClient(port: site.port)
            let count = Int.random(in: 1...3000, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            if round % 2 == 0 { bytes += Array("\r\n\r\n".utf8) }
            client.write(bytes)
            if round % 3 == 0 { _ = client.readAll() }
        }
        #expect(RawClient.get(site.port, "/").text == "home")
    }

    @Test func eventStreamsGetEventsKeepAlivesAndAreDroppedWhenGone() throws {
        let stream = EventStream()
        let server = try LocalServer(host: "127.0.0.1", port: 0, limits: Self.quick()) { _ in .eventStream(stream) }
        server.start()
        defer { server.stop() }
        var client: RawClient? = RawClient(port: server.port)
        client!.write("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let head = client!.read(until: "\r\n\r\n")
        #expect(head.contains("Content-Type: text/event-stream"))
        #expect(!head.contains("Content-Length"))
        #expect(client!.read(until: ": keep-alive\n\n").contains(": keep-alive"))
        while stream.clientCount == 0 { usleep(1000) }
        stream.send(event: "reload", data: "one\ntwo")
        #expect(client!.read(until: "two\n\n").hasSuffix("event: reload\ndata: one\ndata: two\n\n"))
        client = nil
        let deadline = Date().addingTimeInterval(3)
        while stream.clientCount > 0 && Date() < deadline { usleep(10_000) }
        #expect(stream.clientCount == 0)
    }

    @Test func stopReturnsPromptlyWithOpenStreamsAndFreesThePort() throws {
        let stream = EventStream()
        let server = try LocalServer(host: "127.0.0.1", port: 0) { _ in .eventStream(stream) }
        server.start()
        let clients = (0..<3).map { _ in RawClient(port: server.port) }
        for client in clients { client.write("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n") }
        while stream.clientCount < 3 { usleep(1000) }
        let started = Date()
        server.stop()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(stream.clientCount == 0)
        _ = try LocalServer(host: "127.0.0.1", port: server.port) { _ in .response(.text(200, "")) }
    }
}
