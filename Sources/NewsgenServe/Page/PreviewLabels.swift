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
    /// The overlay's heading over a good build's warnings about a page's files (strings key `buildWarnings`).
    public var buildWarnings = "The build has warnings about these files:"
    /// What to run when the archive is empty because the preview does not fetch (strings key `nothingArchived`).
    public var nothingArchived = "Nothing has been fetched from the sources yet, and newsgen serve does not fetch. "
        + "Run newsgen build, or newsgen serve --fetch, to bring in their articles."

    public init() {}

    /// The labels from the strings table's `texts` by `keys`; a key it lacks keeps its English.
    public init(texts: [String: String]) {
        bookmarkAdd = texts["bookmarkAdd"] ?? bookmarkAdd
        bookmarkRemove = texts["bookmarkRemove"] ?? bookmarkRemove
        rebuildFailed = texts["rebuildFailed"] ?? rebuildFailed
        buildWarnings = texts["buildWarnings"] ?? buildWarnings
        nothingArchived = texts["nothingArchived"] ?? nothingArchived
    }

    /// The strings-table keys, in the order of the fields.
    public static let keys = ["bookmarkAdd", "bookmarkRemove", "rebuildFailed", "buildWarnings", "nothingArchived"]
}
