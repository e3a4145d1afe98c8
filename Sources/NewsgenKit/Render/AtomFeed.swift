import Foundation
import NewsgenHTML
import NewsgenModel

/// An Atom 1.0 document (RFC 4287), written by hand so its bytes are the same
/// for the same input. Used for `/bookmarks/feed.xml` and the site's own
/// `/feed.xml` (`SiteFeeds`).
struct AtomFeed: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// A permanent IRI: the page's absolute URL with a baseURL, else `urn:newsgen:article:<id>`.
        var id: String
        var title: String
        /// The entry's page: absolute with a baseURL, else relative to the feed's own location.
        var link: String?
        /// The publisher's original, as `rel="related"`.
        var original: String?
        var updated: Date
        var published: Date?
        var author: String?
        /// Tags, as `<category term>`; none for bookmarks of articles the archive lacks.
        var categories: [String] = []
        var summary: String?
        /// Sanitized HTML, escaped into `type="html"`.
        var contentHTML: String?
        /// What the content's relative links (its images under `/media/`) are relative to: the article's page.
        var contentBase: String?
    }

    var id: String
    var title: String
    /// The feed's own address and the page it stands for (same rules as `Entry.link`).
    var selfLink: String
    var alternateLink: String
    var updated: Date
    var author: String
    var entries: [Entry]
    /// The site's language, as `xml:lang` on the feed; nil writes none (the bookmarks feed).
    var language: String? = nil

    func xml() -> String {
        let lang = language.map { #" xml:lang="\#(Self.escape($0))""# } ?? ""
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom"\#(lang)>"#,
            "  <id>\(Self.escape(id))</id>",
            "  <title>\(Self.escape(title))</title>",
            "  <updated>\(RFC3339.string(from: updated))</updated>",
            "  <author><name>\(Self.escape(author))</name></author>",
            #"  <link rel="self" type="application/atom+xml" href="\#(Self.escape(selfLink))"/>"#,
            #"  <link rel="alternate" type="text/html" href="\#(Self.escape(alternateLink))"/>"#,
            #"  <generator uri="https://github.com/newsgen/newsgen">newsgen</generator>"#,
        ]
        for entry in entries {
            lines.append("  <entry>")
            lines.append("    <id>\(Self.escape(entry.id))</id>")
            lines.append("    <title>\(Self.escape(entry.title))</title>")
            if let link = entry.link { lines.append(#"    <link rel="alternate" type="text/html" href="\#(Self.escape(link))"/>"#) }
            if let original = entry.original { lines.append(#"    <link rel="related" href="\#(Self.escape(original))"/>"#) }
            lines.append("    <updated>\(RFC3339.string(from: entry.updated))</updated>")
            if let published = entry.published { lines.append("    <published>\(RFC3339.string(from: published))</published>") }
            if let author = entry.author { lines.append("    <author><name>\(Self.escape(author))</name></author>") }
            for category in entry.categories { lines.append(#"    <category term="\#(Self.escape(category))"/>"#) }
            if let summary = entry.summary { lines.append(#"    <summary type="text">\#(Self.escape(summary))</summary>"#) }
            if let content = entry.contentHTML {
                let base = entry.contentBase.map { #" xml:base="\#(Self.escape($0))""# } ?? ""
                lines.append(#"    <content type="html"\#(base)>\#(Self.escape(content))</content>"#)
            }
            lines.append("  </entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes for XML text and attribute values, and drops what XML 1.0 cannot carry
    /// at all (control characters other than tab and newlines, U+FFFE, U+FFFF).
    static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension AtomFeed {
    /// The bookmarks feed: newest bookmark first, each entry updated when it was bookmarked.
    /// A bookmark whose article the archive lacks is an entry from the manifest's title and URL.
    /// An empty feed is dated by the newest article (`fallbackUpdated`), never by the clock. `name` is the
    /// theme's word for the list (`strings.bookmarksTitle`).
    static func bookmarks(_ manifest: BookmarkManifest, articles: [String: PreparedArticle], sources: [String: SourceInfo],
                          config: SiteConfig, fallbackUpdated: Date?, name: String = "Bookmarks") -> AtomFeed {
        let link = { (route: Route) in config.baseURL.map { $0 + route.path.dropFirst() } ?? route.relativeLink(from: .bookmarksFeed) }
        let entries = manifest.newestFirst.map { bookmark -> Entry in
            guard let prepared = articles[bookmark.id] else {
                return Entry(id: "urn:newsgen:article:\(bookmark.id)", title: bookmark.title,
                             link: bookmark.url.flatMap(HTMLSanitizer.absoluteLink), updated: bookmark.added, summary: bookmark.note)
            }
            let article = prepared.article
            let page = Route.article(slug: article.slug)
            return Entry(id: config.baseURL.map { $0 + page.path.dropFirst() } ?? "urn:newsgen:article:\(article.id)",
                         title: article.title, link: link(page), original: article.link.flatMap(HTMLSanitizer.absoluteLink),
                         updated: bookmark.added, published: article.date,
                         author: article.author ?? sources[article.sourceID]?.title,
                         summary: bookmark.note ?? prepared.summaryText, contentHTML: prepared.contentHTML, contentBase: link(page))
        }
        return AtomFeed(id: config.baseURL.map { $0 + Route.bookmarksFeed.path.dropFirst() } ?? "urn:newsgen:bookmarks",
                        title: "\(name) · \(config.title)", selfLink: link(.bookmarksFeed), alternateLink: link(.bookmarks(page: 1)),
                        updated: manifest.bookmarks.map(\.added).max() ?? fallbackUpdated ?? Date(timeIntervalSince1970: 0),
                        author: config.title, entries: entries)
    }
}
