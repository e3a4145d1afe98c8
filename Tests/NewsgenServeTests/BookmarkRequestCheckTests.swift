import Foundation
import NewsgenServer
import Testing
@testable import NewsgenServe

@Suite("Who may change the manifest")
struct BookmarkRequestCheckTests {
    let check = BookmarkRequestCheck(token: "secret-token", address: ServerAuthority(host: "127.0.0.1", port: 1313))

    /// A POST with the headers `token | host | origin` ("-" leaves one out).
    func request(_ headers: String) -> HTTPRequest {
        let values = headers.components(separatedBy: " | ")
        var named: [(name: String, value: String)] = []
        for (name, value) in zip(["X-Newsgen-Token", "Host", "Origin"], values) where value != "-" { named.append((name, value)) }
        return HTTPRequest(method: "POST", target: "/__newsgen/bookmark", headers: named, body: Data("3f9a1c0d5e7b2a64".utf8))
    }

    @Test func allThreeRightPasses() {
        #expect(check.refusal(request("secret-token | 127.0.0.1:1313 | http://127.0.0.1:1313")) == nil)
    }

    /// Token, Host and Origin as `token | host | origin`, "-" for a header left out; then the reason.
    static let wrong: [(String, String)] = [
        ("- | 127.0.0.1:1313 | http://127.0.0.1:1313", "missing or wrong X-Newsgen-Token"),
        ("secret-tokem | 127.0.0.1:1313 | http://127.0.0.1:1313", "missing or wrong X-Newsgen-Token"),
        ("secret-token | 127.0.0.1:1313 | http://127.0.0.1:8000", "Origin is not http://127.0.0.1:1313"),
        ("secret-token | 127.0.0.1:1313 | -", "Origin is not http://127.0.0.1:1313"),
        ("secret-token | 127.0.0.1:1313 | null", "Origin is not http://127.0.0.1:1313"),
        ("secret-token | evil.example:1313 | http://evil.example:1313", "Host is not 127.0.0.1:1313 or localhost:1313"),
        ("secret-token | - | http://127.0.0.1:1313", "Host is not 127.0.0.1:1313 or localhost:1313"),
        ("secret-token | 127.0.0.1:1314 | http://127.0.0.1:1313", "Host is not 127.0.0.1:1313 or localhost:1313"),
    ]

    @Test(arguments: wrong)
    func anyOneWrongIsRefused(headers: String, reason: String) {
        #expect(check.refusal(request(headers)) == reason)
    }

    @Test func localhostAcceptsItsNameAndItsAddress() {
        let local = BookmarkRequestCheck(token: "t", address: ServerAuthority(host: "localhost", port: 9))
        #expect(local.refusal(request("t | localhost:9 | http://localhost:9")) == nil)
        #expect(local.refusal(request("t | 127.0.0.1:9 | http://127.0.0.1:9")) == nil)
    }

    @Test func tokensAreRandomAndLong() {
        let a = PreviewRoutes.randomToken(), b = PreviewRoutes.randomToken()
        #expect(a.count == 64)
        #expect(a != b)
    }
}
