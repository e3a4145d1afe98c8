import Foundation
import NewsgenTestSupport
import Testing

/// Issue 34, "counts that mislead": `--verbose`'s "Sources: N of M unchanged" counts a source that
/// answered 304 Not Modified as unchanged (it was "0 of 1" while the source had sent nothing new).
/// (The summary line counting articles whose full text a build added as updated is in `TeaserEndToEndTests`.)
@Suite("Build summary counts, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the feed server"),
       .serialized)
struct SummaryCountsEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1768046400"]

    @Test func aSourceThatAnswered304IsCountedUnchanged() throws {
        let server = try DiscoveryHTTPServer.start()
        defer { server.stop() }
        let site = try TemporarySite.initialized(environment: Self.now)
        defer { site.remove() }
        try site.editConfig { config in
            config["sources"] = [["id": "root", "url": server.url("/feed.xml")], ["id": "harbour", "url": server.url("/feeds/harbour.xml")]]
        }
        let first = try site.run("build", "--verbose", environment: Self.now)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout.contains("Sources: 0 of 2 unchanged since the last build"), "stdout: \(first.stdout)")

        let second = try site.run("build", "--verbose", environment: Self.now)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        // Both were asked with their ETag and answered 304.
        let conditional = String(decoding: try server.get("/_conditional"), as: UTF8.self)
        #expect(Set(conditional.split(separator: "\n")) == ["/feed.xml", "/feeds/harbour.xml"], "asked with an ETag: \(conditional)")
        #expect(second.stdout.contains("Sources: 2 of 2 unchanged since the last build (304 Not Modified or the same document; not parsed again)."),
                "stdout: \(second.stdout)")
        // Only the site's Markdown article was read again; the feeds' articles stand as they were.
        #expect(second.stdout.contains("0 new, 0 updated, 1 unchanged"), "stdout: \(second.stdout)")
    }
}
