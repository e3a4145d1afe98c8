import Foundation

/// One entry of `bookmarks.json`.
public struct Bookmark: Sendable, Equatable {
    public var id: String
    public var added: Date
    public var title: String
    public var url: String?
    public var note: String?

    public init(id: String, added: Date, title: String, url: String? = nil, note: String? = nil) {
        self.id = id
        self.added = added
        self.title = title
        self.url = url
        self.note = note
    }
}

/// `bookmarks.json`: stored sorted by id so that two branches that each add one merge cleanly.
public struct BookmarkManifest: Sendable, Equatable {
    public static let supportedVersion = 1
    public var bookmarks: [Bookmark]

    public init(bookmarks: [Bookmark] = []) {
        self.bookmarks = bookmarks.sorted { $0.id < $1.id }
    }

    /// Newest bookmark first, as pages and `bookmark list` show them.
    public var newestFirst: [Bookmark] {
        bookmarks.sorted { ($0.added, $1.id) > ($1.added, $0.id) }
    }

    public func contains(_ id: String) -> Bool { bookmarks.contains { $0.id == id } }

    /// Decodes the manifest; errors name the key path like site.json's do.
    public static func decode(_ data: Data, file: String = "bookmarks.json") throws(ConfigError) -> BookmarkManifest {
        var root = try ObjectReader.document(data, file: file, supportedVersion: supportedVersion)
        var bookmarks: [Bookmark] = []
        for (index, value) in (try root.array("bookmarks") ?? []).enumerated() {
            var entry = try ObjectReader(value, path: "bookmarks[\(index)]", file: file)
            let id = try entry.requiredString("id")
            let addedText = try entry.requiredString("added")
            guard let added = RFC3339.date(from: addedText) else {
                throw entry.error("added", "must be an RFC 3339 date such as 2026-11-29T10:00:00Z, found '\(addedText)'")
            }
            let bookmark = Bookmark(id: id, added: added, title: try entry.requiredString("title"),
                                    url: try entry.string("url"), note: try entry.string("note"))
            try entry.finish()
            bookmarks.append(bookmark)
        }
        try root.finish()
        return BookmarkManifest(bookmarks: bookmarks)
    }
}
