import Foundation
import Testing

/// The Enrich cache (ADR 027) end to end: whatever `.newsgen/cache/enrich/` holds (nothing, this site's
/// cache, a damaged one, another site's, another version's), the site published is byte for byte
/// the one a build without any cache publishes; only what is new is sanitized.
@Suite("Enrich cache, end to end", .serialized)
struct EnrichCacheEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1795000000"]
    static let iframe = #"<p>Watch: <iframe src="https://www.youtube.com/embed/abc123"></iframe></p>"#

    /// The sample site with a video in one story, so that `embeds.allow` changes what is sanitized.
    static func site(embeds: [String] = []) throws -> TemporarySite {
        let site = try TemporarySite.sample()
        let feed = try site.read("content/feeds/harbor-gazette.xml")
        try site.write("content/feeds/harbor-gazette.xml", feed.replacingOccurrences(
            of: "<content:encoded><![CDATA[<p>More than four hundred", with: "<content:encoded><![CDATA[\(iframe)<p>More than four hundred"))
        if !embeds.isEmpty { try site.editConfig { $0["embeds"] = ["allow": embeds] } }
        return site
    }

    /// Builds with no public/ and no build record, so every page is made from what Enrich gave.
    static func freshBuild(_ site: TemporarySite) throws -> (snapshot: [String: Data], enrich: String?) {
        let built = try freshBuild(site, detail: "Enrich: ")
        return (built.snapshot, built.detail)
    }

    /// `freshBuild`, with the `--verbose` line that starts with `detail`.
    static func freshBuild(_ site: TemporarySite, detail: String) throws -> (snapshot: [String: Data], detail: String?) {
        try? FileManager.default.removeItem(at: site.publicDirectory)
        try? FileManager.default.removeItem(at: site.file(".newsgen/last-build.json"))
        let result = try site.run("build", "--offline", "--verbose", environment: now)
        #expect(result.status == 0, "\(result.stderr)")
        return (try site.snapshot(), result.stdout.split(separator: "\n").first { $0.hasPrefix(detail) }.map(String.init))
    }

    static var cacheFolder: (TemporarySite) -> URL { { $0.file(".newsgen/cache/enrich") } }

    static func replaceCache(of site: TemporarySite, with folder: URL) throws {
        try replace(cacheFolder(site), with: folder)
    }

    /// `cache` (a cache's folder) as a copy of `folder`.
    static func replace(_ cache: URL, with folder: URL) throws {
        try? FileManager.default.removeItem(at: cache)
        try FileManager.default.copyItem(at: folder, to: cache)
    }

    static func segments(of site: TemporarySite) throws -> [URL] { try segments(in: cacheFolder(site)) }

    static func segments(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("segment-") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    static func edit(_ file: URL, _ change: (inout Data) -> Void) throws {
        var data = try Data(contentsOf: file)
        change(&data)
        try data.write(to: file)
    }

    /// Same paths, same bytes; the first differing file named.
    static func expectSame(_ got: [String: Data], _ cold: [String: Data], _ scenario: String) {
        #expect(got.keys.sorted() == cold.keys.sorted(), "\(scenario): other files")
        let differing = cold.keys.sorted().filter { got[$0] != cold[$0] }
        #expect(differing.isEmpty, "\(scenario): \(differing.prefix(5))")
    }

    @Test func everyCacheGivesTheColdBuildsSite() throws {
        let site = try Self.site()
        defer { site.remove() }
        let cold = try Self.freshBuild(site)
        #expect(cold.enrich == "Enrich: 21 articles sanitized, 0 reused from the cache.")
        #expect(cold.snapshot.count > 20)
        #expect(cold.snapshot.values.contains { String(decoding: $0, as: UTF8.self).contains("More than four hundred") })
        #expect(!cold.snapshot.values.contains { String(decoding: $0, as: UTF8.self).contains("youtube.com/embed/abc123") })
        let warmCache = FileManager.default.temporaryDirectory.appendingPathComponent("enrich-warm-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.cacheFolder(site), to: warmCache)
        defer { try? FileManager.default.removeItem(at: warmCache) }

        // (b) Warm: nothing sanitized again.
        let warm = try Self.freshBuild(site)
        #expect(warm.enrich == "Enrich: 0 articles sanitized, 21 reused from the cache.")
        Self.expectSame(warm.snapshot, cold.snapshot, "warm")

        // (c) Damaged files: cut, bytes flipped, emptied; the index and the segments.
        let damages: [(String, (TemporarySite) throws -> Void)] = [
            ("segment truncated", { try Self.edit(try Self.segments(of: $0)[0]) { $0 = $0.prefix($0.count / 2) } }),
            ("segment bytes flipped", { try Self.edit(try Self.segments(of: $0)[0]) { data in
                for offset in stride(from: 10, to: data.count, by: 997) { data[offset] ^= 0x5a } } }),
            ("segment emptied", { try Data().write(to: try Self.segments(of: $0)[0]) }),
            ("segment removed", { try FileManager.default.removeItem(at: try Self.segments(of: $0)[0]) }),
            ("index truncated", { try Self.edit(Self.cacheFolder($0).appendingPathComponent("index.bin")) { $0 = $0.prefix($0.count - 9) } }),
            ("index byte flipped", { try Self.edit(Self.cacheFolder($0).appendingPathComponent("index.bin")) { $0[$0.count / 2] ^= 1 } }),
            ("index garbage", { try Data(repeating: 0x4e, count: 4096).write(to: Self.cacheFolder($0).appendingPathComponent("index.bin")) }),
            // (e) Written by another version of the cache's format: its header's version field changed.
            ("index of another version", { try Self.edit(Self.cacheFolder($0).appendingPathComponent("index.bin")) { $0[8] = 99 } }),
        ]
        for (name, damage) in damages {
            try Self.replaceCache(of: site, with: warmCache)
            try damage(site)
            let built = try Self.freshBuild(site)
            Self.expectSame(built.snapshot, cold.snapshot, name)
            #expect(built.enrich?.hasSuffix(", 21 reused from the cache.") == false, "\(name): \(built.enrich ?? "")")
            // Repaired by that build: the next one reuses everything.
            #expect(try Self.freshBuild(site).enrich == "Enrich: 0 articles sanitized, 21 reused from the cache.", "\(name)")
        }

        // (d) Another site's cache: other articles, and embeds that keep the video.
        let other = try Self.site(embeds: ["www.youtube.com"])
        defer { other.remove() }
        for (feed, paragraph) in [("content/feeds/city-council.xml", "<description>"), ("content/feeds/valley-science.xml", "&lt;p&gt;")] {
            let text = try other.read(feed)
            #expect(text.contains(paragraph))
            try other.write(feed, text.replacingOccurrences(of: paragraph, with: paragraph + "Elsewhere: "))
        }
        let theirs = try Self.freshBuild(other)
        #expect(theirs.snapshot.values.contains { String(decoding: $0, as: UTF8.self).contains("Elsewhere: ") })
        #expect(theirs.snapshot.values.contains { String(decoding: $0, as: UTF8.self).contains("youtube.com/embed/abc123") })
        try Self.replaceCache(of: site, with: Self.cacheFolder(other))
        let borrowed = try Self.freshBuild(site)
        Self.expectSame(borrowed.snapshot, cold.snapshot, "another site's cache")
        #expect(borrowed.enrich == "Enrich: 21 articles sanitized, 0 reused from the cache.")
    }

    @Test func onlyTheEditedArticleIsSanitizedAgain() throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = try Self.freshBuild(site)
        let feed = try site.read("content/feeds/harbor-gazette.xml")
        #expect(feed.contains("<p>Children from the Gull Street school"))
        try site.write("content/feeds/harbor-gazette.xml", feed.replacingOccurrences(of: "<p>Children from the Gull Street school",
                                                                                   with: "<p>Children from Gull Street school"))
        let edited = try Self.freshBuild(site)
        #expect(edited.enrich == "Enrich: 1 article sanitized, 20 reused from the cache.")
        // The same build without any cache.
        try FileManager.default.removeItem(at: Self.cacheFolder(site))
        let cold = try Self.freshBuild(site)
        #expect(cold.enrich == "Enrich: 21 articles sanitized, 0 reused from the cache.")
        Self.expectSame(edited.snapshot, cold.snapshot, "after an edit")
    }
}
