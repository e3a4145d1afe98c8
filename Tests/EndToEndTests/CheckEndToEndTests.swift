import Foundation
import Testing
import NewsgenTestSupport

/// `newsgen check` on temporary copies of the sample site: each finding on standard output as
/// `error: …` / `warning: …` / `note: …`, then one summary line; exit 1 when there are problems.
@Suite("newsgen check, end to end", .serialized)
struct CheckEndToEndTests {
    /// Every file of the site folder with its bytes.
    private func everyFile(_ site: TemporarySite) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: site.directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { files[url.path] = try Data(contentsOf: url) }
        }
        return files
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func aFreshlyBuiltSampleSiteHasNoProblems() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let build = try site.run("build", "--offline")
        try #require(build.status == 0, "stderr: \(build.stderr)")
        let result = try site.run("check")
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(!result.stdout.contains("error: "))
        #expect(!result.stdout.contains("warning: "))
        let last = try #require(lines(result.stdout).last)
        #expect(last.hasPrefix("check: no problems ("), "\(last)")
        #expect(last.contains("4 sources"), "\(last)")
        #expect(last.contains(" pages, "), "\(last)")
    }

    @Test func anUnknownPartialFailsTheCheckWithItsPlace() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("templates/home.mustache", "<main>\n  {{> sidebar}}\n</main>\n")
        let result = try site.run("check", "--offline")
        #expect(result.status == 1, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let output = lines(result.stdout)
        #expect(output.contains("error: templates/home.mustache:2:3: unknown partial 'sidebar'"), "\(result.stdout)")
        // Not built yet: a note, not a problem.
        #expect(output.contains("note: public: not built yet: run 'newsgen build'"), "\(result.stdout)")
        let last = try #require(output.last)
        #expect(last.hasPrefix("check: 1 problem"), "\(last)")
    }

    @Test func aBrokenLinkInTheBuiltSiteFailsTheCheck() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let build = try site.run("build", "--offline")
        try #require(build.status == 0, "stderr: \(build.stderr)")
        try site.write("public/extra/index.html", "<p><a href=\"../articles/no-such-story/\">gone</a></p>\n")
        let result = try site.run("check", "--offline")
        #expect(result.status == 1, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let output = lines(result.stdout)
        #expect(output.contains("error: public/extra/index.html:1:13: broken link '../articles/no-such-story/'"), "\(result.stdout)")
        let last = try #require(output.last)
        #expect(last.hasPrefix("check: 1 problem"), "\(last)")
    }

    @Test func aSiteWithoutSiteJSONIsOneProblem() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.file("site.json"))
        let result = try site.run("check")
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: site.json: not found (is "), "\(result.stdout)")
        #expect(lines(result.stdout).last == "check: 1 problem, 0 warnings (nothing else could be checked).")
    }

    /// A site.json that does not parse: the summary still ends in a sentence, not "(checked )".
    @Test func anUnreadableSiteJSONEndsWithASummarySayingNothingElseWasChecked() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("site.json", "{ \"title\": \"Broken\",\n")
        let result = try site.run("check")
        #expect(result.status == 1)
        let output = lines(result.stdout)
        #expect(output.first?.hasPrefix("error: site.json") == true, "\(result.stdout)")
        #expect(output.last == "check: 1 problem, 0 warnings (nothing else could be checked).", "\(result.stdout)")
        #expect(!result.stdout.contains("(checked )"))
    }

    /// Url sources are fetched over the network (here a loopback server) and a failure is a problem;
    /// `--offline` skips them with a note. Either way the site's files stay as they were.
    @Test(Prerequisite.require(FeedHTTPServer.pythonAvailable, "needs python3 for the HTTP server"))
    func urlSourcesAreFetchedUnlessOffline() throws {
        let feed = "<rss version=\"2.0\"><channel><title>Up</title><item><title>One</title><link>http://e.org/1</link></item></channel></rss>"
        let server = try FeedHTTPServer.start(body: feed, contentType: "application/rss+xml")
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { config in
            config["sources"] = [["id": "up", "url": server.url("/feed.xml")], ["id": "gone", "url": server.url("/gone.xml")]]
            config["fetch"] = ["retries": 0]
        }
        let before = try everyFile(site)
        let online = try site.run("check")
        #expect(online.status == 1, "stdout: \(online.stdout)")
        let output = lines(online.stdout)
        #expect(output.contains { $0.hasPrefix("error: source 'gone' failed: ") && $0.contains("404") }, "\(online.stdout)")
        #expect(!online.stdout.contains("source 'up'"), "\(online.stdout)")
        #expect(try #require(output.last).contains("2 sources"))

        let offline = try site.run("check", "--offline")
        #expect(offline.status == 0, "stdout: \(offline.stdout)")
        #expect(lines(offline.stdout).filter { $0.hasPrefix("note: source ") }.count == 2, "\(offline.stdout)")
        #expect(try #require(lines(offline.stdout).last).contains("2 sources (2 skipped: offline)"))
        #expect(try everyFile(site) == before)
    }

    /// `init`, `check`, `build`, `check`: a new site is clean before its first build (a note that
    /// there is nothing built yet) and after it.
    @Test func aNewSiteFromInitChecksClean() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-check-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try Newsgen.run(["init", "news"], in: folder).status == 0)
        let site = folder.appendingPathComponent("news")
        let before = try Newsgen.run(["check"], in: site)
        #expect(before.status == 0, "\(before.stdout)")
        #expect(lines(before.stdout) == [
            "note: public: not built yet: run 'newsgen build'",
            "check: no problems (checked site.json, 15 templates, 0 bookmarks against 0 archived articles, 0 sources, 1 Markdown article, links (not built yet)).",
        ])
        #expect(try Newsgen.run(["build", "--offline"], in: site).status == 0)
        let after = try Newsgen.run(["check"], in: site)
        #expect(after.status == 0, "\(after.stdout)")
        #expect(try #require(lines(after.stdout).last).hasPrefix("check: no problems (checked site.json, 15 templates, 0 bookmarks against 1 archived article, 0 sources, 1 Markdown article, "))
    }
}
