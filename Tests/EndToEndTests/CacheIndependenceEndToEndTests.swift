import Foundation
import NewsgenTestSupport
import Testing

/// Issue 33 point 4: the output of a build never depends on whether a cache was present. The same site
/// built at the same "now" with `.newsgen/` (the Enrich, search, parse and image caches, the build record),
/// the spare tree `.public.spare` and the last `public/` kept, and without some or all of them, gives the same
/// files in `public/` and `content/archive/`, byte for byte.
@Suite("A build's output does not depend on its caches, end to end",
       Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the feed server"), .serialized)
struct CacheIndependenceEndToEndTests {
    @Test func withAndWithoutTheCachesTheSameFiles() throws {
        // The image suite's server: a url source whose items show images, some that fail.
        let server = try PythonHTTPServer(handler: ImageEndToEndTests.handler)
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        // The sample's feed files and Markdown articles, and the url source with its images.
        try site.editConfig { config in
            config["sources"] = (config["sources"] as! [[String: Any]]) + [["id": "pics", "url": server.url("/feed.xml")]]
            config["imageCache"] = ["maxImageMB": 1, "diskMB": 200]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        let first = try site.run("build", environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.file(".newsgen/cache").path))

        // Twins of the site as the first build left it, each with only part of what it kept: none of it, as a
        // fresh clone; the output and its record without the caches; the caches without the output, as CI restores them.
        let variants: [(name: String, removed: [String])] = [
            ("nothing kept", [".newsgen", "public", ".public.spare"]),
            ("no caches", [".newsgen/cache", ".public.spare"]),
            ("no output", ["public", ".public.spare", ".newsgen/last-build.json"]),
        ]
        var twins: [(name: String, site: TemporarySite)] = []
        defer { for twin in twins { twin.site.remove() } }
        for variant in variants {
            let twin = TemporarySite(directory: site.directory.deletingLastPathComponent()
                .appendingPathComponent("newsgen-e2e-twin-\(UUID().uuidString)"))
            try FileManager.default.copyItem(at: site.directory, to: twin.directory)
            twins.append((variant.name, twin))
            for path in variant.removed { try? FileManager.default.removeItem(at: twin.file(path)) }
        }

        let later = ["SOURCE_DATE_EPOCH": "1795003600"]
        let cached = try site.run("build", "--verbose", environment: later)
        #expect(cached.status == 0, "\(cached.stderr)")
        // The caches were used: images revalidated, not downloaded again.
        #expect(cached.stdout.contains("images: 0 downloaded, 2 unchanged"), "\(cached.stdout)")
        let warm = try ["public", "content/archive"].map { try site.snapshot(of: $0) }
        #expect(warm.allSatisfy { !$0.isEmpty })
        for twin in twins {
            let built = try twin.site.run("build", "--verbose", environment: later)
            #expect(built.status == 0, "\(twin.name): \(built.stderr)")
            for (index, folder) in ["public", "content/archive"].enumerated() {
                let differ = SnapshotDifference.paths(try twin.site.snapshot(of: folder), warm[index])
                #expect(differ.isEmpty, "\(twin.name): \(folder) differs: \(differ.prefix(10))")
            }
        }
    }
}
