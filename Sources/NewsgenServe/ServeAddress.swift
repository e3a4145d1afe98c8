#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where the preview listens, and what a browser that opened it sends back as `Host` and `Origin`.
public struct ServeAddress: Equatable, Sendable {
    /// As given with `--host`: an IP literal or `localhost`.
    public var host: String
    /// The bound port (the kernel's choice when 0 was asked for).
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// 127.0.0.0/8, ::1 and `localhost`: only then may a page edit the manifest (ADR 038).
    public var isLoopback: Bool {
        if host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
    }

    /// The `Host` values that name this server: `host:port` (an IPv6 literal in brackets), and for
    /// `localhost` also the address it is bound to.
    public var authorities: [String] {
        let name = host.contains(":") ? "[\(host)]" : host
        return host == "localhost" ? ["localhost:\(port)", "127.0.0.1:\(port)"] : ["\(name):\(port)"]
    }

    /// The address to open, as printed on the terminal.
    public var origin: String { "http://" + authorities[0] }
}
