#if canImport(Glibc)
import Glibc
#endif

/// IP literals read and written by the socket API, as bytes: what the listener binds, and what a
/// request's `Host` is compared with (`ServerAuthority`), so that both read an address alike.
enum IPAddress {
    /// The 4 bytes of a dotted IPv4 address or the 16 of an IPv6 address (no brackets); nil otherwise.
    static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// The address of a URL's host: dotted IPv4, or IPv6 in brackets; nil for a name.
    static func bytes(urlHost text: String) -> [UInt8]? {
        if text.hasPrefix("[") && text.hasSuffix("]") {
            return bytes(String(text.dropFirst().dropLast())).flatMap { $0.count == 16 ? $0 : nil }
        }
        return bytes(text).flatMap { $0.count == 4 ? $0 : nil }
    }

    /// The address as a URL's host writes it: `127.0.0.1`, `[::1]`.
    static func urlHost(_ bytes: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard bytes.withUnsafeBytes({ inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }) != nil else { return "" }
        let written = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return family == AF_INET ? written : "[\(written)]"
    }

    /// 127.0.0.0/8 and ::1.
    static func isLoopback(_ bytes: [UInt8]) -> Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// 0.0.0.0 and ::, every address of the machine.
    static func isUnspecified(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { $0 == 0 }
    }
}
