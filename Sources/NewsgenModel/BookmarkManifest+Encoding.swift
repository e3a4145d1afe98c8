import Foundation

extension BookmarkManifest {
    /// The manifest as `bookmarks.json`, written so that key order, indentation and escaping never
    /// change: one key per line, entries sorted by id. Two branches that each add a bookmark at
    /// different places in the id order then touch different lines, and git merges them without a conflict.
    public func encoded() -> Data {
        ManifestWriting.encoded(version: Self.supportedVersion, listKey: "bookmarks", entries: bookmarks.sorted { $0.id < $1.id }) { bookmark, writer in
            writer.key("id"); writer.string(bookmark.id)
            writer.key("added"); writer.date(bookmark.added)
            writer.key("title"); writer.string(bookmark.title)
            writer.optional("url", bookmark.url)
            writer.optional("note", bookmark.note)
        }
    }

    /// A JSON string literal (`JSONWriter.quoted`).
    static func quoted(_ string: String) -> String {
        JSONWriter.quoted(string)
    }
}

/// The layout `bookmarks.json` and `takedowns.json` share: `{"version": N, "<list>": [entries]}`,
/// pretty, one key per line, a final newline.
public enum ManifestWriting {
    /// The file's bytes; `write` writes one entry's members in their fixed order.
    public static func encoded<Entry>(version: Int, listKey: String, entries: [Entry],
                                      _ write: (Entry, inout JSONWriter) -> Void) -> Data {
        var writer = JSONWriter(layout: .pretty)
        writer.beginObject()
        writer.key("version"); writer.integer(version)
        writer.key(listKey)
        writer.beginArray()
        for entry in entries {
            writer.beginObject()
            write(entry, &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return Data(writer.bytes + [0x0A])
    }
}
