import Foundation
import NewsgenModel

/// Article pages saved on disk, read instead of fetched (ADR 025): `extract.savedPages` (by default
/// `content/saved-pages/`) holds `<host>/<path>`, the path as the URL writes it, percent-decoded; a
/// path that ends in `/` (or is empty) is `index.html` in that folder. Query and fragment are not
/// part of the name. A user saves a page a paywall or a dead link keeps from newsgen; the sample
/// site ships its pages this way, which is what lets it show full text offline.
struct SavedPages: Sendable {
    /// The folder, resolved against the site folder.
    let folder: URL
    /// The folder as site.json names it, for provenance and messages.
    let shownAs: String
    /// Where a saved page may really be (ADR 018's containment rule: a symbolic link is followed only inside these).
    let roots: [String]

    init(site: Site) {
        folder = site.url(site.config.extract.savedPages)
        shownAs = site.config.extract.savedPages
        roots = FileSystem.allowedRoots(for: folder, site: site.directory)
    }

    /// The saved copy of `url`, when there is one: a regular file whose real path stays inside the allowed roots.
    func file(for url: URL) -> (file: URL, shownAs: String)? {
        guard let relative = Self.relativePath(for: url) else { return nil }
        let file = folder.appendingPathComponent(relative)
        guard let real = FileSystem.realPath(file.path), roots.contains(where: { FileSystem.isWithin(real, $0) }),
              !FileSystem.isDirectory(URL(fileURLWithPath: real)) else { return nil }
        return (URL(fileURLWithPath: real), shownAs + "/" + relative)
    }

    /// `<host>/<path>` for `url`, or nil when it has no host or its path would leave the folder.
    static func relativePath(for url: URL) -> String? {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        // `URL.path` drops a final `/`, which decides between a file and a folder's index.
        let encoded = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        var path = encoded.removingPercentEncoding ?? encoded
        if path.isEmpty || path.hasSuffix("/") { path += (path.isEmpty ? "/" : "") + "index.html" }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains(where: { $0 == "." || $0 == ".." || $0.contains("\0") }) else { return nil }
        return ([host] + parts.map(String.init)).joined(separator: "/")
    }
}
