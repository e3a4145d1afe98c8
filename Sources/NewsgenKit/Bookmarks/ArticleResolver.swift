import Foundation
import NewsgenModel

/// Finds the article an ARTICLE argument names, the way a person would name it:
/// by id, by its page on the site, or by the publisher's URL. Pure (the archive's
/// articles, the manifest and `baseURL` are passed in), so every spelling is tested
/// without a disk.
///
/// Tried in this order:
/// 1. 16 lowercase hex digits: the article id (also a manifest entry whose article
///    has left the archive, so that its bookmark can still be removed);
/// 2. an absolute URL under `baseURL`: the rest is a site path;
/// 3. a site path, `/articles/<slug>/` (the slashes optional, `index.html` allowed);
/// 4. any other http(s) URL: the articles whose original link is the same once
///    canonical (`CanonicalLink`), and manifest entries with that `url`.
public struct ArticleResolver: Sendable {
    /// The archive's articles, sorted by id so that every answer is in a stable order.
    public let articles: [Article]
    /// The manifest's entries: they name articles that may have left the archive.
    public let bookmarks: [Bookmark]
    /// The site's `baseURL` (ending in `/`), when it has one.
    public let baseURL: String?

    /// How many near misses an unknown ARTICLE lists.
    public static let suggestionCount = 3

    /// A resolver over one site's archive and manifest.
    public init(articles: [Article], bookmarks: [Bookmark] = [], baseURL: String? = nil) {
        self.articles = articles.sorted { $0.id < $1.id }
        self.bookmarks = bookmarks.sorted { $0.id < $1.id }
        self.baseURL = baseURL
    }

    /// The one article (or orphaned bookmark) `reference` names; an error listing
    /// the closest articles when none does, or every match when several do.
    public func resolve(_ reference: String) throws(ArticleResolutionError) -> ResolvedArticle {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        var found: [ResolvedArticle] = []
        if Self.isArticleID(text) { found = byID(text) }
        if found.isEmpty, let path = sitePath(ofURL: text) { found = bySitePath(path) }
        if found.isEmpty, !Self.isHTTPURL(text) { found = bySitePath(text) }
        if found.isEmpty, Self.isHTTPURL(text) { found = byLink(text) }
        switch found.count {
        case 1: return found[0]
        case 0: throw ArticleResolutionError(reference: reference, kind: .noMatch, candidates: closest(to: text))
        default: throw ArticleResolutionError(reference: reference, kind: .severalMatch, candidates: found.map(\.listing))
        }
    }

