import Foundation

/// One GET, exactly as `HTTPTransport` is asked to send it: no redirect is followed below
/// `HTTPFetcher`, which asks again for each hop.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    /// Sent as given, in this order.
    public var headers: HTTPHeaders
    /// Seconds left for this request, connection to last byte: what the exchange's
    /// deadline leaves after the hops before it.
    public var timeout: Double
    /// The most body bytes accepted, counted after gzip or deflate decoding.
    public var maxBytes: Int

    public init(url: URL, headers: HTTPHeaders = HTTPHeaders(), timeout: Double, maxBytes: Int) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maxBytes = maxBytes
    }
}

/// What one request brought back.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// The final response's header fields (not those of `1xx` answers before it).
    public var headers: HTTPHeaders
    /// The decoded body of a 2xx answer, never more than the request's `maxBytes`; empty for
    /// every other status, whose body is not read (a redirect's or an error page's).
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one request and waits for its answer on the calling thread: the edge where newsgen
/// touches the network, as a value, so tests and later callers can put another behind
/// `HTTPFetcher`. `live` is libcurl (`CurlTransport`); `answering` wraps answers made up in memory (the tests' `HTTPStub`).
///
/// The contract every transport keeps: the answer comes within `request.timeout`
/// (`FetchError.timedOut` otherwise), a body is never held past `request.maxBytes`
/// (`FetchError.tooLarge`, or `.decompressedTooLarge` for an encoded one), and an answer
/// that is not 2xx comes back as a response (its status and headers), not as an error.
public struct HTTPTransport: Sendable {
    public var send: @Sendable (HTTPRequest) -> Result<HTTPResponse, FetchError>

    public init(send: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, FetchError>) {
        self.send = send
    }

    /// HTTP and HTTPS through libcurl.
    public static let live = HTTPTransport(send: CurlTransport.send)

    /// A transport whose answers `respond` makes up (a test's stub, a script), held to the
    /// contract above: the body of an answer that is not 2xx is not passed on, and a body
    /// over the request's `maxBytes` is `FetchError.tooLarge`.
    public static func answering(_ respond: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, FetchError>) -> HTTPTransport {
        HTTPTransport { request in
            let response: HTTPResponse
            switch respond(request) {
            case .success(let answer): response = answer
            case .failure(let error): return .failure(error)
            }
            guard (200...299).contains(response.status) else { return .success(HTTPResponse(status: response.status, headers: response.headers)) }
            guard response.body.count <= request.maxBytes else { return .failure(.tooLarge(limit: request.maxBytes)) }
            return .success(response)
        }
    }
}
