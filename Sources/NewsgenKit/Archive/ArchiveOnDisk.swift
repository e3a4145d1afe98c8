import NewsgenModel

/// What the archive folder held when the build read it (`ArchiveStore.loadRepairing`), for the save
/// to tell which month files this build changed (ADR 034): the archive as read, before takedowns,
/// each month file's article ids in line order and whether its bytes are known to be what
/// `ArchiveLineWriter` makes of those articles (its seal is the one the last save recorded), and
/// every article's line digest.
struct ArchiveOnDisk: Sendable {
    struct MonthFile: Sendable, Equatable {
        /// The ids of its lines, in order.
        var ids: [String]
        /// SHA-256 over its lines' digests (`ArchiveSeals.seal`), when the file is lines and line breaks only;
        /// nil when it holds blank lines, `\r\n` or no last line break (its bytes are then not a seal's).
        var seal: [UInt8]?
        /// Its seal is the last save's and every line of it is the copy of its article the load kept.
        var canonical: Bool
    }

    /// The archive as read, before takedowns.
    var archive: Archive
    /// By path relative to the archive folder (`source/2026-11.jsonl`).
    var files: [String: MonthFile]
    var digests: ArchiveDigests

    /// Nothing known: every month file is compared in full.
    static let unknown = ArchiveOnDisk(archive: Archive(), files: [:], digests: ArchiveDigests())

    /// True when the month file at `path` on disk is exactly the lines `articles` (sorted by id) make: it is
    /// canonical, holds these ids in this order, and each article is the value read from it.
    func holds(_ articles: [Article], at path: String) -> Bool {
        guard let file = files[path], file.canonical, file.ids.count == articles.count else { return false }
        for (id, article) in zip(file.ids, articles) {
            guard id == article.id, archive.articlesBySource[article.sourceID]?.binarySearch(id: id) == article else { return false }
        }
        return true
    }
}
