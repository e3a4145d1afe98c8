/// Why a download failed, in words a person can act on. The URL is not part
/// of the message: the caller puts it in front (`error: URL: reason`).
public enum FetchError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Only `http` and `https` are fetched.
    case unsupportedScheme(String)
    /// The server answered with a status outside 200–299.
    case httpStatus(Int)
    /// The body (announced or received) is over the limit.
    case tooLarge(limit: Int)
    /// The body, gzip- or deflate-encoded, inflates past the limit (a compression bomb, or
    /// simply too big): inflating stopped there.
    case decompressedTooLarge(limit: Int)
    /// The body came in a content encoding newsgen did not ask for and does not read.
    case unsupportedEncoding(String)
    /// The response's header lines (informational responses included) are over `limit` bytes.
    case headersTooLarge(limit: Int)
    /// More redirects in a row than `limit` (a loop, most likely).
    case tooManyRedirects(limit: Int)
    /// A redirect to a scheme other than http and https.
    case redirectToScheme(String)
    /// A redirect whose `Location` is not a URL.
    case invalidRedirect
    /// No complete response before the overall deadline.
    case timedOut(seconds: Double)
    /// The connection ended after the response began but before its body was
    /// complete (a `Content-Length` the server did not keep to, a reset). The byte
    /// counts are given when they can be compared: a body that was not content-encoded.
    case truncated(received: Int?, announced: Int?)
    /// The connection failed: DNS, refused, TLS, reset…
    case transport(String)

    public var description: String {
        switch self {
        case .unsupportedScheme(let scheme): return "unsupported URL scheme '\(scheme)' (only http and https are fetched)"
        case .httpStatus(let code): return "the server answered HTTP \(code)\(Self.statusText(code).map { " (\($0))" } ?? "")"
        case .tooLarge(let limit): return "the response is larger than \(Self.size(limit))"
        case .decompressedTooLarge(let limit): return "the response is larger than \(Self.size(limit)) once decompressed"
        case .unsupportedEncoding(let coding):
            return "the server sent the body in the '\(coding)' content encoding, which newsgen does not read (only gzip and deflate)"
        case .headersTooLarge(let limit): return "the response's headers are larger than \(limit / 1024) KB"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects (a redirect loop?)"
        case .redirectToScheme(let scheme): return "the server redirected to a '\(scheme)' URL (only http and https are followed)"
        case .invalidRedirect: return "the server redirected to an address that is not a valid URL"
        case .timedOut(let seconds): return "no complete response within \(Self.seconds(seconds))"
        case .truncated(let received?, let announced?):
            return "the connection closed before the whole body arrived (\(received) of the \(announced) bytes announced)"
        case .truncated: return "the connection closed before the whole body arrived"
        case .transport(let reason): return reason
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MB" : "\(bytes) bytes"
    }

    static func seconds(_ value: Double) -> String {
        number(value) + (value == 1 ? " second" : " seconds")
    }

    /// A number of seconds without its unit: whole when it is whole.
    static func number(_ value: Double) -> String {
        // Int(_:) traps beyond its range: a huge Retry-After must still read as a number.
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The reason phrases of the statuses a feed URL commonly answers with.
    static func statusText(_ code: Int) -> String? {
        switch code {
        case 301: return "moved permanently"
        case 304: return "not modified"
        case 400: return "bad request"
        case 401: return "unauthorized"
        case 403: return "forbidden"
        case 404: return "not found"
        case 410: return "gone"
        case 429: return "too many requests"
        case 500: return "internal server error"
        case 502: return "bad gateway"
        case 503: return "service unavailable"
        case 504: return "gateway timeout"
        default: return nil
        }
    }
}
