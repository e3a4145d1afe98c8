import Foundation
import Testing

/// A build whose inputs have not changed since the last one stops at once and leaves public/ alone.
@Suite("newsgen build when nothing changed, end to end", .serialized)
struct UpToDateEndToEndTests {
    private func summary(_ stdout: String) -> String? {
        stdout.split(separator: "\n").last.map { $0.replacingOccurrences(of: #"in [0-9]+\.[0-9]{2} s"#, with: "in T", options: .regularExpression) }
    }

    @Test func aSecondBuildFindsNothingToDoAndAnyChangeBuildsAgain() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let before = try site.snapshot()
        let second = try site.run("build", "--offline")
        #expect(second.status == 0)
        #expect(summary(second.stdout) == "Nothing changed since the last build: public/ is up to date (21 articles, 86 pages); checked in T.")
        #expect(try site.snapshot() == before)

        // Any input: a feed file, a template, the manifest, site.json.
        for edit in ["content/feeds/city-council.xml", "templates/row.mustache", "bookmarks.json", "site.json"] {
            let text = try site.read(edit)
            try site.write(edit, text + "\n")
            let rebuilt = try site.run("build", "--offline")
            #expect(rebuilt.status == 0)
            #expect(summary(rebuilt.stdout)?.hasPrefix("Built 21 articles") == true, "after editing \(edit): \(rebuilt.stdout)")
        }
        // A file of the site deleted by hand: the next build puts it back.
        try FileManager.default.removeItem(at: site.file("public/sources/index.html"))
        #expect(summary(try site.run("build", "--offline").stdout)?.hasPrefix("Built 21 articles") == true)
        #expect(FileManager.default.fileExists(atPath: site.file("public/sources/index.html").path))
    }

    @Test func theLastBuildsWarningsAreSaidAgain() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { config in
            var sources = config["sources"] as! [[String: Any]]
            sources.append(["id": "lost", "path": "content/feeds/lost.xml"])
            config["sources"] = sources
        }
        let first = try site.run("build", "--offline")
        let again = try site.run("build", "--offline")
        #expect(again.status == 0)
        #expect(summary(again.stdout)?.hasSuffix("1 warning from that build.") == true, "\(again.stdout)")
        #expect(again.stderr == first.stderr)
    }

    @Test func retentionByAgeRunsAgainOnANewDay() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["archive"] = ["keepDays": 3650] }
        #expect(try site.run("build", "--offline", environment: ["SOURCE_DATE_EPOCH": "1795000000"]).status == 0)
        let sameDay = try site.run("build", "--offline", environment: ["SOURCE_DATE_EPOCH": "1795000100"])
        #expect(summary(sameDay.stdout)?.hasPrefix("Nothing changed") == true)
        let nextDay = try site.run("build", "--offline", environment: ["SOURCE_DATE_EPOCH": "1795090000"])
        #expect(summary(nextDay.stdout)?.hasPrefix("Built 21 articles") == true)
    }

    /// The record names `public/` relative to the site, so a site moved to another folder (or checked out and given
    /// its cached `public/` by CI at another path) keeps every page instead of rendering them all again.
    @Test func aSiteMovedToAnotherFolderKeepsItsPages() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let before = try site.snapshot()
        let moved = TemporarySite(directory: site.directory.deletingLastPathComponent()
            .appendingPathComponent(site.directory.lastPathComponent + "-moved"))
        try FileManager.default.moveItem(at: site.directory, to: moved.directory)
        defer { moved.remove() }
        let rebuilt = try moved.run("build", "--offline", "--verbose")
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        let line = try #require(rebuilt.stdout.split(separator: "\n").first { $0.hasPrefix("Pages: ") })
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 2 && numbers[0] == 0 && numbers[1] > 80, "every page kept, none rendered: \(line)")
        #expect(try moved.snapshot() == before)
    }

    /// One edited article re-renders only the pages that show it, and the site equals a full build's.
    @Test func oneChangeRendersOnlyThePagesItTouches() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let feed = try site.read("content/feeds/harbor-gazette.xml")
        try site.write("content/feeds/harbor-gazette.xml",
                       feed.replacingOccurrences(of: "Lantern Walk Lights Up the Old Quay", with: "Lantern Walk Lights Up the Quay"))
        let edited = try site.run("build", "--offline", "--verbose")
        #expect(edited.status == 0)
        let line = try #require(edited.stdout.split(separator: "\n").first { $0.hasPrefix("Pages: ") })
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        // Its page and its two neighbours', and in each of its lists (home, its source, its two tags) the front page and
        // its month's page (ADR 028): 3 + 2 × 4.
        #expect(numbers.count == 2 && numbers[0] > 0 && numbers[0] <= 11 && numbers[1] >= 30, "\(line)")

        // The same inputs built from scratch give the same bytes.
        let fresh = try TemporarySite.sample()
        defer { fresh.remove() }
        try FileManager.default.removeItem(at: fresh.file("content"))
        try FileManager.default.copyItem(at: site.file("content"), to: fresh.file("content"))
        #expect(try fresh.run("build", "--offline").status == 0)
        #expect(try fresh.snapshot() == site.snapshot())
    }
}
