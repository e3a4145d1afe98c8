import Foundation
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

/// `HTTPFetcher` (libcurl underneath) against servers that misbehave on purpose, over real
/// HTTP on 127.0.0.1: each ends in a `FetchError` a person can read, within the deadline,
/// and no body is held past the limit.
@Suite("Hostile servers", .serialized, Prerequisite.require(HostileHTTPServer.pythonAvailable, "needs python3 for the fixture server"))
struct HostileServerTests {
    static let megabyte = 1_048_576

    func fetch(_ server: PythonHTTPServer, _ path: String, deadline: Double = 5, maxBytes: Int = 20 * megabyte) -> HTTPExchange {
        HTTPFetcher(deadline: deadline, maxBytes: maxBytes).exchange(server.endpoint(path))
    }

    /// 2 MB sent, 2 GB once inflated: inflating stops at the limit.
    @Test(arguments: ["/gzip-bomb", "/deflate-bomb"])
    func aCompressionBombStopsAtTheLimit(path: String) throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, path).result == .failure(.decompressedTooLarge(limit: 20 * Self.megabyte)))
        #expect(fetch(server, path + "?mb=15").result.success?.data.count == 15 * Self.megabyte,
                "the same stream under the limit is read whole")
    }

    @Test func anEndlessBodyStopsAtTheLimit() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/endless", maxBytes: 5 * Self.megabyte).result == .failure(.tooLarge(limit: 5 * Self.megabyte)))
    }

    @Test func aBodyAnnouncedOverTheLimitIsRefused() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/announced-huge").result == .failure(.tooLarge(limit: 20 * Self.megabyte)))
        #expect(fetch(server, "/large?mb=30").result == .failure(.tooLarge(limit: 20 * Self.megabyte)))
    }

    /// A Content-Length longer than the body: the connection closes early (a truncation),
    /// or stays open (the deadline). A shorter one: exactly the bytes announced are read.
    @Test func aLyingContentLengthIsReadAsAnnouncedOrReported() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/length-longer").result == .failure(.truncated(received: 100, announced: 600)))
        #expect(fetch(server, "/length-longer-held", deadline: 1).result == .failure(.timedOut(seconds: 1)))
        let shorter = try #require(fetch(server, "/length-shorter").result.success)
        let feed = String(decoding: shorter.data, as: UTF8.self)
        #expect(shorter.data.count == 238)
        #expect(feed.hasPrefix(#"<?xml version="1.0" encoding="utf-8"?><rss version="2.0">"#) && feed.hasSuffix(#"<guid isPermaLink="false">shorter</guid><pubDate>Mo"#))
    }

    /// One byte every 0.2 s: each arrives well within a second, the whole never does.
    @Test func aSlowDripEndsAtTheDeadline() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/drip", deadline: 1).result == .failure(.timedOut(seconds: 1)))
        #expect(fetch(server, "/hang", deadline: 1).result == .failure(.timedOut(seconds: 1)))
    }

    /// Five hops of 0.4 s each, every one quick enough alone: together they pass the deadline.
    @Test func slowRedirectsTogetherPassTheDeadline() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/slow-to/5", deadline: 1).result == .failure(.timedOut(seconds: 1)))
        #expect(fetch(server, "/slow-to/1", deadline: 5).result.success?.url == server.endpoint("/slow-to/0"))
    }

    @Test func aContentCodingNotAskedForIsRefused() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/brotli").result == .failure(.unsupportedEncoding("br")))
    }

    @Test(arguments: ["/header-flood", "/hints-flood"])
    func aFloodOfHeadersIsRefused(path: String) throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, path).result == .failure(.headersTooLarge(limit: 262_144)))
    }

    /// A header value with a line break would be a header of its own: it is not sent at all.
    @Test func aHeaderValueCannotAddHeaderLines() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        let exchange = HTTPFetcher(deadline: 5).exchange(server.endpoint("/echo-headers"),
                                                         headers: ["If-None-Match": "\"v1\"\r\nX-Injected: yes", "If-Modified-Since": "Mon, 05 Jan 2026 10:00:00 GMT"])
        let received = try JSONDecoder().decode([String: String].self, from: try #require(exchange.result.success).data)
        #expect(received["X-Injected"] == nil && received["If-None-Match"] == nil)
        #expect(received["If-Modified-Since"] == "Mon, 05 Jan 2026 10:00:00 GMT")
        #expect(received["User-Agent"] == "newsgen/0.1")
        #expect(received["Accept-Encoding"] == "gzip, deflate")
    }

    /// An https server whose certificate no one signed: libcurl's reason, in brackets.
    @Test func anUntrustedCertificateIsATLSFailure() throws {
        let server = try PythonHTTPServer(handler: #"""
        import shutil, ssl, subprocess, tempfile
        folder = tempfile.mkdtemp()
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                        "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"], check=True, capture_output=True)
        CONTEXT = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        CONTEXT.load_cert_chain(folder + "/cert.pem", folder + "/key.pem")
        shutil.rmtree(folder)
        class Handler(FixtureHandler):
            def setup(self):
                self.request = CONTEXT.wrap_socket(self.request, server_side=True)
                super().setup()
            def do_GET(self):
                self.send(200, feed("secret"))
        """#)
        defer { server.stop() }
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/feed.xml"))
        #expect(HTTPFetcher(deadline: 5).exchange(url).result
                == .failure(.transport("the TLS connection failed (SSL certificate problem: self-signed certificate)")))
    }

    /// libcurl's own bound: 100 KB for one line.
    @Test func anEndlessHeaderLineIsRefused() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/header-line-endless").result == .failure(.transport("the response has a header line longer than 100 KB")))
    }

    /// A redirect's body and an error page's are not read: an endless one changes nothing.
    @Test func theBodyOfARedirectOrAnErrorIsNotRead() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/redirect-endless").result.success?.url == server.endpoint("/feed.xml"))
        #expect(fetch(server, "/error-endless").result == .failure(.httpStatus(500)))
    }

    @Test func redirectsAreFollowedByNewsgenWithinTheirBounds() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        #expect(fetch(server, "/loop").result == .failure(.tooManyRedirects(limit: 5)))
        #expect(fetch(server, "/to/5").result.success?.url == server.endpoint("/to/0"))
        #expect(fetch(server, "/to/6").result == .failure(.tooManyRedirects(limit: 5)))
        #expect(fetch(server, "/dir/relative").result.success?.url == server.endpoint("/feed.xml"))
        #expect(fetch(server, "/to-ftp").result == .failure(.redirectToScheme("ftp")))
        #expect(fetch(server, "/to-file").result == .failure(.redirectToScheme("file")))
        let moved = fetch(server, "/moved/3")
        #expect(moved.permanentRedirect == server.endpoint("/moved/0"))
        let counts = try JSONDecoder().decode([String: Int].self, from: HTTPFetcher().fetch(server.endpoint("/counts")).data)
        #expect(counts["/loop"] == 6)
        #expect(counts["/to/0"] == 1 && counts["/to/6"] == 1 && counts["/to/1"] == 2)
    }
}
