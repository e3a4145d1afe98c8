import Foundation
@testable import NewsgenKit

/// An in-process HTTP server behind `HTTPTransport`, for the logic of fetching: each URL
/// answers from a script played in order (its last answer repeats: a 503 with Retry-After,
/// then a 200), or from a handler that reads the request (a conditional GET). It records
/// every request and every sleep asked, and keeps a monotonic clock that requests and
/// sleeps move, so retries, back-off, deadlines and redirects run in memory, at once,
/// without a socket or Python. A URL with no script answers 404.
final class HTTPStub: @unchecked Sendable {
    /// One scripted answer.
    enum Answer: Sendable {
        case response(HTTPResponse)
        case failure(FetchError)
        /// Made from the request, as a server would.
        case handler(@Sendable (HTTPRequest) -> HTTPResponse)
    }

    private let lock = NSLock()
    private var scripts: [String: [Answer]]
    private var served: [String: Int] = [:]
    private var seen: [HTTPRequest] = []
    private var slept: [Double] = []
    private var answered: [(url: String, status: Int)] = []
    private var timeline: [(url: String, start: Double, end: Double)] = []
    private var now = 0.0
    /// Seconds each request takes on `network.clock`.
    let secondsPerRequest: Double

    /// A stub answering each URL of `table` with its response, always.
    init(_ table: [String: HTTPResponse] = [:], secondsPerRequest: Double = 0) {
        scripts = table.mapValues { [.response($0)] }
        self.secondsPerRequest = secondsPerRequest
    }

    /// `url` answers with `answers` in turn, then keeps giving the last.
    func on(_ url: String, _ answers: Answer...) {
        lock.withLock { scripts[url] = answers }
    }

    /// `url` answers with `responses` in turn, then keeps giving the last.
    func on(_ url: String, _ responses: HTTPResponse...) {
        lock.withLock { scripts[url] = responses.map(Answer.response) }
    }

    /// Every request, in the order sent.
    var requests: [HTTPRequest] { lock.withLock { seen } }
    var urls: [String] { requests.map(\.url.absoluteString) }
    /// Every wait asked between attempts, in seconds, in order.
    var sleeps: [Double] { lock.withLock { slept } }
    /// Every request's URL and when it started and ended on `network.clock`, in the order sent.
    var exchanges: [(url: String, start: Double, end: Double)] { lock.withLock { timeline } }

    /// The statuses answered to `url`, in order (a scripted failure has none).
    func statuses(of url: String) -> [Int] { lock.withLock { answered.filter { $0.url == url }.map(\.status) } }

    /// How many times `url` was answered with `status`.
    func answers(_ status: Int, _ url: String) -> Int { statuses(of: url).filter { $0 == status }.count }

    /// The requests to one URL.
    func requests(to url: String) -> [HTTPRequest] { requests.filter { $0.url.absoluteString == url } }

    /// Sends through the script, held to the transport's contract (`HTTPTransport.answering`).
    var transport: HTTPTransport {
        HTTPTransport.answering { request in self.answer(request) }
    }

    /// The stub as the build's network: its transport, a sleeper that only records and moves
    /// the clock, and that clock.
    var network: Network {
        Network(transport: transport,
                sleep: { seconds in self.lock.withLock { self.slept.append(seconds); self.now += seconds } },
                clock: { self.lock.withLock { self.now } })
    }

    /// A fetcher over the stub's network.
    func fetcher(deadline: Double = 30, maxBytes: Int = 20 * 1_048_576, userAgent: String = HTTPFetcher.defaultUserAgent) -> HTTPFetcher {
        network.fetcher(deadline: deadline, maxBytes: maxBytes, userAgent: userAgent)
    }

    private func answer(_ request: HTTPRequest) -> Result<HTTPResponse, FetchError> {
        let key = request.url.absoluteString
        let scripted: Answer? = lock.withLock {
            seen.append(request)
            timeline.append((key, now, now + secondsPerRequest))
            now += secondsPerRequest
            guard let script = scripts[key], !script.isEmpty else { return nil }
            let turn = served[key, default: 0]
            served[key] = turn + 1
            return script[min(turn, script.count - 1)]
        }
        let response: HTTPResponse
        switch scripted {
        case nil: response = HTTPResponse(status: 404)
        case .response(let scriptedResponse): response = scriptedResponse
        case .failure(let error): return .failure(error)
        case .handler(let handle): response = handle(request)
        }
        lock.withLock { answered.append((key, response.status)) }
        return .success(response)
    }
}

extension HTTPStub {
    /// An RSS feed of one item whose title and guid are `name`, as the Python fixtures serve it.
    static func feed(_ name: String, headers: [(String, String)] = [], contentType: String = "application/rss+xml; charset=utf-8") -> HTTPResponse {
        let xml = #"<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Fixture</title>"#
            + #"<link>http://example.com/</link><item><title>\#(name)</title><link>http://example.com/\#(name)</link>"#
            + #"<guid isPermaLink="false">\#(name)</guid><pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate></item>"#
            + "</channel></rss>"
        return HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", contentType)] + headers.map { .init($0.0, $0.1) }),
                            body: Data(xml.utf8))
    }

    /// An HTML page whose title is `name`, as an article's link serves it.
    static func page(_ name: String, contentType: String? = "text/html; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: 200, headers: HTTPHeaders(contentType.map { [.init("Content-Type", $0)] } ?? []),
                     body: Data("<!doctype html><title>\(name)</title><p>\(name)</p>".utf8))
    }

    /// A robots.txt of `lines`, as a host serves it.
    static func robots(_ lines: String...) -> HTTPResponse {
        HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "text/plain")]),
                     body: Data(lines.joined(separator: "\n").utf8))
    }

    static func status(_ code: Int, _ headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: code, headers: HTTPHeaders(headers.map { .init($0.0, $0.1) }))
    }

    static func redirect(_ status: Int, to location: String) -> HTTPResponse {
        Self.status(status, [("Location", location)])
    }

    /// `response` with its validators; a 304 when a request sends both of them back.
    static func validated(_ response: HTTPResponse, etag: String, lastModified: String) -> Answer {
        var withValidators = response
        withValidators.headers.set("ETag", etag)
        withValidators.headers.set("Last-Modified", lastModified)
        let fresh = withValidators
        return .handler { request in
            guard request.headers["If-None-Match"] == etag, request.headers["If-Modified-Since"] == lastModified else { return fresh }
            return Self.status(304, [("ETag", etag)])
        }
    }
}
