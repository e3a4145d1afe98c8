import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small, honest HTTP GET: one request, redirects followed, an overall
/// deadline and a size cap, the headers the parser needs. Retries and
/// conditional requests belong to the caller (a later issue builds them on
/// this).
///
/// URLSession's own `timeoutInterval` restarts whenever a byte arrives, so a
/// server that drips one byte a second would never time out: the deadline
/// here is for the whole exchange, and the body is counted as it arrives so
/// an oversized response is cut off instead of buffered.
public struct HTTPFetcher: Sendable {
    /// Seconds for the whole exchange, connection to last byte.
    public var deadline: Double
    /// The largest body accepted, in bytes.
    public var maxBytes: Int
    public var userAgent: String

    /// Sent with every request, so publishers can tell newsgen in their logs.
    public static let defaultUserAgent = "newsgen/0.1"

    /// A fetcher with a whole-exchange deadline (seconds) and a body limit (bytes).
    public init(deadline: Double = 30, maxBytes: Int = 20 * 1_048_576, userAgent: String = defaultUserAgent) {
        self.deadline = deadline
        self.maxBytes = maxBytes
        self.userAgent = userAgent
    }

    /// Downloads `url`; blocks the calling thread until the body is complete,
    /// the deadline passes or the limit is crossed.
    public func fetch(_ url: URL) throws(FetchError) -> FetchedDocument {
        let exchange = self.exchange(url)
        return try exchange.result.get()
    }

    /// Where every exchange's delegate callbacks run (they only append bytes, so one
    /// queue serves them all). URLSession's default delegate queue runs on libdispatch's
    /// global pool, which on Linux grows by about one thread a second once its threads
    /// are blocked, as they are when callers wait in `exchange` from
    /// `DispatchQueue.global()`: with eight fetches at once each answer came about a
    /// second late. A serial queue gets a thread whenever it has work. Static because
    /// `OperationQueue.underlyingQueue` does not keep its queue alive.
    private static let callbackQueue = DispatchQueue(label: "newsgen.fetch.callbacks")

    /// The most redirects followed for one request; a sixth is refused (a loop, most likely).
    public static let maxRedirects = 5

    /// One request with extra headers (conditional GET), a 304 taken as an
    /// answer rather than a failure, and what the caller needs to decide on a
    /// retry (`Retry-After`) or to suggest a new address (a permanent redirect).
    public func exchange(_ url: URL, headers: [String: String] = [:]) -> HTTPExchange {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return HTTPExchange(result: .failure(.unsupportedScheme(scheme)), retryAfter: nil, permanentRedirect: nil)
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: deadline + 1)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/atom+xml, application/rss+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8",
                         forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }

        let download = Download(maxBytes: maxBytes)
        let configuration = URLSessionConfiguration.ephemeral
        // A second beyond the overall deadline, so a silent server is reported by
        // the deadline below (in its words) rather than by URLSession.
        configuration.timeoutIntervalForRequest = deadline + 1
        configuration.timeoutIntervalForResource = deadline + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let callbacks = OperationQueue()
        callbacks.maxConcurrentOperationCount = 1
        callbacks.underlyingQueue = Self.callbackQueue
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: callbacks)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        if download.finished.wait(timeout: .now() + deadline) == .timedOut {
            task.cancel()
            return HTTPExchange(result: .failure(.timedOut(seconds: deadline)), retryAfter: nil, permanentRedirect: nil)
        }
        do throws(FetchError) {
            return HTTPExchange(result: .success(try download.result(requested: url)), retryAfter: nil,
                                permanentRedirect: download.permanentTarget, date: download.serverDate)
        } catch {
            return HTTPExchange(result: .failure(error), retryAfter: download.retryAfter, permanentRedirect: nil,
                                date: download.serverDate)
        }
    }
}

/// What one `HTTPFetcher.exchange` brought back.
public struct HTTPExchange: Sendable {
    /// The document (status 2xx or 304) or why there is none.
    public var result: Result<FetchedDocument, FetchError>
    /// The `Retry-After` header of a failed answer, as sent.
    public var retryAfter: String?
    /// Where a chain of permanent redirects (301/308) ended, when the first hop was one.
    public var permanentRedirect: URL?
    /// The response's `Date` header, as sent: the server's own clock, against which
    /// a `Retry-After` date is measured (see `RetryAfter`).
    public var date: String? = nil
}

