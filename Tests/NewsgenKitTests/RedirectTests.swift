import Foundation
import Testing
@testable import NewsgenKit

/// Redirects as `HTTPFetcher` follows them itself, hop by hop, over the in-memory `HTTPStub`:
/// which are followed, where they lead, when the chain stops, what is reported.
@Suite("Redirects")
struct RedirectTests {
    static let feed = HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "application/rss+xml")]),
                                   body: Data("<rss/>".utf8))

    @Test func aLoopStopsAfterFiveRedirects() {
        let stub = HTTPStub(["http://a.example/loop": HTTPStub.redirect(302, to: "/loop")])
        let exchange = stub.fetcher().exchange(URL(string: "http://a.example/loop")!)
        #expect(exchange.result == .failure(.tooManyRedirects(limit: 5)))
        #expect(exchange.result.failure?.description == "more than 5 redirects (a redirect loop?)")
        #expect(stub.urls == Array(repeating: "http://a.example/loop", count: 6))
    }

    @Test func fiveRedirectsAreFollowedAndASixthIsRefused() {
        var table = ["http://a.example/0": Self.feed]
        for hop in 1...6 { table["http://a.example/\(hop)"] = HTTPStub.redirect(302, to: "/\(hop - 1)") }
        let stub = HTTPStub(table)
        let five = stub.fetcher().exchange(URL(string: "http://a.example/5")!)
        #expect(five.result.success?.url.absoluteString == "http://a.example/0")
        #expect(five.result.success?.data == Data("<rss/>".utf8))
        #expect(stub.fetcher().exchange(URL(string: "http://a.example/6")!).result == .failure(.tooManyRedirects(limit: 5)))
    }

    @Test(arguments: [("ftp://a.example/feed.xml", "ftp"), ("file:///etc/passwd", "file"), ("javascript:alert(1)", "javascript"),
                      ("data:text/xml,<rss/>", "data"), ("gopher://a.example/", "gopher")])
    func aRedirectToAnotherSchemeIsRefused(location: String, scheme: String) {
        let stub = HTTPStub(["http://a.example/feed": HTTPStub.redirect(301, to: location)])
        let exchange = stub.fetcher().exchange(URL(string: "http://a.example/feed")!)
        #expect(exchange.result == .failure(.redirectToScheme(scheme)))
        #expect(exchange.result.failure?.description == "the server redirected to a '\(scheme)' URL (only http and https are followed)")
        #expect(stub.urls == ["http://a.example/feed"], "nothing is asked of the other scheme")
    }

    @Test(arguments: ["http://", "http:///feed.xml", "https://:443/feed"])
    func aRedirectWithoutAHostIsRefused(location: String) {
        let stub = HTTPStub(["http://a.example/feed": HTTPStub.redirect(302, to: location)])
        let exchange = stub.fetcher().exchange(URL(string: "http://a.example/feed")!)
        #expect(exchange.result == .failure(.invalidRedirect))
        #expect(exchange.result.failure?.description == "the server redirected to an address that is not a valid URL")
    }

    /// RFC 3986 resolution against the address that sent the redirect (not the first one).
    @Test(arguments: [("../feed.xml", "http://a.example/dir/feed.xml"), ("feed.xml", "http://a.example/dir/sub/feed.xml"),
                      ("/feed.xml", "http://a.example/feed.xml"), ("?page=2", "http://a.example/dir/sub/x?page=2"),
                      ("//b.example/feed.xml", "http://b.example/feed.xml"), ("https://c.example/f", "https://c.example/f"),
                      ("  /spaced.xml ", "http://a.example/spaced.xml")])
    func aRelativeLocationIsResolvedAgainstTheAddressThatSentIt(location: String, target: String) {
        let stub = HTTPStub(["http://a.example/start": HTTPStub.redirect(302, to: "/dir/sub/x"),
                                 "http://a.example/dir/sub/x": HTTPStub.redirect(307, to: location), target: Self.feed])
        let exchange = stub.fetcher().exchange(URL(string: "http://a.example/start")!)
        #expect(exchange.result.success?.url.absoluteString == target)
        #expect(stub.urls == ["http://a.example/start", "http://a.example/dir/sub/x", target])
    }

    /// A permanent move is reported only when every hop was permanent: a temporary hop
    /// anywhere means the old address may still be the right one to ask.
    @Test(arguments: [([301], true), ([308], true), ([301, 308, 301], true), ([301, 302], false), ([302, 301], false),
                      ([307], false), ([303, 308], false)])
    func aChainOfPermanentRedirectsIsReportedAsAMove(statuses: [Int], reported: Bool) {
        var table = ["http://a.example/end": Self.feed]
        for (index, status) in statuses.enumerated() {
            let next = index == statuses.count - 1 ? "http://a.example/end" : "/hop\(index + 1)"
            table["http://a.example/hop\(index)"] = HTTPStub.redirect(status, to: next)
        }
        let exchange = HTTPStub(table).fetcher().exchange(URL(string: "http://a.example/hop0")!)
        #expect(exchange.result.success?.url.absoluteString == "http://a.example/end")
        #expect(exchange.permanentRedirect?.absoluteString == (reported ? "http://a.example/end" : nil))
    }

    @Test func aRedirectStatusWithoutALocationIsTheAnswer() {
        let exchange = HTTPStub(["http://a.example/feed": HTTPResponse(status: 302)]).fetcher()
            .exchange(URL(string: "http://a.example/feed")!)
        #expect(exchange.result == .failure(.httpStatus(302)))
    }

    /// 300 (multiple choices) and 305 (use proxy) are not followed, as browsers do not.
    @Test(arguments: [300, 305])
    func otherRedirectStatusesAreNotFollowed(status: Int) {
        let exchange = HTTPStub(["http://a.example/feed": HTTPStub.redirect(status, to: "/other")]).fetcher()
            .exchange(URL(string: "http://a.example/feed")!)
        #expect(exchange.result == .failure(.httpStatus(status)))
    }

    /// Every hop carries the same headers: the User-Agent, the Accept and a conditional request's validators.
    @Test func everyHopSendsTheSameHeaders() throws {
        let stub = HTTPStub(["http://a.example/old": HTTPStub.redirect(301, to: "https://b.example/new"), "https://b.example/new": Self.feed])
        _ = stub.fetcher().exchange(URL(string: "http://a.example/old")!, headers: ["If-None-Match": #""v1""#, "Accept": "image/png"])
        let expected = HTTPHeaders([.init("User-Agent", "newsgen/0.1"), .init("Accept", "image/png"), .init("If-None-Match", #""v1""#)])
        #expect(stub.requests.map(\.headers) == [expected, expected])
    }

    /// The deadline is for the whole exchange: each hop gets what the ones before it left,
    /// and when nothing is left the exchange ends, however quickly each hop answered.
    @Test func theDeadlineCountsEveryHopTogether() {
        var table = ["http://a.example/0": Self.feed]
        for hop in 1...4 { table["http://a.example/\(hop)"] = HTTPStub.redirect(302, to: "/\(hop - 1)") }
        let stub = HTTPStub(table, secondsPerRequest: 0.375)
        let exchange = stub.fetcher(deadline: 1).exchange(URL(string: "http://a.example/4")!)
        #expect(exchange.result == .failure(.timedOut(seconds: 1)))
        #expect(stub.requests.map(\.timeout) == [1, 0.625, 0.25])
    }

    /// A hop that times out is reported with the exchange's deadline, not with what that hop had left.
    @Test func aTimeoutIsReportedWithTheWholeDeadline() {
        let transport = HTTPTransport { request in
            request.url.path == "/slow" ? .failure(.timedOut(seconds: request.timeout)) : .success(HTTPStub.redirect(302, to: "/slow"))
        }
        let exchange = HTTPFetcher(deadline: 20, transport: transport).exchange(URL(string: "http://a.example/start")!)
        #expect(exchange.result == .failure(.timedOut(seconds: 20)))
    }
}

extension Result {
    var success: Success? { if case .success(let value) = self { value } else { nil } }
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
