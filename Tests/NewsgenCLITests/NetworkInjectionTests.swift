import Foundation
import Testing
@testable import NewsgenCLI
import NewsgenKit

/// The command line passes its one `Network` down to every command that fetches, so a test
/// (and later a `serve` loop) can put another behind `newsgen` without a socket.
@Suite("Command line: the network is passed in")
struct NetworkInjectionTests {
    private final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [String] = []
        func append(_ url: String) { lock.withLock { urls.append(url) } }
        var all: [String] { lock.withLock { urls } }
    }

    @Test("inspect fetches through the network it is given, not libcurl")
    func inspectUsesTheGivenNetwork() {
        let seen = Requests()
        let rss = Data("<rss version=\"2.0\"><channel><title>Stub</title><item><title>One</title></item></channel></rss>".utf8)
        let transport = HTTPTransport.answering { request in
            seen.append(request.url.absoluteString)
            return .success(HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "application/rss+xml")]), body: rss))
        }
        // feeds.invalid cannot resolve: only the stub can answer it.
        let code = NewsgenCLI.run(["inspect", "http://feeds.invalid/feed.xml"], currentDirectory: NSTemporaryDirectory(),
                                  environment: ["NO_COLOR": "1"], network: Network(transport: transport, sleep: { _ in }))
        #expect(code == NewsgenCLI.exitSuccess)
        #expect(seen.all == ["http://feeds.invalid/feed.xml"])
    }
}
