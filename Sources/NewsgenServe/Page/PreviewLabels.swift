/// The words the injected script shows, in one place: the script tag carries them as `data-`
/// attributes, so the script itself holds no text. They come from the theme's strings table
/// (the site's language) under the keys named here, English when there is none.
public struct PreviewLabels: Equatable, Sendable {
    /// The button on a row or an article that is not bookmarked (strings key `bookmarkAdd`).
    public var bookmarkAdd = "Bookmark"
    /// The button on one that is (strings key `bookmarkRemove`).
    public var bookmarkRemove = "Remove bookmark"
    /// The overlay's heading over a rebuild's error (strings key `rebuildFailed`).
    public var rebuildFailed = "Rebuild failed"

    public init() {}

    /// The labels from the strings table's `texts` by `keys`; a key it lacks keeps its English.
    public init(texts: [String: String]) {
        bookmarkAdd = texts["bookmarkAdd"] ?? bookmarkAdd
        bookmarkRemove = texts["bookmarkRemove"] ?? bookmarkRemove
        rebuildFailed = texts["rebuildFailed"] ?? rebuildFailed
    }

    /// The strings-table keys, in the order of the fields.
    public static let keys = ["bookmarkAdd", "bookmarkRemove", "rebuildFailed"]
}
