import Foundation

/// Whether two feed addresses are one feed: compared as URLs (scheme and host in any case,
/// a default port written or not, an empty path as `/`, the fragment left out), since the
/// same feed is often written both ways.
enum SourceAddress {
    static func same(_ first: String, _ second: String) -> Bool {
        guard let one = key(first), let other = key(second) else { return first == second }
        return one == other
    }

    /// The parts that name the document; nil for text that is no http(s) URL.
    static func key(_ text: String) -> String? {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        let port = components.port.flatMap { ($0 == 80 && scheme == "http") || ($0 == 443 && scheme == "https") ? nil : $0 }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(path)" + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }
}
