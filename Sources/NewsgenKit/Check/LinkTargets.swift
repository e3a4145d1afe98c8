import Foundation

/// The files of a built site, and how a page's reference resolves among them: relative references
/// against the page's own folder, root-relative ones under `baseURL`'s path; a folder means its
/// `index.html`. References with a scheme (`https:`, `mailto:`, `data:`), network-path ones (`//host`),
/// a bare `#fragment` and root-relative ones outside the site's path are not the site's to check.
struct LinkTargets: Sendable {
    /// What a reference comes to.
    enum Verdict: Equatable {
        /// Not an internal link (or the page itself).
        case skipped
        case found
        case missing
        /// A relative reference with more `..` than the page has folders above it.
        case aboveRoot
    }

    /// Every file of the built site, as a path relative to its root (`articles/x/index.html`).
    let files: Set<String>
    /// `baseURL`'s path, starting and ending with `/` (`/` without a baseURL).
    let basePath: String

    init(files: Set<String>, baseURL: String?) {
        self.files = files
        var path = baseURL.flatMap { URL(string: $0)?.path } ?? "/"
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        self.basePath = path
    }

    /// Where `reference`, written in the page whose folder is `pageFolder` (path segments from the
    /// site's root), leads.
    func verdict(_ reference: String, pageFolder: [Substring]) -> Verdict {
        guard let first = reference.utf8.first, first != UInt8(ascii: "#"), !reference.hasPrefix("//"), !Self.hasScheme(reference) else {
            return .skipped
        }
        var path = reference[...]
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard !path.isEmpty else { return .skipped }
        var decoded = path
        if path.contains("%"), let unescaped = String(path).removingPercentEncoding { decoded = unescaped[...] }
        var segments: [Substring]
        var rest: Substring
        if decoded.hasPrefix("/") {
            if decoded.hasPrefix(basePath) {
                rest = decoded.dropFirst(basePath.count)
            } else if decoded + "/" == basePath {
                rest = ""
            } else {
                return .skipped
            }
            segments = []
        } else {
            rest = decoded
            segments = pageFolder
        }
        var isFolder = rest.isEmpty
        var parts = rest.split(separator: "/", omittingEmptySubsequences: false)[...]
        if rest.isEmpty { parts = [] }
        for (offset, part) in parts.enumerated() {
            let isLast = offset == parts.count - 1
            switch part {
            case "", ".":
                if isLast { isFolder = true }
            case "..":
                guard !segments.isEmpty else { return .aboveRoot }
                segments.removeLast()
                if isLast { isFolder = true }
            default:
                segments.append(part)
            }
        }
        let joined = segments.joined(separator: "/")
        let index = joined.isEmpty ? "index.html" : joined + "/index.html"
        if isFolder { return files.contains(index) ? .found : .missing }
        return files.contains(joined) || files.contains(index) ? .found : .missing
    }

    /// `scheme:` before any `/`, `?` or `#`: a letter, then letters, digits, `+`, `-` or `.`.
    static func hasScheme(_ reference: String) -> Bool {
        var isFirst = true
        for byte in reference.utf8 {
            if byte == UInt8(ascii: ":") { return !isFirst }
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            let isOther = (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isLetter || (!isFirst && isOther) else { return false }
            isFirst = false
        }
        return false
    }
}