    /// True for what an article id looks like: 16 lowercase hex digits.
    public static func isArticleID(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private func byID(_ id: String) -> [ResolvedArticle] {
        if let article = articles.first(where: { $0.id == id }) { return [.article(article)] }
        if let bookmark = bookmarks.first(where: { $0.id == id }) { return [.bookmarkOnly(bookmark)] }
        return []
    }

    /// `/articles/<slug>/`, also `articles/<slug>`, `/articles/<slug>/index.html`; query and fragment ignored.
    private func bySitePath(_ text: String) -> [ResolvedArticle] {
        guard let slug = Self.slug(ofSitePath: text) else { return [] }
        return articles.filter { $0.slug == slug }.map(ResolvedArticle.article)
    }

    /// The slug of an article page's path, nil for any other path.
    static func slug(ofSitePath text: String) -> String? {
        var path = Substring(text)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if path.hasSuffix("/index.html") { path = path.dropLast("index.html".count) }
        var normalized = String(path)
        if !normalized.hasPrefix("/") { normalized = "/" + normalized }
        if !normalized.hasSuffix("/") { normalized += "/" }
        guard case .article(let slug)? = Route(path: normalized) else { return nil }
        return slug
    }

    /// The site path of an absolute URL under `baseURL` (http and https alike, host in any case); nil otherwise.
    private func sitePath(ofURL text: String) -> String? {
        guard let baseURL, let base = Self.withoutScheme(baseURL), let url = Self.withoutScheme(text) else { return nil }
        let hostEnd = base.firstIndex(of: "/") ?? base.endIndex
        let host = base[..<hostEnd].lowercased()
        guard url.lowercased().hasPrefix(host) else { return nil }
        let basePath = base[hostEnd...]
        let rest = url.dropFirst(host.count)
        guard rest.hasPrefix(basePath) || rest + "/" == basePath else { return nil }
        return "/" + rest.dropFirst(basePath.count)
    }

    /// Articles whose original link is the same page, and orphaned bookmarks with that url.
    private func byLink(_ text: String) -> [ResolvedArticle] {
        guard let wanted = CanonicalLink.make(text) else { return [] }
        let matches = articles.filter { $0.link.flatMap(CanonicalLink.make) == wanted }
        let known = Set(articles.map(\.id))
        let orphans = bookmarks.filter { !known.contains($0.id) && $0.url.flatMap(CanonicalLink.make) == wanted }
        return matches.map(ResolvedArticle.article) + orphans.map(ResolvedArticle.bookmarkOnly)
    }

    /// The articles nearest to what was typed. Ranked first by how well the text
    /// appears somewhere in the slug, title or id (`infixDistance`, so "lantern-walk"
    /// finds the lantern walk before the short "welcome"), then by the whole
    /// `Suggestion.distance`, then by id.
    private func closest(to text: String) -> [ArticleListing] {
        let word = Self.searchWord(text).lowercased()
        guard !word.isEmpty else { return [] }
        return articles
            .map { article in
                let names = [article.slug, article.title.lowercased(), article.id]
                return (article, names.map { Self.infixDistance(word, in: $0) }.min() ?? 0,
                        names.map { Suggestion.distance(word, $0) }.min() ?? 0)
            }
            .sorted { ($0.1, $0.2, $0.0.id) < ($1.1, $1.2, $1.0.id) }
            .prefix(Self.suggestionCount)
            .map { ArticleListing($0.0) }
    }

    /// The fewest edits that turn `word` into some part of `text` (Levenshtein with a free
    /// start and end in `text`): 0 when `word` appears in it as typed.
    static func infixDistance(_ word: String, in text: String) -> Int {
        let a = Array(word), b = Array(text)
        guard !a.isEmpty else { return 0 }
        var previous = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous.min() ?? a.count
    }

    /// The part of a reference worth comparing with slugs and titles: a page's slug,
    /// a URL's last path segment, else the text itself.
    static func searchWord(_ text: String) -> String {
        if let slug = slug(ofSitePath: text) { return slug }
        var rest = Substring(text)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        guard isHTTPURL(text), let schemeless = withoutScheme(String(rest)) else { return String(rest) }
        let segments = schemeless.split(separator: "/").filter { $0 != "index.html" }
        guard let last = segments.last else { return "" }
        if segments.count == 1 { return String(last) }
        if let dot = last.lastIndex(of: "."), last[dot...].count <= 5 { return String(last[..<dot]) }
        return String(last)
    }

    private static func isHTTPURL(_ text: String) -> Bool { withoutScheme(text) != nil }

    /// `https://host/path` → `host/path`; nil for anything but http(s).
    private static func withoutScheme(_ text: String) -> Substring? {
        let lower = text.prefix(8).lowercased()
        if lower.hasPrefix("https://") { return text.dropFirst(8) }
        if lower.hasPrefix("http://") { return text.dropFirst(7) }
        return nil
    }
}

/// What an ARTICLE argument named.
public enum ResolvedArticle: Equatable, Sendable {
    /// An article in the archive.
    case article(Article)
    /// A bookmark whose article is no longer in the archive: it can only be removed.
    case bookmarkOnly(Bookmark)

    /// The id the manifest stores.
    public var id: String {
        switch self {
        case .article(let article): return article.id
        case .bookmarkOnly(let bookmark): return bookmark.id
        }
    }

    /// The title to show in messages.
    public var title: String {
        switch self {
        case .article(let article): return article.title
        case .bookmarkOnly(let bookmark): return bookmark.title
        }
    }

    var listing: ArticleListing {
        switch self {
        case .article(let article): return ArticleListing(article)
        case .bookmarkOnly(let bookmark): return ArticleListing(id: bookmark.id, path: nil, title: bookmark.title)
        }
    }
}
