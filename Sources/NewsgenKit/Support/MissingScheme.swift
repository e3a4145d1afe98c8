/// An address typed without `https://` (`example.org/feed.xml`), the commonest slip of a new
/// user: the commands that take the URL of a feed or page answer "did you mean https://…?"
/// instead of a bare refusal. Only text that starts with a host name is taken for one, so a
/// mistyped file name (`feed.xml`, `feeds/local.xml`) is not.
public enum MissingScheme {
    /// File endings that are no top-level domain: `feed.xml` is a file, not a host.
    static let fileEndings: Set<String> = ["xml", "rss", "atom", "rdf", "json", "html", "htm", "xhtml", "txt", "opml"]

    /// `text` with `https://` in front when it has no scheme and begins with a host name (dotted
    /// labels ending in letters, four numbers, or `localhost`), an optional port, then anything; else nil.
    public static func suggestion(for text: String) -> String? {
        guard !text.contains("://"), !text.hasPrefix("/") else { return nil }
        let authority = text.prefix { !"/?#".contains($0) }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let host = parts.first.map({ $0.lowercased() }), isHostName(host) else { return nil }
        return "https://" + text
    }

    private static func isHostName(_ host: String) -> Bool {
        if host == "localhost" { return true }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }), let last = labels.last else { return false }
        if labels.count == 4, labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) { return true }
        return last.count >= 2 && last.allSatisfy(\.isLetter) && !fileEndings.contains(String(last))
    }
}
