/// A URI reference split into its RFC 3986 parts (appendix B), with reference
/// resolution (section 5.2). Hand-written so that resolving is exact, never
/// percent-encodes or "fixes" anything behind our back, and behaves the same
/// on every platform.
struct URLReference: Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits `text` as `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
    init(_ text: String) {
        var rest = Substring(text)
        if let colon = rest.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }),
           rest[colon] == ":", colon != rest.startIndex {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        path = String(rest)
    }

    /// The lowercased host of the authority, without user info or port; nil when there is no authority.
    var host: String? {
        guard let authority else { return nil }
        var hostPart = Substring(authority)
        if let at = hostPart.lastIndex(of: "@") { hostPart = hostPart[hostPart.index(after: at)...] }
        if hostPart.hasPrefix("[") {
            if let close = hostPart.firstIndex(of: "]") { hostPart = hostPart[...close] }
        } else if let colon = hostPart.lastIndex(of: ":") {
            hostPart = hostPart[..<colon]
        }
        return hostPart.lowercased()
    }

    /// RFC 3986 section 5.3.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// `reference` resolved against `self` as the base (RFC 3986 section 5.2.2, strict).
    func resolving(_ reference: URLReference) -> URLReference {
        if reference.scheme != nil {
            return URLReference(scheme: reference.scheme, authority: reference.authority,
                                path: Self.removeDotSegments(reference.path), query: reference.query, fragment: reference.fragment)
        }
        if reference.authority != nil {
            return URLReference(scheme: scheme, authority: reference.authority,
                                path: Self.removeDotSegments(reference.path), query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return URLReference(scheme: scheme, authority: authority, path: path,
                                query: reference.query ?? query, fragment: reference.fragment)
        }
        let merged: String
        if reference.path.hasPrefix("/") {
            merged = reference.path
        } else if authority != nil && path.isEmpty {
            merged = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = String(path[...slash]) + reference.path
        } else {
            merged = reference.path
        }
        return URLReference(scheme: scheme, authority: authority, path: Self.removeDotSegments(merged),
                            query: reference.query, fragment: reference.fragment)
    }

    /// RFC 3986 section 5.2.4: `a/b/../c/./d` → `a/c/d`.
    static func removeDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []  // segments, each with its leading "/" when it had one
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }
}
