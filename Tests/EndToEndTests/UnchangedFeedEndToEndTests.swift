import Foundation
import Testing

/// A source whose document is byte for byte the last build's is not parsed again (ADR 027), and the
/// site is the one a build that parses everything publishes.
@Suite("Unchanged feeds are not parsed again, end to end", .serialized)
struct UnchangedFeedEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1795000000"]

    /// A build that cannot take the up-to-date shortcut, and its `--verbose` lines.
    static func build(_ site: TemporarySite) throws -> (sources: String?, summary: String?, snapshot: [String: Data]) {
        try? FileManager.default.removeItem(at: site.publicDirectory)
        try? FileManager.default.removeItem(at: site.file(".newsgen/last-build.json"))
        let result = try site.run("build", "--offline", "--verbose", environment: now)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        return (lines.first { $0.hasPrefix("Sources: ") }, lines.last.map {
            $0.replacingOccurrences(of: #"in [0-9]+\.[0-9]{2} s"#, with: "in T", options: .regularExpression)
        }, try site.snapshot())
    }

    static func forget(_ site: TemporarySite) { try? FileManager.default.removeItem(at: site.file(".newsgen/cache/parsed-sources.bin")) }

    static func expectSame(_ got: [String: Data], _ reference: [String: Data], _ scenario: String) {
        #expect(got.keys.sorted() == reference.keys.sorted(), "\(scenario): other files")
        #expect(reference.keys.sorted().filter { got[$0] != reference[$0] }.prefix(5).isEmpty, "\(scenario)")
    }

    @Test func sameBytesAreNotParsedAndOneByteMoreIs() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let first = try Self.build(site)
        #expect(first.sources == "Sources: 0 of 4 unchanged since the last build (304 Not Modified or the same document; not parsed again).")

        let second = try Self.build(site)
        #expect(second.sources == "Sources: 4 of 4 unchanged since the last build (304 Not Modified or the same document; not parsed again).")
        // What the sources brought is counted as it would be had they been parsed.
        #expect(second.summary?.contains("0 new, 0 updated, 21 unchanged; 4 sources, 0 failed") == true, "\(second.summary ?? "")")
        Self.expectSame(second.snapshot, first.snapshot, "nothing changed")

        // One byte more in one feed: that one is parsed, and the site is what parsing everything makes.
        let feed = "content/feeds/city-council.xml"
        try site.write(feed, try site.read(feed).replacingOccurrences(of: "</title>", with: "!</title>"))
        let edited = try Self.build(site)
        #expect(edited.sources == "Sources: 3 of 4 unchanged since the last build (304 Not Modified or the same document; not parsed again).")
        Self.forget(site)
        let parsedAll = try Self.build(site)
        #expect(parsedAll.sources == "Sources: 0 of 4 unchanged since the last build (304 Not Modified or the same document; not parsed again).")
        Self.expectSame(edited.snapshot, parsedAll.snapshot, "one feed edited")
        // The council's four stories changed title; the other sources' seventeen are counted as unchanged though not parsed.
        #expect(edited.summary?.contains("0 new, 4 updated, 17 unchanged; 4 sources, 0 failed") == true, "\(edited.summary ?? "")")
        #expect(edited.snapshot != first.snapshot)
    }

    @Test func theSourcesSettingsAndTheArchiveDecideToo() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        _ = try Self.build(site)
        // A source's settings changed in site.json: its document is parsed again.
        try site.editConfig { config in
            var sources = config["sources"] as! [[String: Any]]
            sources[0]["title"] = "The Harbour Gazette"
            config["sources"] = sources
        }
        let retitled = try Self.build(site)
        #expect(retitled.sources == "Sources: 3 of 4 unchanged since the last build (304 Not Modified or the same document; not parsed again).")
        #expect(retitled.snapshot.values.contains { String(decoding: $0, as: UTF8.self).contains("The Harbour Gazette") })

        // The archive lost a source's articles (restored from an older copy, say): that source is parsed and they come back.
        let folder = site.file("content/archive/valley-science")
        try FileManager.default.removeItem(at: folder)
        let restored = try Self.build(site)
        #expect(restored.sources == "Sources: 3 of 4 unchanged since the last build (304 Not Modified or the same document; not parsed again).")
        #expect(FileManager.default.fileExists(atPath: folder.path))
        Self.forget(site)
        Self.expectSame(restored.snapshot, try Self.build(site).snapshot, "archive restored")

        // A damaged memo is no memo.
        _ = try Self.build(site)
        var memo = try Data(contentsOf: site.file(".newsgen/cache/parsed-sources.bin"))
        memo[memo.count / 2] ^= 0x10
        try memo.write(to: site.file(".newsgen/cache/parsed-sources.bin"))
        #expect(try Self.build(site).sources == "Sources: 0 of 4 unchanged since the last build (304 Not Modified or the same document; not parsed again).")
    }
}
