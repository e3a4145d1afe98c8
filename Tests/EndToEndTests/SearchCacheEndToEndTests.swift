import Foundation
import Testing

/// The search cache (ADR 030, "Cost") end to end: whatever `.newsgen/cache/search/` holds (nothing, this
/// site's cache, a damaged one, another cache's files, another version's), the site published, its search
/// files among them, is byte for byte the one a build without any cache publishes; only what changed is tokenized.
@Suite("Search cache, end to end", .serialized)
struct SearchCacheEndToEndTests {
    typealias Enrich = EnrichCacheEndToEndTests

    static func cacheFolder(_ site: TemporarySite) -> URL { site.file(".newsgen/cache/search") }

    static func freshBuild(_ site: TemporarySite) throws -> (snapshot: [String: Data], search: String?) {
        let built = try Enrich.freshBuild(site, detail: "Search: ")
        return (built.snapshot, built.detail)
    }

    @Test func everyCacheGivesTheColdBuildsSearchFiles() throws {
        let site = try Enrich.site()
        defer { site.remove() }
        let cold = try Self.freshBuild(site)
        let search = try #require(cold.search)
        #expect(search.hasSuffix(" tokenized, 0 reused from the cache."), "\(search)")
        #expect(!search.hasPrefix("Search: 0 articles"))
        #expect(cold.snapshot.keys.contains { $0.hasPrefix("search/t/") })
        #expect(cold.snapshot.values.contains { String(decoding: $0, as: UTF8.self).contains("\"lantern\":[") })
        let listed = Int(search.dropFirst("Search: ".count).prefix { $0.isNumber }) ?? 0
        let allReused = "Search: 0 articles tokenized, \(listed) reused from the cache."
        let warmCache = FileManager.default.temporaryDirectory.appendingPathComponent("search-warm-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.cacheFolder(site), to: warmCache)
        defer { try? FileManager.default.removeItem(at: warmCache) }

        let warm = try Self.freshBuild(site)
        #expect(warm.search == allReused)
        Enrich.expectSame(warm.snapshot, cold.snapshot, "warm")

        let index = { (site: TemporarySite) in Self.cacheFolder(site).appendingPathComponent("index.bin") }
        let damages: [(String, (TemporarySite) throws -> Void)] = [
            ("segment truncated", { try Enrich.edit(try Enrich.segments(in: Self.cacheFolder($0))[0]) { $0 = $0.prefix($0.count / 2) } }),
            ("segment bytes flipped", { try Enrich.edit(try Enrich.segments(in: Self.cacheFolder($0))[0]) { data in
                for offset in stride(from: 10, to: data.count, by: 997) { data[offset] ^= 0x5a } } }),
            ("segment removed", { try FileManager.default.removeItem(at: try Enrich.segments(in: Self.cacheFolder($0))[0]) }),
            ("index truncated", { try Enrich.edit(index($0)) { $0 = $0.prefix($0.count - 9) } }),
            ("index byte flipped", { try Enrich.edit(index($0)) { $0[$0.count / 2] ^= 1 } }),
            ("index of another version", { try Enrich.edit(index($0)) { $0[8] = 99 } }),
            // The Enrich cache's files, whole and valid, in the search cache's folder: another kind of record.
            ("the Enrich cache's files", { try Enrich.replace(Self.cacheFolder($0), with: Enrich.cacheFolder($0)) }),
        ]
        for (name, damage) in damages {
            try Enrich.replace(Self.cacheFolder(site), with: warmCache)
            try damage(site)
            let built = try Self.freshBuild(site)
            Enrich.expectSame(built.snapshot, cold.snapshot, name)
            #expect(built.search != allReused, "\(name): \(built.search ?? "")")
            #expect(try Self.freshBuild(site).search == allReused, "\(name)")
        }
    }

    /// A title is not in the Enrich key: nothing is sanitized again, but that article is tokenized again.
    @Test func anEditedTitleIsTokenizedAgain() throws {
        let site = try Enrich.site()
        defer { site.remove() }
        let before = try Self.freshBuild(site)
        let feed = try site.read("content/feeds/harbor-gazette.xml")
        #expect(feed.contains("<title>Lantern Walk Lights Up the Old Quay</title>"))
        try site.write("content/feeds/harbor-gazette.xml", feed.replacingOccurrences(
            of: "<title>Lantern Walk Lights Up the Old Quay</title>", with: "<title>Lantern Walk Lights Up the Old Wharf</title>"))
        let edited = try Self.freshBuild(site)
        #expect(edited.search?.hasPrefix("Search: 1 article tokenized, ") == true, "\(edited.search ?? "")")
        #expect(edited.snapshot.values.contains { String(decoding: $0, as: UTF8.self).contains("\"wharf\":[") })
        #expect(edited.snapshot != before.snapshot)
        try FileManager.default.removeItem(at: Self.cacheFolder(site))
        try FileManager.default.removeItem(at: Enrich.cacheFolder(site))
        let cold = try Self.freshBuild(site)
        Enrich.expectSame(edited.snapshot, cold.snapshot, "after a title edit")
    }
}
