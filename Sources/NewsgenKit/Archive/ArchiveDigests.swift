import NewsgenModel

/// The SHA-256 of each article's line as the archive folder holds it, by article id: hashed once per
/// build, by the load from the bytes it read and by the save from the bytes it wrote (ADR 034), and
/// compared by the `ParseMemo` and keyed on by the Enrich cache (`EnrichKey`), which read no line again.
///
/// A digest stands for the article the same load or save gave with it, and only for that value: the
/// load's digests go with the archive as loaded, the save's with the archive as saved.
struct ArchiveDigests: Sendable, Equatable {
    private(set) var byID: [String: [UInt8]] = [:]

    init(byID: [String: [UInt8]] = [:]) { self.byID = byID }

    /// The digest of `article`'s stored line; for an article these digests were not made with (a test's,
    /// a command's that saved without loading), the digest of the line `ArchiveLineWriter` makes of it,
    /// which is what the save writes.
    func digest(of article: Article) -> [UInt8] { byID[article.id] ?? Self.line(article) }

    /// The digest of the line `ArchiveLineWriter` writes for `article`.
    static func line(_ article: Article) -> [UInt8] { FastSHA256.digest(ArchiveLineWriter.line(article)) }

    subscript(id: String) -> [UInt8]? {
        get { byID[id] }
        set { byID[id] = newValue }
    }
}
