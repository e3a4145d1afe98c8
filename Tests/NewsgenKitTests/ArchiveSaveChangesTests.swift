import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// A save after a load writes only the month files whose articles changed (ADR 034), and still gives
/// the bytes a save that compares every file gives: whatever the seals cannot vouch for is compared.
@Suite("Archive save: only the month files that changed")
struct ArchiveSaveChangesTests: ArchiveFolderTesting {
    private static let manager = FileManager.default

    /// An archive folder with its seals file beside it (as `.newsgen/cache/` is beside `content/archive/`).
    struct Site {
        let root: URL
        var archive: URL { root.appendingPathComponent("archive") }
        var seals: URL { root.appendingPathComponent("cache/" + ArchiveSeals.fileName) }
        var store: ArchiveStore { ArchiveStore(directory: archive, shownAs: "content/archive", sealsFile: seals) }
        func file(_ path: String) -> URL { archive.appendingPathComponent(path) }
    }

    /// `body` given a folder that holds `sample` as a save with seals left it; the folder is removed after.
    private func withSample(_ body: (Site) throws -> Void) throws {
        let site = Site(root: try temporaryFolder())
        defer { try? Self.manager.removeItem(at: site.root) }
        try site.store.save(Self.sample)
        try body(site)
    }

    private static func article(_ id: String, _ source: String = "harbor-gazette", title: String = "Story", published: String) -> Article {
        Article(id: id, slug: "s-" + id, sourceID: source, title: title, link: "https://example.org/\(id)",
                published: RFC3339.date(from: published), contentHTML: "<p>\(id)</p>")
    }

    private static let sample = Archive(articlesBySource: [
        "harbor-gazette": [article("00000000000000a1", published: "2026-11-03T10:00:00Z"), article("00000000000000a2", published: "2026-11-20T10:00:00Z"),
                           article("00000000000000a3", published: "2026-10-03T10:00:00Z")],
        "city-council": [article("00000000000000b1", "city-council", published: "2026-11-04T10:00:00Z")],
    ])
    private static let paths = ["city-council/2026-11.jsonl", "harbor-gazette/2026-10.jsonl", "harbor-gazette/2026-11.jsonl"]

    /// Inode and modification date: both change when a file is written again (atomic writes replace the inode).
    private func identity(_ url: URL) throws -> String {
        let attributes = try Self.manager.attributesOfItem(atPath: url.path)
        return "\(attributes[.systemFileNumber] ?? "?") \(attributes[.modificationDate] ?? "?")"
    }

