import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// A save is one step that no crash splits (ADR 015): new month files are synced temporary files,
/// the journal commits them, and a save stopped after its journal is read through and finished.
/// The kills and full disks themselves are the fault tests' (ArchiveFaultEndToEndTests); these
/// build the states such a save leaves by hand.
@Suite("Archive saves: journal, format marker")
struct ArchiveSaveJournalTests: ArchiveFolderTesting {
    private static let manager = FileManager.default

    private func article(_ id: String, published: String?, title: String = "Story") -> Article {
        Article(id: id, slug: "s-" + id, sourceID: "harbor-gazette", title: title, published: published.flatMap(RFC3339.date(from:)))
    }

    private func line(_ article: Article) -> String { String(decoding: ArchiveLineWriter.line(article), as: UTF8.self) + "\n" }

    /// The state a save leaves when it is killed after its journal: a1 moves from October to November,
    /// a2 leaves with the October file; the November file's new bytes are still in process 4242's temporary file.
    private func interruptedMove(in folder: URL) throws -> (moved: Article, kept: Article) {
        let before = article("00000000000000a1", published: "2026-10-03T10:00:00Z")
        let gone = article("00000000000000a2", published: "2026-10-05T10:00:00Z")
        let kept = article("00000000000000a3", published: "2026-11-01T10:00:00Z")
        let moved = article("00000000000000a1", published: "2026-11-03T10:00:00Z", title: "Story, redated")
        try write(line(before) + line(gone), to: folder.appendingPathComponent("harbor-gazette/2026-10.jsonl"))
        try write(line(kept), to: folder.appendingPathComponent("harbor-gazette/2026-11.jsonl"))
        let newBytes = line(moved) + line(kept)
        try write(newBytes, to: DurableFile.temporaryURL(for: folder.appendingPathComponent("harbor-gazette/2026-11.jsonl"), pid: 4242))
        let journal = ArchiveJournal(pid: 4242, writes: [.init(file: "harbor-gazette/2026-11.jsonl", data: Data(newBytes.utf8))],
                                     removes: ["harbor-gazette/2026-10.jsonl"])
        try journal.encoded().write(to: folder.appendingPathComponent(ArchiveJournal.fileName))
        return (moved, kept)
    }

