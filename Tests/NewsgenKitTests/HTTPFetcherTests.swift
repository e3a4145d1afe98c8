import Foundation
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

@Suite("HTTP fetch", .serialized, Prerequisite.require(FixtureHTTPServer.pythonAvailable, "needs python3 for the fixture server"))
struct HTTPFetcherTests {
    @Test func downloadsTheBodyWithTheHeadersTheParserNeeds() throws {
        let server = try FixtureHTTPServer.start()
        defer { server.stop() }
        let document = try HTTPFetcher().fetch(server.endpoint("/feed.xml"))
        #expect(String(decoding: document.data, as: UTF8.self) == FixtureHTTPServer.feed)
        #expect(document.contentType == "application/rss+xml; charset=utf-8")
        #expect(document.url == server.endpoint("/feed.xml"))
        #expect(document.baseURL == server.endpoint("/feed.xml"))
        #expect(document.contentLocation == nil)
    }

    @Test func sendsNewsgensUserAgent() throws {
        let server = try FixtureHTTPServer.start()
        defer { server.stop() }
        let document = try HTTPFetcher().fetch(server.endpoint("/agent"))
        #expect(String(decoding: document.data, as: UTF8.self) == "newsgen/0.1")
    }

    @Test func followsRedirectsAndReportsTheFinalURL() throws {
        let server = try FixtureHTTPServer.start()
        defer { server.stop() }
        let document = try HTTPFetcher().fetch(server.endpoint("/redirect"))
        #expect(document.url == server.endpoint("/feed.xml"))
        #expect(document.contentType == "application/rss+xml; charset=utf-8")
    }

    @Test func contentLocationBecomesTheBaseURL() throws {
        let server = try FixtureHTTPServer.start()
        defer { server.stop() }
        let document = try HTTPFetcher().fetch(server.endpoint("/located"))
        #expect(document.contentLocation == "http://example.org/base/feed")
        #expect(document.contentLanguage == "fr")
        #expect(document.baseURL.absoluteString == "http://example.org/base/feed")
    }

    @Test func anErrorStatusIsAFailureWithTheCode() throws {
        let server = try FixtureHTTPServer.start()
        defer { server.stop() }
        #expect(throws: FetchError.httpStatus(404)) { try HTTPFetcher().fetch(server.endpoint("/missing")) }
        #expect(FetchError.httpStatus(404).description == "the server answered HTTP 404 (not found)")
        #expect(FetchError.httpStatus(418).description == "the server answered HTTP 418")
    }

    @Test func aBodyOverTheLimitIsRefusedWhetherAnnouncedOrNot() throws {
        let server = try FixtureHTTPServer.start()
        defer { server.stop() }
        #expect(throws: FetchError.tooLarge(limit: 20 * 1_048_576)) { try HTTPFetcher().fetch(server.endpoint("/announced-huge")) }
        #expect(throws: FetchError.tooLarge(limit: 1_048_576)) {
            try HTTPFetcher(maxBytes: 1_048_576).fetch(server.endpoint("/chunked-big"))
        }
        #expect(FetchError.tooLarge(limit: 20 * 1_048_576).description == "the response is larger than 20 MB")
    }

    @Test func theDeadlineCoversTheWholeExchange() throws {
        let server = try FixtureHTTPServer.start()
        defer { server.stop() }
        let started = Date()
        #expect(throws: FetchError.timedOut(seconds: 1)) { try HTTPFetcher(deadline: 1).fetch(server.endpoint("/drip")) }
        #expect(Date().timeIntervalSince(started) < 5, "a server dripping a byte every 0.2 s must not hold the fetch")
        #expect(FetchError.timedOut(seconds: 1).description == "no complete response within 1 second")
        #expect(FetchError.timedOut(seconds: 30).description == "no complete response within 30 seconds")
    }

    @Test func aClosedPortIsAConnectionError() throws {
        let server = try FixtureHTTPServer.start()
        let url = server.endpoint("/feed.xml")
        server.stop()
        #expect(throws: FetchError.transport("could not connect (connection refused)")) { try HTTPFetcher(deadline: 5).fetch(url) }
    }

    /// A `Content-Length` of 600 and 100 bytes, then the connection closes: libcurl reports
    /// "transfer closed with 500 bytes remaining to read" (CURLE_PARTIAL_FILE).
    @Test func aBodyCutShortSaysSo() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        #expect(throws: FetchError.truncated(received: 100, announced: 600)) {
            try HTTPFetcher(deadline: 5).fetch(server.endpoint("/truncated.xml"))
        }
        #expect(FetchError.truncated(received: 100, announced: 600).description
                == "the connection closed before the whole body arrived (100 of the 600 bytes announced)")
        #expect(FetchError.truncated(received: nil, announced: nil).description == "the connection closed before the whole body arrived")
    }

    /// The response's `Date` and `Retry-After` come back as sent, so a date can be measured by the server's clock.
    @Test func theExchangeCarriesTheServersDate() throws {
        let server = try FetchFixtureServer.start()
        defer { server.stop() }
        let exchange = HTTPFetcher(deadline: 5).exchange(server.endpoint("/much-later"))
        #expect(exchange.result == .failure(.httpStatus(429)))
        let date = try #require(exchange.date)
        let retryAfter = try #require(exchange.retryAfter)
        let serverNow = try #require(RetryAfter.httpDate(date))
        #expect(abs(serverNow.timeIntervalSinceNow + 86_400) < 60, "the fixture's clock is a day slow")
        #expect(RetryAfter.delay(retryAfter, serverDate: date) == 3600)

        let answered = HTTPFetcher(deadline: 5).exchange(server.endpoint("/first.xml"))
        #expect(answered.date.flatMap { RetryAfter.httpDate($0) } != nil)
        #expect(answered.retryAfter == nil)
    }

    @Test func onlyHTTPAndHTTPSAreFetched() {
        #expect(throws: FetchError.unsupportedScheme("ftp")) { try HTTPFetcher().fetch(URL(string: "ftp://example.org/feed")!) }
    }
}
