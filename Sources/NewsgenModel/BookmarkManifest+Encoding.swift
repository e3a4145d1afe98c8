import Foundation

extension BookmarkManifest {
    /// The manifest as `bookmarks.json`, written by hand rather than by JSONEncoder so that
    /// key order, indentation and escaping never change: one key per line, entries sorted by id.
    /// Two branches that each add a bookmark at different places in the id order then touch
    /// different lines, and git merges them without a conflict.
    public func encoded() -> Data {
        var text = "{\n  \"version\": \(Self.supportedVersion),\n"
        let entries = bookmarks.sorted { $0.id < $1.id }
        if entries.isEmpty {
            text += "  \"bookmarks\": []\n}\n"
            return Data(text.utf8)
        }
        text += "  \"bookmarks\": [\n"
        for (index, bookmark) in entries.enumerated() {
            var fields = [("id", bookmark.id), ("added", RFC3339.string(from: bookmark.added)), ("title", bookmark.title)]
            if let url = bookmark.url { fields.append(("url", url)) }
            if let note = bookmark.note { fields.append(("note", note)) }
            text += "    {\n"
            text += fields.map { "      \(Self.quoted($0.0)): \(Self.quoted($0.1))" }.joined(separator: ",\n")
            text += index == entries.count - 1 ? "\n    }\n" : "\n    },\n"
        }
        text += "  ]\n}\n"
        return Data(text.utf8)
    }

    /// A JSON string literal (`JSONText`).
    static func quoted(_ string: String) -> String {
        JSONText.quoted(string)
    }
}
