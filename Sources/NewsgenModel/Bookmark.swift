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

    /// The bookmark with this id, if there is one.
    public func bookmark(id: String) -> Bookmark? { bookmarks.first { $0.id == id } }

    /// Inserts `bookmark` where its id sorts, so the file keeps its order; false (and no change)
    /// when a bookmark with that id is already there.
    @discardableResult
    public mutating func add(_ bookmark: Bookmark) -> Bool {
        guard !contains(bookmark.id) else { return false }
        let index = bookmarks.firstIndex { $0.id > bookmark.id } ?? bookmarks.endIndex
        bookmarks.insert(bookmark, at: index)
        return true
    }

    /// Removes and returns the bookmark with this id; nil when there is none.
    @discardableResult
    public mutating func remove(id: String) -> Bookmark? {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { return nil }
        return bookmarks.remove(at: index)
    }

    /// Decodes the manifest; errors name the key path like site.json's do, and say
    /// `file:line:column` where the offending value or key is written.
    public static func decode(_ data: Data, file: String = "bookmarks.json") throws(ConfigError) -> BookmarkManifest {
        var root = try ObjectReader.document(data, file: file, supportedVersion: supportedVersion)
        var bookmarks: [Bookmark] = []
        for var entry in try root.objects("bookmarks") ?? [] {
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
