import Foundation
import Testing

/// What `newsgen build` tells its user (a line per source without a terminal, the
/// summary, `--quiet`), and the retention policy of site.json, on the real binary.
@Suite("newsgen build: progress, summary and retention, end to end", .serialized)
struct BuildProgressEndToEndTests {
    /// The summary line with its time taken replaced by "T", which no test can know.
    private func summary(_ stdout: String) -> String? {
        guard let line = stdout.split(separator: "\n").last(where: { $0.hasPrefix("Built ") }) else { return nil }
        return line.replacingOccurrences(of: #"in [0-9]+\.[0-9]{2} s"#, with: "in T", options: .regularExpression)
    }

    @Test func withoutATerminalEachSourceGetsALineAndTheSummaryCountsChanges() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let first = try site.run("build", "--offline")
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout.hasPrefix("""
            [1/4] harbor-gazette: ok, 6 items
            [2/4] valley-science: ok, 5 items
            [3/4] city-council: ok, 4 items
            [4/4] bay-weekly: ok, 3 items

            """))
        #expect(summary(first.stdout) == "Built 21 articles into public/ (86 pages) in T: 21 new, 0 updated, 0 unchanged; 4 sources, 0 failed; images: 0 downloaded, 0 unchanged, 0 failed, 11 not fetched (--offline); full text: 3 read, 0 failed, 0 waiting for a later build.")

        // The same bytes, written again: a full build that finds every article as it was.
        try site.write("content/feeds/city-council.xml", try site.read("content/feeds/city-council.xml"))
        let again = try site.run("build", "--offline")
        #expect(summary(again.stdout) == "Built 21 articles into public/ (86 pages) in T: 0 new, 0 updated, 21 unchanged; 4 sources, 0 failed; images: 0 downloaded, 0 unchanged, 0 failed, 11 not fetched (--offline).")

        let feed = try site.read("content/feeds/city-council.xml")
        let edited = try #require(feed.range(of: "<title>", options: [], range: feed.range(of: "<item>")!.upperBound..<feed.endIndex))
        try site.write("content/feeds/city-council.xml", feed.replacingCharacters(in: edited, with: "<title>Edited: "))
        let afterEdit = try site.run("build", "--offline")
        #expect(summary(afterEdit.stdout) == "Built 21 articles into public/ (86 pages) in T: 0 new, 1 updated, 20 unchanged; 4 sources, 0 failed; images: 0 downloaded, 0 unchanged, 0 failed, 11 not fetched (--offline).")
    }

    @Test func quietPrintsOnlyWarnings() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { config in
            var sources = config["sources"] as! [[String: Any]]
            sources.append(["id": "lost", "path": "content/feeds/lost.xml"])
            config["sources"] = sources
        }
        let result = try site.run("build", "--offline", "--quiet")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "warning: source 'lost' failed: content/feeds/lost.xml: not found (named by sources[4].path in site.json)\n")
        try FileManager.default.removeItem(at: site.file(".newsgen/last-build.json"))  // a full build, not "nothing changed"
        let loud = try site.run("build", "--offline")
        #expect(loud.stdout.contains("[5/5] lost: failed: content/feeds/lost.xml: not found (named by sources[4].path in site.json)\n"))
        #expect(summary(loud.stdout)?.hasSuffix("; 5 sources, 1 failed; images: 0 downloaded, 0 unchanged, 0 failed, 11 not fetched (--offline); 1 warning.") == true)
    }

    /// keepPerSource keeps each source's newest articles, and a bookmarked one besides.
    @Test func retentionKeepsTheNewestPerSourceAndEveryBookmark() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let harbor = try site.archivedArticles().filter { $0["sourceID"] as? String == "harbor-gazette" }
        let oldest = try #require(harbor.min { ($0["published"] as! String) < ($1["published"] as! String) })
        let oldestID = oldest["id"] as! String
        try site.write("bookmarks.json", """
            {"version": 1, "bookmarks": [{"id": "\(oldestID)", "added": "2026-11-29T10:00:00Z", "title": "\(oldest["title"] as! String)", "url": "https://example.org/"}]}
            """)
        try site.editConfig { $0["archive"] = ["keepPerSource": 2] }

        let result = try site.run("build", "--offline")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let kept = try site.archivedArticles()
        let perSource = Dictionary(grouping: kept, by: { $0["sourceID"] as! String }).mapValues(\.count)
        #expect(perSource == ["harbor-gazette": 3, "valley-science": 2, "city-council": 2, "bay-weekly": 2, "articles": 3])
        #expect(kept.contains { $0["id"] as? String == oldestID })
        #expect(summary(result.stdout)?.contains("; 9 removed by the retention policy;") == true)
        let slug = oldest["slug"] as! String
        #expect(FileManager.default.fileExists(atPath: site.file("public/articles/\(slug)/index.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.file("public/articles").path).count == 12)
    }
}
