import Foundation
import NewsgenKit
import NewsgenModel

/// `newsgen bookmark list`: the manifest newest bookmark first, as the
/// `/bookmarks/` page orders it, laid out for a terminal or as JSON for a script.
/// Pure and deterministic.
enum BookmarkList {
    /// One line per bookmark, `2026-11-29  <id>  <title>` (the day it was added, in
    /// the site's time zone), the note indented under the id; "No bookmarks." when empty.
    static func text(_ manifest: BookmarkManifest, timeZone: TimeZone) -> String {
        let bookmarks = manifest.newestFirst
        guard !bookmarks.isEmpty else { return "No bookmarks." }
        let dates = DateDisplay(timeZone: timeZone)
        return bookmarks.map { bookmark in
            let day = String(dates.iso(bookmark.added).prefix(10))
            var line = "\(day)  \(bookmark.id)  \(bookmark.title.replacingNewlines())"
            if let note = bookmark.note, !note.isEmpty {
                line += "\n" + String(repeating: " ", count: day.count + 2) + note.replacingNewlines()
            }
            return line
        }.joined(separator: "\n")
    }

    /// `{"bookmarks": [ … ]}` newest first; each entry as the manifest holds it plus
    /// `path`, the article's page, when the archive still has the article.
    static func json(_ manifest: BookmarkManifest, articles: [Article]) -> String {
        let slugs = Dictionary(articles.map { ($0.id, $0.slug) }, uniquingKeysWith: { first, _ in first })
        let entries = manifest.newestFirst.map { bookmark in
            JSONValue.object(dropping: [
                "id": .string(bookmark.id),
                "added": .string(RFC3339.string(from: bookmark.added)),
                "title": .string(bookmark.title),
                "url": bookmark.url.map(JSONValue.string),
                "note": bookmark.note.map(JSONValue.string),
                "path": slugs[bookmark.id].map { JSONValue.string(Route.article(slug: $0).path) },
            ])
        }
        return JSONValue.object(["bookmarks": .array(entries)]).prettyPrinted()
    }
}
