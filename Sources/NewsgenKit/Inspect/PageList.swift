import Foundation

/// One page of a bulk `newsgen extract`: what to read (a path or an http(s) URL, as the one-page
/// form takes it) and the URL that stands in for the page's own (`--base`), when the list gives one.
public struct PageListEntry: Equatable, Sendable {
    /// A path relative to the current folder, or an http(s) URL.
    public var source: String
    /// The page's URL for its relative links; nil: the file's `file://` URL or the URL fetched.
    public var base: String?

    public init(source: String, base: String? = nil) {
        self.source = source
        self.base = base
    }
}

/// `newsgen extract --list FILE`: one page a line, `PATH` or `PATH<TAB>URL` (the URL being that
/// page's `--base`); blank lines and lines starting with `#` are skipped. A tab, not a space,
/// separates the two, so a path may hold spaces (saved pages often do).
public enum PageList {
    /// The largest list read: a million pages of long paths fit well under it.
    public static let maxBytes = 64 * 1_048_576

    /// The pages of a list's text, in its order. Spaces around each field and a Windows line end are dropped.
    public static func parse(_ text: String) -> [PageListEntry] {
        text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).compactMap { raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            let source = fields[0].trimmingCharacters(in: .whitespaces)
            let base = fields.count > 1 ? fields[1].trimmingCharacters(in: .whitespaces) : ""
            return PageListEntry(source: source, base: base.isEmpty ? nil : base)
        }
    }

    /// Reads the list at `path` (relative to `currentDirectory`): a regular file of at most `maxBytes`.
    /// Errors name the list as `--list PATH`.
    public static func read(_ path: String, currentDirectory: URL) throws(InspectError) -> [PageListEntry] {
        let file = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
        let data = try InspectedSource.read(file, source: "--list \(path)", limit: maxBytes, kind: "a list of pages")
        return try parse(data, source: "--list \(path)")
    }

    /// The pages of a list's bytes, which must be UTF-8 (as paths and URLs are typed).
    public static func parse(_ data: Data, source: String) throws(InspectError) -> [PageListEntry] {
        guard let text = String(data: data, encoding: .utf8) else { throw InspectError(source: source, "is not UTF-8 text") }
        return parse(text)
    }
}
