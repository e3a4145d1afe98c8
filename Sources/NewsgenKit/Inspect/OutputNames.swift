import Foundation

/// The file names of a bulk `newsgen extract --output DIR`: each page's own file name without
/// `.html`/`.htm` (a URL's last path segment, or its host when the path is empty), then the
/// format's extension. Two pages that would share a name (`a/story.html` and `b/story.html`)
/// are told apart by order: the first keeps `story`, the next gets `story-2`, then `story-3`…
/// Names are compared without case, so a folder on a case-insensitive disk (macOS) never
/// has one page's file overwrite another's (ADR 063).
public struct OutputNames: Sendable {
    private var taken: Set<String> = []

    public init() {}

    /// The stem a page's output is named after (no extension, no folder; never empty, `.` or `..`).
    public static func stem(of source: String) -> String {
        var name: Substring
        if Inspector.urlScheme(of: source) != nil, let url = URLComponents(string: source) {
            let path = url.path.split(separator: "/").last
            name = path ?? Substring(url.host ?? "")
        } else {
            name = source.split(separator: "/").last ?? ""
        }
        for suffix in [".html", ".htm"] where name.lowercased().hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
            break
        }
        let cleaned = String(name.map { $0 == "/" || $0 == "\\" || $0 == "\0" ? "_" : $0 })
        return ["", ".", ".."].contains(cleaned) ? "page" : cleaned
    }

    /// A name for `source`'s output with `fileExtension` (`txt`), unique among the names given so far.
    public mutating func claim(for source: String, fileExtension: String) -> String {
        let stem = Self.stem(of: source)
        var candidate = "\(stem).\(fileExtension)"
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(stem)-\(number).\(fileExtension)"
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
