import Foundation
import NewsgenTestSupport
import Testing

/// Issue 33 point 4: the output of a build never depends on whether a cache was present. The same site
/// built at the same "now" with `.newsgen/` (the Enrich, search, parse and image caches, the build record,
/// the spare tree) and the last `public/` kept, and without them, gives the same files, byte for byte.
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

        // A twin of the site as the first build left it, without its caches and output.
        let twin = TemporarySite(directory: site.directory.deletingLastPathComponent()
            .appendingPathComponent("newsgen-e2e-twin-\(UUID().uuidString)"))
        try FileManager.default.copyItem(at: site.directory, to: twin.directory)
        defer { twin.remove() }
        try FileManager.default.removeItem(at: twin.file(".newsgen"))
        try FileManager.default.removeItem(at: twin.publicDirectory)

        let later = ["SOURCE_DATE_EPOCH": "1795003600"]
        let cached = try site.run("build", "--verbose", environment: later)
        #expect(cached.status == 0, "\(cached.stderr)")
        let cold = try twin.run("build", "--verbose", environment: later)
        #expect(cold.status == 0, "\(cold.stderr)")
        // The caches were used: images revalidated, not downloaded again.
        #expect(cached.stdout.contains("images: 0 downloaded, 2 unchanged"), "\(cached.stdout)")
        #expect(cold.stdout.contains("images: 2 downloaded, 0 unchanged"), "\(cold.stdout)")

        for folder in ["public", "content/archive"] {
            let (warm, fresh) = (try site.snapshot(of: folder), try twin.snapshot(of: folder))
            #expect(warm.count > 0)
            #expect(SnapshotDifference.paths(warm, fresh).isEmpty, "\(folder) differs: \(SnapshotDifference.paths(warm, fresh).prefix(10))")
        }
    }
}
