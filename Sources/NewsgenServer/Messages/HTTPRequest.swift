import Foundation

/// One request as read off the socket, already checked against the server's limits
/// (`ServerLimits`): the head is at most 16 KB and the body was read per Content-Length; its one
/// `Host` (none only on HTTP/1.0) names this server (`ServerAuthority`).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The raw request-target, e.g. "/a%20b/?x=1": decoding is left to the one who maps it to a
    /// file (`StaticSite`), so that it is decoded exactly once.
    public var target: String
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The target without its query, not percent-decoded.
    public var path: String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        return String(target[..<mark])
    }

    /// The query with its `?`, or "" when there is none: kept on a redirect.
    public var query: String {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return String(target[mark...])
    }
}
