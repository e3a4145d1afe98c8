import Foundation

/// Which URLs may appear in `href`, `src`, `poster` and `cite`, and how they
/// are rewritten. Internal to the sanitizer.
struct URLPolicy {
    /// Schemes a reader's browser may follow from published content.
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The site's base URL, when it is absolute (has a scheme and an authority).
    let base: URLReference?

    init(baseURL: String?) {
        if let baseURL, case let reference = URLReference(Self.stripped(baseURL)), reference.scheme != nil,
           reference.authority != nil {
            base = reference
        } else {
            base = nil
        }
    }

    /// The value to write for a URL attribute, or nil to drop the attribute.
    ///
    /// The value arrives with entities already decoded by the parser. Leading and
    /// trailing spaces and control characters are stripped, and tabs and line
    /// breaks removed everywhere, exactly as browsers do before they read the
    /// scheme, so `jav&#x09;ascript:` is judged as `javascript:`. Anything that
    /// still holds a control character, or has a colon before its first `/`, `?`
    /// or `#` without being http, https or mailto, is refused. Relative
    /// references are resolved against the base URL when there is one; a
    /// fragment-only reference (`#fn-1`) and the empty reference are kept as written.
    ///
    /// http, https and scheme-less references are then spelled the way a
    /// browser reads them, so what we check is what it follows: a backslash
    /// before the query counts as `/`, and the slashes after `https:` (none,
    /// one or several) become exactly `//` (`https:evil.example` and
    /// `\\evil.example` both name the host `evil.example`).
    func rewrite(_ raw: String) -> String? {
        if raw.utf8.withContiguousStorageIfAvailable(Self.isPlainWebURL) == true { return raw }
        var value = Self.stripped(raw)
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        if let scheme = URLReference(value).scheme {
            let lowered = scheme.lowercased()
            guard Self.allowedSchemes.contains(lowered) else { return nil }
            return lowered == "mailto" ? value : Self.browserSpelling(value)
        }
        value = Self.browserSpelling(value)
        let reference = URLReference(value)
        // A colon in the first segment that did not make a valid scheme ("java script:", ":x"): refuse.
        let firstSegment = value.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !firstSegment.contains(":") else { return nil }
        guard let base, !value.isEmpty, !value.hasPrefix("#") else { return value }
        return base.resolving(reference).text
    }

    /// True for `http://` or `https://` (lower case) followed by anything but
    /// another `/`, in printable ASCII without spaces or backslashes: what
    /// `rewrite` returns unchanged (nothing to strip, an allowed scheme, already
    /// spelled as a browser reads it). Most links in articles are such URLs.
    private static func isPlainWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefixLength: Int
        if bytes.starts(with: "https://".utf8) {
            prefixLength = 8
        } else if bytes.starts(with: "http://".utf8) {
            prefixLength = 7
        } else {
            return false
        }
        if prefixLength < bytes.count, bytes[prefixLength] == UInt8(ascii: "/") { return false }
        return bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
    }

    /// The lowercased host of a URL that `isPlainWebURL` accepts, read from its
    /// bytes as `URLReference.host` reads it (after the last `@`, without the
    /// port, an IPv6 literal in its brackets); nil for any other URL.
    private static func plainWebURLHost(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard isPlainWebURL(bytes) else { return nil }
        let start = bytes[4] == UInt8(ascii: "s") ? 8 : 7
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            end += 1
        }
        var host = bytes[start..<end]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        if host.first == UInt8(ascii: "[") {
            if let close = host.firstIndex(of: UInt8(ascii: "]")) { host = host[...close] }
        } else if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            host = host[..<colon]
        }
        return String(decoding: host, as: UTF8.self).lowercased()
    }

    /// True when `url` (already rewritten) points at a host other than the base's
    /// (any host at all when there is no base): such links get `rel="noopener noreferrer nofollow"`.
    func isExternal(_ url: String) -> Bool {
        if let host = url.utf8.withContiguousStorageIfAvailable(Self.plainWebURLHost) ?? nil {
            return !host.isEmpty && host != base?.host
        }
        let reference = URLReference(url)
        guard reference.scheme.map({ ["http", "https"].contains($0.lowercased()) }) ?? true,
              let host = reference.host, !host.isEmpty else { return false }
        return host != base?.host
    }

    /// `value` (http, https or scheme-less) with backslashes before the query
    /// or fragment turned into `/`, and the slashes that start the authority
    /// made exactly two (`https:x.org`, `https:///x.org` → `https://x.org`;
    /// `///x.org` → `//x.org`), as browsers parse special URLs.
    static func browserSpelling(_ value: String) -> String {
        var text = value
        if text.utf8.contains(UInt8(ascii: "\\")), text.contains("\\") {
            let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? text.endIndex
            text = text[..<end].replacingOccurrences(of: "\\", with: "/") + text[end...]
        }
        let reference = URLReference(text)
        if let scheme = reference.scheme {
            let rest = text.dropFirst(scheme.count + 1).drop { $0 == "/" }
            return scheme + "://" + rest
        }
        if text.hasPrefix("///") {
            return "//" + text.drop { $0 == "/" }
        }
        return text
    }

    /// Without leading and trailing C0 controls and spaces, and without any tab, LF or CR.
    static func stripped(_ raw: String) -> String {
        var scalars = Substring(raw).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 || first.value == 0x7F { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 || last.value == 0x7F { scalars.removeLast() }
        var result = String.UnicodeScalarView()
        for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" { result.append(scalar) }
        return String(result)
    }
}