/// The delegate that collects one response; its state is guarded by a lock
/// because URLSession calls it on its own queue.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private let maxBytes: Int
    private let lock = NSLock()
    private var body = Data()
    private var response: HTTPURLResponse?
    private var failure: FetchError?
    private var redirects = 0
    private var allPermanent = true
    private var permanent: URL?
    private var retryAfterValue: String?
    private var dateValue: String?

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    var permanentTarget: URL? { lock.withLock { permanent } }
    var retryAfter: String? { lock.withLock { retryAfterValue } }
    var serverDate: String? { lock.withLock { dateValue } }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let refused = lock.withLock { () -> Bool in
            redirects += 1
            let scheme = request.url?.scheme?.lowercased() ?? ""
            if scheme != "http" && scheme != "https" {
                if failure == nil { failure = .unsupportedScheme(scheme) }
                return true
            }
            if redirects > HTTPFetcher.maxRedirects {
                if failure == nil { failure = .transport("more than \(HTTPFetcher.maxRedirects) redirects (a redirect loop?)") }
                return true
            }
            allPermanent = allPermanent && (response.statusCode == 301 || response.statusCode == 308)
            permanent = allPermanent ? request.url : nil
            return false
        }
        if refused {
            completionHandler(nil)
            task.cancel()
            finished.signal()
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let failure: FetchError? = if let http, !(200...299).contains(http.statusCode), http.statusCode != 304 {
            .httpStatus(http.statusCode)
        } else if response.expectedContentLength > Int64(maxBytes) {
            .tooLarge(limit: maxBytes)
        } else {
            nil
        }
        lock.withLock {
            if self.failure == nil { self.response = http }
            retryAfterValue = http?.value(forHTTPHeaderField: "Retry-After")
            dateValue = http?.value(forHTTPHeaderField: "Date")
            if self.failure == nil { self.failure = failure }
        }
        guard failure != nil else { completionHandler(.allow); return }
        completionHandler(.cancel)
        // FoundationNetworking does not always report a task cancelled by its
        // disposition, so end it and the wait here (a second signal is harmless).
        dataTask.cancel()
        finished.signal()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            guard failure == nil else { return false }
            body.append(data)
            if body.count > maxBytes {
                failure = .tooLarge(limit: maxBytes)
                body = Data()
                return true
            }
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock {
            guard failure == nil, let error else { return }
            if let response, Self.endsTheBody(error) {
                failure = Self.truncation(received: body.count, response: response)
            } else {
                failure = .transport(Self.describe(error))
            }
        }
        finished.signal()
    }

    func result(requested url: URL) throws(FetchError) -> FetchedDocument {
        let (body, response, failure) = lock.withLock { (self.body, self.response, self.failure) }
        if let failure { throw failure }
        guard let response else { throw .transport("the server sent no HTTP response") }
        func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }
        var document = FetchedDocument(data: body, url: response.url ?? url, contentType: header("Content-Type"),
                                       contentLocation: header("Content-Location"), contentLanguage: header("Content-Language"))
        document.status = response.statusCode
        document.etag = header("ETag")
        document.lastModified = header("Last-Modified")
        return document
    }

    /// Whether `error`, once the response has begun, means the connection ended
    /// early. FoundationNetworking reports libcurl's "transfer closed with N bytes
    /// remaining to read" (a short `Content-Length` body or an unfinished chunked
    /// one) as URLError `.unknown`, and a reset as `.networkConnectionLost`.
    static func endsTheBody(_ error: Error) -> Bool {
        guard let code = (error as? URLError)?.code else { return false }
        return code == .unknown || code == .networkConnectionLost
    }

    /// A cut-short body, with its byte counts when they compare like with like:
    /// a body that was not content-encoded (URLSession hands out decoded bytes),
    /// with a `Content-Length` it fell short of.
    static func truncation(received: Int, response: HTTPURLResponse) -> FetchError {
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased()
        let announced = response.expectedContentLength
        guard encoding == nil || encoding == "identity" || encoding == "", announced >= 0, Int64(received) < announced else {
            return .truncated(received: nil, announced: nil)
        }
        return .truncated(received: received, announced: Int(announced))
    }

    /// URLError's codes in words; Foundation's own descriptions on Linux are only domain and number.
    static func describe(_ error: Error) -> String {
        guard let urlError = error as? URLError else { return (error as NSError).localizedDescription }
        switch urlError.code {
        case .cannotConnectToHost: return "could not connect (connection refused)"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .timedOut: return "the connection timed out"
        case .networkConnectionLost: return "the connection was closed before the response was complete"
        case .notConnectedToInternet: return "no network connection"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return "too many or broken redirects"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "the TLS connection failed (certificate or handshake)"
        case .badServerResponse: return "the server's response was not valid HTTP"
        case .unsupportedURL, .badURL: return "the URL is not valid"
        default:
            // libcurl's own words, when FoundationNetworking passed them on.
            if let detail = urlError.userInfo[NSLocalizedDescriptionKey] as? String, !detail.isEmpty {
                return "network error: \(detail)"
            }
            return "network error (URLError \(urlError.code.rawValue))"
        }
    }
}

