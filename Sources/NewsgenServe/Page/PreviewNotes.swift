/// What the preview shows over every page besides the site (ADR 058), as of the last build: its
/// error while no build has succeeded since, the warnings about files a page is made from, and
/// whether the archive is empty only because `serve` does not fetch. Carried by the script tag.
public struct PreviewNotes: Equatable, Sendable {
    /// The last build's error while it stands.
    public var failure: String?
    /// The last good build's warnings about a page's own files (`PageWarnings`), one line each.
    public var warnings: [String] = []
    /// The site has url sources, none of them has an article in the archive, and the preview does not fetch.
    public var nothingArchived = false

    public init(failure: String? = nil, warnings: [String] = [], nothingArchived: Bool = false) {
        self.failure = failure
        self.warnings = warnings
        self.nothingArchived = nothingArchived
    }
}
