import Foundation
import NewsgenHTML
import NewsgenModel

/// Where a home page says its icon is: the first `<link rel="icon">` (also `shortcut icon`), resolved
/// against the page (and its `<base>`), else `/favicon.ico` on the page's host, where browsers look.
enum SourceIconDiscovery {
    static func icon(in document: FetchedDocument) -> URL? {
        let bytes = [UInt8](document.data)
        var scanner = TagScanner(bytes, rawTextElements: PageReferenceScanner.rawTextElements)
        var base = document.url
        var sawBase = false
        while let tag = scanner.nextTag() {
            // The head is over once the body begins: icons named later are not the site's.
            if tag.name == "body" { break }
            let attribute = { (name: String) in
                tag.attributes.first { $0.name == name }?.valueRange.map { PageReferenceScanner.text(of: $0, in: bytes) }
            }
            if tag.name == "base", !sawBase, let href = attribute("href"), let resolved = URL(string: href, relativeTo: document.url)?.absoluteURL {
                (base, sawBase) = (resolved, true)
            }
            guard tag.name == "link", let rel = attribute("rel"), rel.lowercased().split(whereSeparator: \.isWhitespace).contains("icon"),
                  let href = attribute("href"), let url = webAddress(href, relativeTo: base) else { continue }
            return url
        }
        return fallback(for: document.url)
    }

    /// `/favicon.ico` on `page`'s host.
    static func fallback(for page: URL) -> URL? {
        guard var parts = URLComponents(url: page, resolvingAgainstBaseURL: true) else { return nil }
        (parts.path, parts.query, parts.fragment, parts.user, parts.password) = ("/favicon.ico", nil, nil, nil, nil)
        return parts.url.flatMap { webAddress($0.absoluteString, relativeTo: nil) }
    }

    /// `reference` resolved, when it is an http(s) address with a host (never `data:` or `file:`).
    private static func webAddress(_ reference: String, relativeTo base: URL?) -> URL? {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.utf8.count <= 2048, let url = URL(string: text, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else { return nil }
        return url
    }
}
