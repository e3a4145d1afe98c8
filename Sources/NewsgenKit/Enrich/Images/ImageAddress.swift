import Foundation
import NewsgenModel

/// Where an image named by an article lives: on the web, or in a file beside
/// the Markdown articles. Anything else (a `data:` URL, a relative path in a
/// feed, a path that leaves the articles folder) has no address and is shown
/// as a link, never fetched.
enum ImageAddress: Hashable, Sendable {
    case remote(URL)
    case local(URL)

    /// `reference` as an article gives it: absolute http(s), or, for a Markdown
    /// article, a relative path inside `articlesDirectory`.
    static func resolve(_ reference: String, article: Article, articlesDirectory: URL) -> ImageAddress? {
        let text = trimmed(reference)
        if let url = URL(string: text), let scheme = url.scheme?.lowercased() {
            return (scheme == "http" || scheme == "https") && url.host != nil ? .remote(url) : nil
        }
        guard article.sourceID == ArticleID.markdownSourceID, !text.isEmpty, !text.hasPrefix("/"), !text.hasPrefix("//") else { return nil }
        let path = text.split(separator: "?", maxSplits: 1).first.map(String.init) ?? text
        let decoded = path.removingPercentEncoding ?? path
        let root = articlesDirectory.standardizedFileURL
        let file = root.appendingPathComponent(decoded).standardizedFileURL
        // Only files inside the articles folder, links resolved: `../../etc/passwd` and symlinks out are refused.
        let rootPath = root.resolvingSymlinksInPath().path
        guard file.resolvingSymlinksInPath().path.hasPrefix(rootPath + "/") else { return nil }
        return .local(file)
    }

    /// `reference` as `trimmingCharacters(in: .whitespacesAndNewlines)` gives it. That call costs tens of
    /// thousands of instructions on Linux, once per image URL per build, and a URL almost always starts and
    /// ends with a printable ASCII character, which is neither: then there is nothing to trim.
    static func trimmed(_ reference: String) -> String {
        func printableASCII(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        if printableASCII(reference.utf8.first), printableASCII(reference.utf8.last) { return reference }
        return reference.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
