import Foundation

/// A link reduced to what identifies the page it points to, so that the same
/// story carried by two sources is recognised: scheme-insensitive (http and
/// https), host lowercased, default port, fragment, tracking parameters
/// (`utm_*`, `fbclid`, `gclid`, …) and a trailing slash dropped. Nil for
/// anything that is not an absolute http(s) URL.
public enum CanonicalLink {
    /// Query parameters that only say where a reader came from.
    static let trackingParameters: Set<String> = ["fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid", "yclid", "_hsenc", "_hsmi"]

    public static func make(_ link: String) -> String? {
        var text = Substring(link.trimmingCharacters(in: .whitespacesAndNewlines))
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return nil
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var host = rest[..<authorityEnd].lowercased()
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        for port in [":80", ":443"] where host.hasSuffix(port) { host.removeLast(port.count) }
        guard !host.isEmpty else { return nil }
        var path = rest[authorityEnd...]
        var query: Substring = ""
        if let mark = path.firstIndex(of: "?") {
            query = path[path.index(after: mark)...]
            path = path[..<mark]
        }
        while path.hasSuffix("/") { path = path.dropLast() }
        let parameters = query.split(separator: "&").filter { pair in
            let name = (pair.split(separator: "=", maxSplits: 1).first ?? "").lowercased()
            return !name.hasPrefix("utm_") && !trackingParameters.contains(name)
        }
        return host + path + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }
}
