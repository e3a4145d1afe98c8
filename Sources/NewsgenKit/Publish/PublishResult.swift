/// What a publish did to the output folder, for the build report: a rebuild
/// with unchanged inputs should show only `kept` files.
///
/// The counts cover the site's files (generated and `static/`), not the
/// repository's own entries carried over (`README.md`, `.git`, …).
public struct PublishResult: Sendable, Equatable {
    /// Files that are new or whose bytes changed: written (or copied) afresh.
    public var written: Int
    /// Files whose bytes were already in the output: hard-linked over, so their inode and mtime stay.
    public var kept: Int
    /// Files of the previous output that the new site no longer has.
    public var removed: Int

    public init(written: Int = 0, kept: Int = 0, removed: Int = 0) {
        self.written = written
        self.kept = kept
        self.removed = removed
    }
}
