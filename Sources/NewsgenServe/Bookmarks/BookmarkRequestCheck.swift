import NewsgenServer

/// Whether a request to change the manifest comes from a page this server served (ADR 038). All
/// three must hold, or the answer is 403: the token the server put into the page's script tag (no
/// other site can read it), an `Origin` that is the served origin (a form or fetch from another
/// site), and a `Host` that names this server (DNS rebinding: another name resolving to 127.0.0.1
/// would make the browser count that site as same-origin with this one). `LocalServer` already
/// answers any other `Host` with 400 (ADR 049); the check here keeps the rule whole where it matters most.
public struct BookmarkRequestCheck: Sendable {
    /// The random per-process token in the served script tag.
    public let token: String
    public let address: ServerAuthority

    public init(token: String, address: ServerAuthority) {
        self.token = token
        self.address = address
    }

    /// Why the request is refused, or nil when it passes.
    public func refusal(_ request: HTTPRequest) -> String? {
        guard let given = request.header("X-Newsgen-Token"), Self.sameBytes(given, token) else {
            return "missing or wrong X-Newsgen-Token"
        }
        guard let host = request.header("Host"), address.accepts(host: host) else {
            return "Host is not \(address.expected)"
        }
        guard let origin = request.header("Origin"), address.accepts(origin: origin) else {
            return "Origin is not \(address.origin)"
        }
        return nil
    }

    /// A comparison whose time does not depend on where the first difference is.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
