import Foundation
import Testing

/// A build writes only the month files whose articles changed (ADR 034), and both the archive and the
/// site are what a build without any cache makes.
@Suite("Archive save: only what changed is written, end to end", .serialized)
struct ArchiveSaveEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1795000000"]

    /// A build that cannot take the up-to-date shortcut.
    static func build(_ site: TemporarySite) throws -> [String: Data] {
        try? FileManager.default.removeItem(at: site.publicDirectory)
        try? FileManager.default.removeItem(at: site.file(".newsgen/last-build.json"))
        let result = try site.run("build", "--offline", "--verbose", environment: now)
        #expect(result.status == 0, "\(result.stderr)")
        return try site.snapshot()
    }

    /// Each month file's bytes and identity (inode and modification date: an atomic write replaces both).
    static func archive(_ site: TemporarySite) throws -> [String: (bytes: Data, identity: String)] {
        let folder = site.file("content/archive")
        var files: [String: (bytes: Data, identity: String)] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)!
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".jsonl") else { continue }
            let url = folder.appendingPathComponent(relative)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            files[relative] = (try Data(contentsOf: url), "\(attributes[.systemFileNumber] ?? "?") \(attributes[.modificationDate] ?? "?")")
        }
        return files
    }

    static func expectSame(_ got: [String: Data], _ reference: [String: Data], _ scenario: String) {
        #expect(got.keys.sorted() == reference.keys.sorted(), "\(scenario): other files")
        #expect(reference.keys.sorted().filter { got[$0] != reference[$0] }.prefix(5).isEmpty, "\(scenario)")
    }

    @Test func aFeedEditRewritesExactlyTheMonthFilesWhoseArticlesChanged() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        _ = try Self.build(site)
        let before = try Self.archive(site)
        Thread.sleep(forTimeInterval: 0.02)

        let feed = "content/feeds/city-council.xml"
        try site.write(feed, try site.read(feed).replacingOccurrences(of: "</title>", with: "!</title>"))
        let edited = try Self.build(site)
        let after = try Self.archive(site)
        #expect(after.keys.sorted() == before.keys.sorted())
        let rewritten = after.keys.filter { after[$0]?.identity != before[$0]?.identity }.sorted()
        let changed = after.keys.filter { after[$0]?.bytes != before[$0]?.bytes }.sorted()
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix("city-council/") })
        #expect(rewritten == changed)

        // Without any cache the same archive and the same site.
        try FileManager.default.removeItem(at: site.file(".newsgen/cache"))
        let cold = try Self.build(site)
        Self.expectSame(edited, cold, "one feed edited")
        #expect(try Self.archive(site).mapValues(\.bytes) == after.mapValues(\.bytes))
    }

    /// A month file edited by hand into other bytes of the same articles is not vouched for by its seal:
    /// the next build writes it as a save writes it, and the site does not change.
    @Test func aMonthFileEditedByHandIsWrittenAgainAsASaveWritesIt() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let first = try Self.build(site)
        let before = try Self.archive(site)
        let path = try #require(before.keys.sorted().first { $0.hasPrefix("harbor-gazette/") })
        let text = String(decoding: try #require(before[path]).bytes, as: UTF8.self)
        try site.write("content/archive/" + path, text.replacingOccurrences(of: "{\"", with: "{ \""))
        let again = try Self.build(site)
        Self.expectSame(again, first, "a month file edited by hand")
        #expect(try Self.archive(site)[path]?.bytes == before[path]?.bytes)
    }
}
