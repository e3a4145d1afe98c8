import Foundation
import NewsgenTestSupport
import Testing
@testable import NewsgenServer

@Suite("Which Host a request may name")
struct ServerAuthorityTests {
    /// `bound host | Host sent | accepted`, the server on port 1313 unless the Host says :80 matters.
    static let cases: [(String, String, Bool)] = [
        ("127.0.0.1", "127.0.0.1:1313", true),
        ("127.0.0.1", "localhost:1313", true),
        ("127.0.0.1", "LocalHost:1313", true),
        ("127.0.0.1", "127.0.0.1", false),
        ("127.0.0.1", "127.0.0.1:1314", false),
        ("127.0.0.1", "127.0.0.1:01313", false),
        ("127.0.0.1", "127.0.0.1:", false),
        ("127.0.0.1", "127.0.0.2:1313", false),
        ("127.0.0.1", "[::1]:1313", false),
        ("127.0.0.1", "rebound.example:1313", false),
        ("127.0.0.1", "localhost.:1313", false),
        ("127.0.0.1", "user@127.0.0.1:1313", false),
        ("127.0.0.1", "127.0.0.1:1313:1313", false),
        ("127.0.0.1", "", false),
        ("localhost", "localhost:1313", true),
        ("localhost", "127.0.0.1:1313", true),
        ("::1", "[::1]:1313", true),
        ("::1", "[0:0::1]:1313", true),
        ("::1", "localhost:1313", true),
        ("::1", "::1:1313", false),
        ("::1", "[::1]x:1313", false),
        ("::1", "127.0.0.1:1313", false),
        ("192.0.2.7", "192.0.2.7:1313", true),
        ("192.0.2.7", "localhost:1313", false),
        ("0.0.0.0", "192.0.2.7:1313", true),
        ("0.0.0.0", "localhost:1313", true),
        ("0.0.0.0", "rebound.example:1313", false),
        ("::", "[2001:db8::1]:1313", true),
        ("::", "192.0.2.7:1313", true),
    ]

    @Test(arguments: cases)
    func onlyTheServersOwnNamesAreAccepted(bound: String, host: String, accepted: Bool) {
        #expect(ServerAuthority(host: bound, port: 1313).accepts(host: host) == accepted)
    }

    /// Browsers leave port 80 out of Host and Origin: accepted without a port only there.
    @Test func port80MayBeLeftOut() {
        let eighty = ServerAuthority(host: "127.0.0.1", port: 80)
        #expect(eighty.accepts(host: "127.0.0.1"))
        #expect(eighty.accepts(host: "localhost:80"))
        #expect(eighty.accepts(origin: "http://localhost"))
        #expect(!eighty.accepts(host: "127.0.0.1:8080"))
    }

    @Test func originsAreHTTPAndAnAcceptedHost() {
        let authority = ServerAuthority(host: "127.0.0.1", port: 1313)
        #expect(authority.accepts(origin: "http://127.0.0.1:1313"))
        #expect(authority.accepts(origin: "http://localhost:1313"))
        #expect(!authority.accepts(origin: "https://127.0.0.1:1313"))
        #expect(!authority.accepts(origin: "null"))
        #expect(!authority.accepts(origin: "http://127.0.0.1:1313/"))
    }

    @Test(arguments: [("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("::1", true),
                      ("0.0.0.0", false), ("192.168.1.2", false), ("::", false), ("10.0.0.1", false)])
    func loopbackAddresses(host: String, loopback: Bool) {
        #expect(ServerAuthority(host: host, port: 1).isLoopback == loopback)
    }

    @Test func theOriginIsWrittenAsABrowserWritesIt() {
        #expect(ServerAuthority(host: "::1", port: 1313).origin == "http://[::1]:1313")
        #expect(ServerAuthority(host: "0:0::1", port: 1313).origin == "http://[::1]:1313")
        #expect(ServerAuthority(host: "localhost", port: 1313).origin == "http://localhost:1313")
        #expect(ServerAuthority(host: "127.0.0.1", port: 1313).expected == "127.0.0.1:1313 or localhost:1313")
    }

    /// RFC 9112, 3.2: HTTP/1.1 needs exactly one Host; HTTP/1.0 may have none, never two.
    @Test(arguments: [("GET / HTTP/1.1\r\n", "No Host header"),
                      ("GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\nHost: 127.0.0.1:1\r\n", "More than one Host header"),
                      ("GET / HTTP/1.0\r\nhost: a\r\nHOST: b\r\n", "More than one Host header"),
                      ("GET / HTTP/1.0\r\n", nil), ("GET / HTTP/1.1\r\nhost: a\r\n", nil)])
    func hostHeadersAreCounted(head: String, refusal: String?) {
        let bytes = Array((head + "\r\n").utf8)
        guard let end = RequestHead.findEnd(bytes) else { Issue.record("no end"); return }
        switch RequestHead.parse(bytes[..<end.headLength]) {
        case .success: #expect(refusal == nil)
        case .failure(let refused):
            #expect(refused.response.status == 400)
            #expect(String(decoding: refused.response.body, as: UTF8.self) == (refusal ?? "?") + "\n")
        }
    }

    @Test func aServerAnswersOnlyItsOwnHost() throws {
        let server = try LocalServer(host: "127.0.0.1", port: 0) { _ in .response(.text(200, "page")) }
        server.start()
        defer { server.stop() }
        #expect(RawClient.get(server.port, "/").text == "page\n")
        #expect(RawClient.get(server.port, "/", host: "localhost:\(server.port)").text == "page\n")
        let foreign = RawClient.get(server.port, "/", host: "rebound.example:\(server.port)")
        #expect(foreign.status == 400)
        #expect(foreign.text == "Unknown Host: this server is 127.0.0.1:\(server.port) or localhost:\(server.port)\n")
        #expect(RawClient.exchange(server.port, "GET / HTTP/1.0\r\n\r\n").text == "page\n")
    }
}
