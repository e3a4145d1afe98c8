import Foundation

/// A whole response. The server adds `Content-Length` and `Connection: close` itself, so a
/// handler's values for those two are ignored; a HEAD request gets the headers without the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer, the message followed by a newline.
    public static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Data((message + "\n").utf8)
        )
    }

    /// The first value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// What a handler gives back: a whole response, or a connection held open for server-sent events.
public enum HTTPReply: Sendable {
    case response(HTTPResponse)
    case eventStream(EventStream)
}