    private func identities(_ site: Site) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try files(under: site.archive).map { ($0, try identity(site.file($0))) })
    }

    /// What a save that compares every file (no seals, nothing loaded) writes for `archive`.
    private func coldBytes(_ archive: Archive) throws -> [String: Data] {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        try store(folder).save(archive)
        return Dictionary(uniqueKeysWithValues: try files(under: folder).map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    private func bytes(_ site: Site) throws -> [String: Data] {
        Dictionary(uniqueKeysWithValues: try files(under: site.archive).map { ($0, try Data(contentsOf: site.file($0))) })
    }

    @Test func aBuildThatChangesOneArticleRewritesExactlyItsMonthFile() throws {
        try withSample { site in
            let before = try identities(site)
            Thread.sleep(forTimeInterval: 0.02)

            let loaded = try site.store.loadRepairing()
            // What the last save wrote is vouched for: the save need neither make nor read those files.
            #expect(loaded.onDisk.files.count == Self.paths.count && loaded.onDisk.files.values.allSatisfy(\.canonical))
            var archive = loaded.archive
            var edited = try #require(archive.articlesBySource["harbor-gazette"]?.first { $0.id == "00000000000000a3" })
            edited.fullText = FullText(html: "<p>All of it</p>", url: "https://example.org/a3", finalURL: "https://example.org/a3",
                                       extractedAt: Date(timeIntervalSince1970: 0), extractor: "1", feedStamp: "0")
            archive.replace([edited])
            try site.store.save(archive, since: loaded.onDisk)

            let after = try identities(site)
            #expect(after.filter { before[$0.key] != $0.value }.map(\.key) == ["harbor-gazette/2026-10.jsonl"])
            #expect(try bytes(site) == coldBytes(archive))
        }
    }

    @Test func theDigestsGivenBackAreThoseOfTheLinesOnDisk() throws {
        try withSample { site in
            let loaded = try site.store.loadRepairing()
            var archive = loaded.archive
            var retitled = try #require(archive.articlesBySource["city-council"]?.first)
            retitled.title = "Another title"
            archive.replace([retitled])
            let digests = try site.store.save(archive, since: loaded.onDisk)
            #expect(loaded.onDisk.digests[retitled.id] != digests[retitled.id])
            for path in Self.paths {
                for (_, line) in ArchiveStore.lines(of: try Data(contentsOf: site.file(path))) {
                    let article = try ArchiveLine.read(line).get().article
                    #expect(digests[article.id] == SHA256.digest(line))
                    if article.id != retitled.id { #expect(loaded.onDisk.digests[article.id] == SHA256.digest(line)) }
                }
            }
        }
    }

    @Test func articlesThatLeaveTakeTheirLinesAndEmptyFilesWithThem() throws {
        try withSample { site in
            let before = try identities(site)
            Thread.sleep(forTimeInterval: 0.02)
            let loaded = try site.store.loadRepairing()
            let archive = loaded.archive.removing(["00000000000000a2", "00000000000000b1"])
            try site.store.save(archive, since: loaded.onDisk)
            #expect(files(under: site.archive) == ["archive.json", "harbor-gazette/2026-10.jsonl", "harbor-gazette/2026-11.jsonl"])
            #expect(try identity(site.file("harbor-gazette/2026-10.jsonl")) == before["harbor-gazette/2026-10.jsonl"])
            #expect(try bytes(site) == coldBytes(archive))
            #expect(try site.store.load() == archive)
        }
    }

    /// The seals vouch for bytes, not for a file's name: a month file edited by hand, or one without a seal, is compared
    /// in full and written as a save writes it, though its articles read the same.
    @Test(arguments: [false, true])
    func aMonthFileTheSealsDoNotVouchForIsComparedInFull(sealsLost: Bool) throws {
        try withSample { site in
            let canonical = try bytes(site)
            let file = site.file("harbor-gazette/2026-11.jsonl")
            let text = try String(contentsOf: file, encoding: .utf8)
            try write(text.replacingOccurrences(of: #"{"content"#, with: #"{ "content"#), to: file)
            if sealsLost { try Self.manager.removeItem(at: site.seals) }

            let loaded = try site.store.loadRepairing()
            #expect(loaded.archive == Self.sample)
            try site.store.save(loaded.archive, since: loaded.onDisk)
            #expect(try bytes(site) == canonical)
            // And the next load knows every file again.
            #expect(try site.store.loadRepairing().onDisk.files.values.allSatisfy(\.canonical))
        }
    }

    /// Blank lines or a missing last line break leave the lines, and so their digests, as they were: such a file is no seal's.
    @Test(arguments: [false, true])
    func aFileOfTheSameLinesWithOtherBreaksIsNoSealsFile(blankLines: Bool) throws {
        try withSample { site in
            let canonical = try bytes(site)
            let file = site.file("harbor-gazette/2026-11.jsonl")
            let text = try String(contentsOf: file, encoding: .utf8)
            try write(blankLines ? text.replacingOccurrences(of: "\n", with: "\n\n") : String(text.dropLast()), to: file)
            let loaded = try site.store.loadRepairing()
            #expect(loaded.onDisk.files["harbor-gazette/2026-11.jsonl"]?.canonical == false)
            try site.store.save(loaded.archive, since: loaded.onDisk)
            #expect(try bytes(site) == canonical)
        }
    }

    /// Both copies of an article that a cut save of an older newsgen left in two month files are in sealed files:
    /// the file of the copy dropped is still written again, without it.
    @Test func theFileOfADroppedDuplicateIsWrittenAgain() throws {
        try withSample { site in
            // a3 (October) also in November's file, the copy there older.
            let october = try Data(contentsOf: site.file("harbor-gazette/2026-10.jsonl"))
            let november = try Data(contentsOf: site.file("harbor-gazette/2026-11.jsonl"))
            let stale = String(decoding: october, as: UTF8.self).replacingOccurrences(of: #""title":"Story""#, with: #""title":"Old""#)
            let lines = (String(decoding: november, as: UTF8.self) + stale).split(separator: "\n").sorted().joined(separator: "\n") + "\n"
            try write(lines, to: site.file("harbor-gazette/2026-11.jsonl"))
            var seals = ArchiveSealStore(file: site.seals).load()
            seals.byPath["harbor-gazette/2026-11.jsonl"] = ArchiveSeals.seal(lineDigests: ArchiveStore.lines(of: Data(lines.utf8)).map { SHA256.digest($0.bytes) })
            ArchiveSealStore(file: site.seals).save(seals)
            try Self.manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: site.file("harbor-gazette/2026-11.jsonl").path)

            let loaded = try site.store.loadRepairing()
            #expect(loaded.warnings.count == 1)
            #expect(loaded.onDisk.files["harbor-gazette/2026-11.jsonl"]?.canonical == false)
            #expect(loaded.onDisk.files["harbor-gazette/2026-10.jsonl"]?.canonical == true)
            #expect(loaded.archive == Self.sample)
            try site.store.save(loaded.archive, since: loaded.onDisk)
            #expect(try bytes(site) == coldBytes(Self.sample))
        }
    }

    @Test func sealsReadBackAndNothingDamagedOrOfAnotherRelease() {
        let seals = ArchiveSeals(byPath: ["a/2026-11.jsonl": Array(repeating: 1, count: 32), "b/undated.jsonl": Array(0..<32)])
        let bytes = seals.encode()
        #expect(bytes.withUnsafeBytes { ArchiveSeals($0) } == seals)
        #expect(bytes.withUnsafeBytes { ArchiveSeals($0, release: "0.0.1") } == nil)
        for offset in stride(from: 0, to: bytes.count, by: 7) {
            var flipped = bytes
            flipped[offset] ^= 0x10
            #expect(flipped.withUnsafeBytes { ArchiveSeals($0) } == nil)
        }
        #expect(Array(bytes.dropLast()).withUnsafeBytes { ArchiveSeals($0) } == nil)
    }
}