    @Test func aSaveStoppedAfterItsJournalIsReadAsFinishedWithoutWritingAnything() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let (moved, kept) = try interruptedMove(in: folder)
        let before = files(under: folder)
        #expect(try store(folder).load() == Archive(articlesBySource: ["harbor-gazette": [moved, kept]]))
        #expect(files(under: folder) == before)
    }

    @Test func theNextSaveFinishesItFirstAndEveryArticleIsThereOnce() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let (moved, kept) = try interruptedMove(in: folder)
        let archive = Archive(articlesBySource: ["harbor-gazette": [moved, kept]])
        try store(folder).recover()
        #expect(files(under: folder) == ["harbor-gazette/2026-11.jsonl"])
        #expect(try store(folder).load() == archive)
        // Finishing twice is finishing once.
        try store(folder).recover()
        try store(folder).save(archive)
        #expect(files(under: folder) == ["archive.json", "harbor-gazette/2026-11.jsonl"])
        #expect(try store(folder).load() == archive)
    }

    @Test func aJournalWhoseRenamesAllHappenedOnlyHasItsRemovalsLeft() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let (moved, kept) = try interruptedMove(in: folder)
        let month = folder.appendingPathComponent("harbor-gazette/2026-11.jsonl")
        try DurableFile.move(DurableFile.temporaryURL(for: month, pid: 4242), over: month, within: WriteBounds(folder: folder))
        #expect(try store(folder).load() == Archive(articlesBySource: ["harbor-gazette": [moved, kept]]))
        try store(folder).recover()
        #expect(files(under: folder) == ["harbor-gazette/2026-11.jsonl"])
    }

    /// A journal committed to git without its temporary files (or whose temporary file someone deleted): finishing it
    /// would apply the removal and lose the moved article, so it is refused and nothing is touched.
    @Test func aJournalWhoseNewBytesAreGoneIsRefusedRatherThanHalfApplied() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        _ = try interruptedMove(in: folder)
        try Self.manager.removeItem(at: DurableFile.temporaryURL(for: folder.appendingPathComponent("harbor-gazette/2026-11.jsonl"), pid: 4242))
        let before = files(under: folder)
        let refusal = BuildError(path: "content/archive/.newsgen-journal", "records a save that cannot be finished: the new bytes of "
            + "content/archive/harbor-gazette/2026-11.jsonl are gone (its temporary file .2026-11.jsonl.newsgen-4242.tmp is missing); "
            + "it was left untouched (restore the archive folder from git, or remove the file to keep the archive as it is)")
        #expect(throws: refusal) { _ = try store(folder).load() }
        #expect(throws: refusal) { try store(folder).recover() }
        #expect(files(under: folder) == before)
    }

    @Test func aJournalThatDoesNotReadIsRefusedAndLeftAlone() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        _ = try interruptedMove(in: folder)
        let damaged = #"{"version":1,"pid":4242,"writes":[{"file":"../../etc/passwd","bytes":1,"hash":"0123456789abcdef"}],"removes":[]}"#
        try write(damaged, to: folder.appendingPathComponent(ArchiveJournal.fileName))
        let refusal = BuildError(path: "content/archive/.newsgen-journal", "is not a save journal this newsgen can read, so the save it "
            + "records cannot be finished; it was left untouched (restore the archive folder from git, or remove the file to keep the archive as it is)")
        #expect(throws: refusal) { _ = try store(folder).load() }
        #expect(throws: refusal) { try store(folder).save(Archive()) }
        #expect(try String(contentsOf: folder.appendingPathComponent(ArchiveJournal.fileName), encoding: .utf8) == damaged)
    }

    @Test(arguments: [
        "{}", #"{"version":2,"pid":1,"writes":[],"removes":[]}"#, #"{"version":1,"pid":1.5,"writes":[],"removes":[]}"#,
        #"{"version":1,"pid":1,"writes":[{"file":"a/b/c","bytes":1,"hash":"0123456789abcdef"}],"removes":[]}"#,
        #"{"version":1,"pid":1,"writes":[],"removes":[".hidden"]}"#, #"{"version":1,"pid":1,"writes":["a/b"],"removes":[]}"#,
        #"{"version":1,"pid":1,"writes":[{"file":"a/b","bytes":-1,"hash":"0123456789abcdef"}],"removes":[]}"#,
        #"{"version":1,"pid":1,"writes":[{"file":"a/b","bytes":1,"hash":"0123"}],"removes":[]}"#, "not json",
    ])
    func journalsThatAreNotOursDoNotDecode(text: String) {
        #expect(ArchiveJournal.decode(Data(text.utf8)) == nil)
    }

    @Test func aJournalRoundTrips() {
        let journal = ArchiveJournal(pid: 17, writes: [.init(file: "a/2026-11.jsonl", data: Data("x\n".utf8)),
                                                       .init(file: "archive.json", data: ArchiveFormat.marker)],
                                     removes: ["a/2026-10.jsonl", "a.json"])
        #expect(ArchiveJournal.decode(journal.encoded()) == journal)
    }

    @Test func aSaveThatCannotWriteLeavesTheArchiveAsItWasAndNoTemporaryFile() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let first = Archive(articlesBySource: ["harbor-gazette": [article("00000000000000a1", published: "2026-10-03T10:00:00Z")]])
        try store(folder).save(first)
        let before = files(under: folder)
        // A file where the new month's folder should be: the second file of the save cannot be made.
        try write("mine\n", to: folder.appendingPathComponent("valley-science"))
        let second = Archive(articlesBySource: [
            "harbor-gazette": [article("00000000000000a1", published: "2026-11-03T10:00:00Z")],
            "valley-science": [Article(id: "00000000000000b1", slug: "b", sourceID: "valley-science", title: "B")],
        ])
        #expect(throws: BuildError.self) { try store(folder).save(second) }
        #expect(files(under: folder) == (before + ["valley-science"]).sorted())
        #expect(try store(folder).load() == first)
    }

    @Test func everySaveLeavesTheFormatMarker() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        try store(folder).save(Archive(articlesBySource: ["harbor-gazette": [article("00000000000000a1", published: nil)]]))
        let marker = try Data(contentsOf: folder.appendingPathComponent("archive.json"))
        #expect(marker == ArchiveFormat.marker)
        #expect(String(decoding: marker, as: UTF8.self).contains(#""version": 3"#))
    }

    @Test func anArchiveInANewerFormatIsNeitherReadNorWritten() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let month = folder.appendingPathComponent("harbor-gazette/undated.jsonl")
        let content = line(article("00000000000000a1", published: nil))
        try write(content, to: month)
        try write(#"{"version": 4}"#, to: folder.appendingPathComponent("archive.json"))
        let refusal = BuildError(path: "content/archive/archive.json", "the archive is in format version 4, newer than \(NewsgenVersion.name) knows "
            + "(up to version 3): update newsgen; the archive was left untouched")
        #expect(throws: refusal) { _ = try store(folder).load() }
        #expect(throws: refusal) { try store(folder).save(Archive()) }
        #expect(try String(contentsOf: month, encoding: .utf8) == content)
        #expect(try String(contentsOf: folder.appendingPathComponent("archive.json"), encoding: .utf8) == #"{"version": 4}"#)
    }

    @Test func aLineWithAKeyThisNewsgenDoesNotKnowIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let month = folder.appendingPathComponent("harbor-gazette/undated.jsonl")
        try write(#"{"extracted":{"html":"<p>x</p>"},"id":"00000000000000a1","slug":"a","sourceID":"harbor-gazette","tags":[],"title":"A"}"# + "\n", to: month)
        #expect(throws: BuildError(path: "content/archive/harbor-gazette/undated.jsonl:1", "unknown key 'extracted' (a newer newsgen wrote it: "
            + "update newsgen, which keeps what this one would drop); the file was left untouched")) { _ = try store(folder).load() }
    }

    /// The keys the loader accepts are exactly the keys an article with every field set is written with.
    @Test func theKnownKeysAreTheKeysArticlesAreWrittenWith() throws {
        var full = Article(id: "0123456789abcdef", slug: "s", sourceID: "src", title: "T", link: "l", author: "a",
                           published: Date(timeIntervalSince1970: 1), updated: Date(timeIntervalSince1970: 2),
                           summaryHTML: "s", contentHTML: "c", tags: ["t"], imageURL: "i", identityKey: "k",
                           fullText: FullText(html: "h", url: "u", finalURL: "f", extractedAt: Date(timeIntervalSince1970: 3), extractor: "1", feedStamp: "s"))
        full.feedText = .teaser
        let object = try #require(JSONSerialization.jsonObject(with: ArchiveLineWriter.line(full)) as? [String: Any])
        #expect(Set(object.keys) == ArchiveLine.knownKeys)
        let encoded = try #require(JSONSerialization.jsonObject(with: FoundationOracle.archiveEncoder().encode(full)) as? [String: Any])
        #expect(Set(encoded.keys) == ArchiveLine.knownKeys)
    }
}
