import Foundation
import NewsgenModel

/// A small, honest HTTP GET: redirects followed (by newsgen, `RedirectChain`), one
/// deadline for the whole exchange, a size cap on the decoded body, and the headers the
/// parser needs. Retries and conditional requests belong to the caller (`SourceFetcher`,
/// `ImageCache`).
///
/// The deadline counts every hop together, from the first connection to the last byte: a
/// server that drips one byte a second, or redirects slowly, is cut off at `deadline`.
/// The body is counted as it is decoded, so an oversized response or a compression bomb
/// is stopped at `maxBytes` instead of buffered (ADR 016).
public struct HTTPFetcher: Sendable {
    /// Seconds for the whole exchange, connection to last byte, every redirect included.
    public var deadline: Double
    /// The largest body accepted, in bytes, after gzip or deflate decoding.
    public var maxBytes: Int
    public var userAgent: String
    /// The `Accept` header sent by default: feed formats (`accept`), or what another caller
    /// asks for (article pages, ADR 024). A header given to `exchange` still wins.
    public var accept: String
    /// Sends each request, one per hop: libcurl, or another behind the same contract.
    public var transport: HTTPTransport
    /// Monotonic seconds, for the deadline (a test can pass a clock it moves itself).
    public var clock: @Sendable () -> Double

    /// Sent with every request, so publishers can tell newsgen in their logs.
    public static let defaultUserAgent = NewsgenVersion.userAgent

    /// Feed formats first; `ImageCache` sends its own.
    public static let accept = "application/atom+xml, application/rss+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"

    /// The most redirects followed for one request; a sixth is refused (a loop, most likely).
    public static let maxRedirects = 5

    /// A fetcher with a whole-exchange deadline (seconds) and a body limit (bytes).
    public init(deadline: Double = 30, maxBytes: Int = 20 * 1_048_576, userAgent: String = defaultUserAgent,
                accept: String = HTTPFetcher.accept,
                transport: HTTPTransport = .live, clock: @escaping @Sendable () -> Double = HTTPFetcher.monotonicSeconds) {
        self.deadline = deadline
        self.maxBytes = maxBytes
        self.userAgent = userAgent
        self.accept = accept
        self.transport = transport
        self.clock = clock
    }

    /// Seconds on a clock that only moves forward (not the wall clock, which can jump).
    public static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Downloads `url`; blocks the calling thread until the body is complete,
    /// the deadline passes or the limit is crossed.
    public func fetch(_ url: URL) throws(FetchError) -> FetchedDocument {
        try exchange(url).result.get()
    }

    /// One request with extra headers (conditional GET, another `Accept`), a 304 taken as
    /// an answer rather than a failure, and what the caller needs to decide on a retry
    /// (`Retry-After`, the server's `Date`) or to suggest a new address (a permanent redirect).
    public func exchange(_ url: URL, headers extra: [String: String] = [:]) -> HTTPExchange {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else { return HTTPExchange(failure: .unsupportedScheme(scheme)) }
        var headers = HTTPHeaders([.init("User-Agent", userAgent), .init("Accept", accept)])
        for name in extra.keys.sorted() { headers.set(name, extra[name] ?? "") }
        let start = clock()
        var chain = RedirectChain(from: url, limit: Self.maxRedirects)
        while true {
            let remaining = deadline - (clock() - start)
            guard remaining > 0 else { return HTTPExchange(failure: .timedOut(seconds: deadline)) }
            let response: HTTPResponse
            switch transport.send(HTTPRequest(url: chain.current, headers: headers, timeout: remaining, maxBytes: maxBytes)) {
            case .success(let answer): response = answer
            // The transport knows only the time this hop had; the exchange had `deadline`.
            case .failure(.timedOut): return HTTPExchange(failure: .timedOut(seconds: deadline))
            case .failure(let error): return HTTPExchange(failure: error)
            }
            switch chain.next(after: response) {
            case .success(.some): continue
            case .success(.none): return Self.answer(response, from: chain.current, permanentRedirect: chain.permanentTarget)
            case .failure(let error): return HTTPExchange(failure: error, date: response.headers["Date"])
            }
        }
    }

    /// The final response as a document (2xx, 304) or as the failure of its status.
    private static func answer(_ response: HTTPResponse, from url: URL, permanentRedirect: URL?) -> HTTPExchange {
        let headers = response.headers
        guard (200...299).contains(response.status) || response.status == 304 else {
            return HTTPExchange(result: .failure(.httpStatus(response.status)), retryAfter: headers["Retry-After"],
                                permanentRedirect: nil, date: headers["Date"])
        }
        var document = FetchedDocument(data: response.body, url: url, contentType: headers["Content-Type"],
                                       contentLocation: headers["Content-Location"], contentLanguage: headers["Content-Language"])
        document.status = response.status
        document.etag = headers["ETag"]
        document.lastModified = headers["Last-Modified"]
        return HTTPExchange(result: .success(document), retryAfter: nil, permanentRedirect: permanentRedirect, date: headers["Date"])
    }
}

/// What one `HTTPFetcher.exchange` brought back.
public struct HTTPExchange: Sendable {
    /// The document (status 2xx or 304) or why there is none.
    public var result: Result<FetchedDocument, FetchError>
    /// The `Retry-After` header of a failed answer, as sent.
    public var retryAfter: String?
    /// Where a chain of permanent redirects (301/308) ended, when every hop was one.
    public var permanentRedirect: URL?
    /// The response's `Date` header, as sent: the server's own clock, against which
    /// a `Retry-After` date is measured (see `RetryAfter`).
    public var date: String? = nil

    init(result: Result<FetchedDocument, FetchError>, retryAfter: String?, permanentRedirect: URL?, date: String? = nil) {
        self.result = result
        self.retryAfter = retryAfter
        self.permanentRedirect = permanentRedirect
        self.date = date
    }

    init(failure: FetchError, date: String? = nil) {
        self.init(result: .failure(failure), retryAfter: nil, permanentRedirect: nil, date: date)
    }
}
