/// The `Host` values that name this server. A request naming anything else is refused (400) as
/// soon as its head is read: a page at a name that an attacker made resolve to 127.0.0.1 (DNS
/// rebinding) is that name's origin to the browser, and could otherwise read every page the
/// preview serves, the bookmark token included (ADR 049).
///
/// Accepted: the address the server is bound to, with its port (`127.0.0.1:1313`, `[::1]:1313`),
/// and `localhost` with the port when that address is loopback (browsers never ask DNS for
/// `localhost`). Bound to every address (`0.0.0.0`, `::`): any IP literal or `localhost`, with the
/// port. Any other name, never: a name is what DNS rebinding needs. A Host without a port means
/// port 80, so it is accepted only on port 80 (where browsers leave the port out).
public struct ServerAuthority: Sendable, Equatable {
    /// As a URL writes it: `127.0.0.1`, `[::1]`, `localhost`.
    public let host: String
    /// The bound port.
    public let port: Int
    /// The bound address (4 or 16 bytes; `localhost` is bound as 127.0.0.1), empty when `host` is no address.
    private let address: [UInt8]

    /// `host` as the listener was given it (an IP literal or `localhost`), `port` the bound one.
    public init(host: String, port: Int) {
        self.port = port
        if host == "localhost" {
            self.host = "localhost"
            address = [127, 0, 0, 1]
        } else if let bytes = IPAddress.bytes(host) {
            self.host = IPAddress.urlHost(bytes)
            address = bytes
        } else {
            self.host = host
            address = []
        }
    }

    /// `http://host:port`: the address printed, and the `Origin` of the pages served.
    public var origin: String { "http://\(host):\(port)" }

    /// 127.0.0.0/8, ::1 and `localhost`: only the author's own machine can connect.
    public var isLoopback: Bool { !address.isEmpty && IPAddress.isLoopback(address) }

    /// Whether a request's `Host` value names this server; case does not matter.
    public func accepts(host value: String) -> Bool {
        guard let (name, port) = Self.split(value.lowercased()), port == self.port || (port == nil && self.port == 80) else {
            return false
        }
        let anyAddress = IPAddress.isUnspecified(address)
        if name == "localhost" { return isLoopback || anyAddress }
        guard let bytes = IPAddress.bytes(urlHost: name) else { return false }
        return bytes == address || anyAddress
    }

    /// Whether an `Origin` is a page of this server: `http://` and a `Host` it accepts.
    public func accepts(origin: String) -> Bool {
        let scheme = "http://"
        guard origin.lowercased().hasPrefix(scheme) else { return false }
        return accepts(host: String(origin.dropFirst(scheme.count)))
    }

    /// The names that work, for the answer to a request that used another.
    public var expected: String {
        if IPAddress.isUnspecified(address) { return "an IP address or localhost, with port \(port)" }
        return host != "localhost" && isLoopback ? "\(host):\(port) or localhost:\(port)" : "\(host):\(port)"
    }

    /// `name` and `port` of `name[:port]`, an IPv6 name still in brackets; nil when the port is not
    /// a number as a browser writes it (digits, no leading zero).
    private static func split(_ value: String) -> (name: String, port: Int?)? {
        let name: Substring
        var portText: Substring?
        if let close = value.lastIndex(of: "]") {
            name = value[...close]
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = value.lastIndex(of: ":") {
            name = value[..<colon]
            portText = value[value.index(after: colon)...]
        } else {
            name = Substring(value)
        }
        guard let portText else { return (String(name), nil) }
        guard let port = Int(portText), String(port) == portText else { return nil }
        return (String(name), port)
    }
}
