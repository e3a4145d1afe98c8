import Foundation

/// A response's bytes on the wire. `Content-Length` and `Connection: close` are the server's own
/// (ADR 037: one request per connection), and so are `protections`; a header value's CR and LF are
/// dropped so that no handler can split a response.
enum ResponseWriter {
    /// On every response, whatever the handler said (ADR 049): no other page may frame one of the
    /// server's (a click through a frame at 5% opacity toggled a bookmark), whether the browser reads
    /// the old header or the CSP one, and no type is sniffed. A handler's own CSP header is kept
    /// beside it: browsers enforce each policy, so the two only add up.
    static let protections = [
        ("X-Frame-Options", "DENY"),
        ("Content-Security-Policy", "frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
    ]

    static func bytes(_ response: HTTPResponse, headOnly: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(StatusReason.phrase(response.status))\r\n"
        for (name, value) in response.headers where !isOwnHeader(name) {
            head += "\(clean(name)): \(clean(value))\r\n"
        }
        head += ownHeaders + "Content-Length: \(response.body.count)\r\n\r\n"
        var bytes = Array(head.utf8)
        if !headOnly { bytes += response.body }
        return bytes
    }

    /// The head of an event stream: no Content-Length, since it has no end.
    static func eventStreamHead() -> [UInt8] {
        Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n" + ownHeaders + "\r\n").utf8)
    }

    private static let ownHeaders = protections.map { "\($0): \($1)\r\n" }.joined() + "Connection: close\r\n"

    private static func isOwnHeader(_ name: String) -> Bool {
        ["Content-Length", "Connection", "X-Frame-Options", "X-Content-Type-Options"].contains {
            name.caseInsensitiveCompare($0) == .orderedSame
        }
    }

    private static func clean(_ text: String) -> String {
        text.filter { $0 != "\r" && $0 != "\n" }
    }
}
