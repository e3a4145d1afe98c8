import Foundation

/// A response's bytes on the wire. `Content-Length` and `Connection: close` are the server's own
/// (ADR 037: one request per connection); a header value's CR and LF are dropped so that no
/// handler can split a response.
enum ResponseWriter {
    static func bytes(_ response: HTTPResponse, headOnly: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(StatusReason.phrase(response.status))\r\n"
        for (name, value) in response.headers where !isOwnHeader(name) {
            head += "\(clean(name)): \(clean(value))\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        if !headOnly { bytes += response.body }
        return bytes
    }

    /// The head of an event stream: no Content-Length, since it has no end.
    static func eventStreamHead() -> [UInt8] {
        Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n").utf8)
    }

    private static func isOwnHeader(_ name: String) -> Bool {
        name.caseInsensitiveCompare("Content-Length") == .orderedSame || name.caseInsensitiveCompare("Connection") == .orderedSame
    }

    private static func clean(_ text: String) -> String {
        text.filter { $0 != "\r" && $0 != "\n" }
    }
}
