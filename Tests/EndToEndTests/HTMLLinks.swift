import Foundation

/// Reads the bits of built pages the tests check, with plain string scanning
/// (the pages are ours and well-formed).
enum HTMLLinks {
    /// Values of every `href="…"` and `src="…"` attribute.
    static func references(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: "\"") else { break }
                found.append(String(after[..<end]).replacingOccurrences(of: "&amp;", with: "&"))
                rest = after[end...]
            }
        }
        return found
    }

    /// True for a reference that stays on the site.
    static func isInternal(_ reference: String) -> Bool {
        !(reference.hasPrefix("http://") || reference.hasPrefix("https://") || reference.hasPrefix("mailto:")
            || reference.hasPrefix("#") || reference.hasPrefix("//") || reference.hasPrefix("data:"))
    }

    /// The file a relative reference from `page` (a path inside public/) points at.
    static func resolve(_ reference: String, from page: String) -> String {
        let withoutFragment = String(reference.split(separator: "#", omittingEmptySubsequences: false)[0])
            .split(separator: "?", omittingEmptySubsequences: false)[0]
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in withoutFragment.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            switch part {
            case "..": if !parts.isEmpty { parts.removeLast() }
            case ".", "": continue
            default: parts.append(part)
            }
        }
        let path = parts.joined(separator: "/")
        let isFolder = withoutFragment.isEmpty || withoutFragment.hasSuffix("/") || withoutFragment == "." || withoutFragment == ".."
        return isFolder ? (path.isEmpty ? "index.html" : path + "/index.html") : path
    }

    /// The `datetime` of every row's `<time>` in page order.
    static func rowDates(in html: String) -> [String] {
        html.components(separatedBy: "data-testid=\"article-row\"").dropFirst().compactMap { row in
            guard let start = row.range(of: "datetime=\"") else { return nil }
            let after = row[start.upperBound...]
            return after.firstIndex(of: "\"").map { String(after[..<$0]) }
        }
    }

    static func rowCount(in html: String) -> Int {
        html.components(separatedBy: "data-testid=\"article-row\"").count - 1
    }
}
