import Foundation
import Testing
import NewsgenTestSupport

/// `newsgen extract` on many pages in one process (ADR 063): several files, a list (from a file or
/// standard input), results written to a folder or printed as JSON Lines, one failing page among them.
@Suite("newsgen extract on many pages, end to end", .serialized)
struct BulkExtractEndToEndTests {
    static let page = ExtractEndToEndTests.page

    /// A site folder holding `story.html`, `sub/story.html` (another page of the same name), `paper.pdf` (no article).
    private func sitePages() throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try FileManager.default.createDirectory(at: site.file("sub"), withIntermediateDirectories: true)
        try Self.page.write(to: site.file("story.html"), atomically: true, encoding: .utf8)
        try Self.page.replacingOccurrences(of: "breakwater", with: "lighthouse")
            .write(to: site.file("sub/story.html"), atomically: true, encoding: .utf8)
        try Data("%PDF-1.7\n%%EOF".utf8).write(to: site.file("paper.pdf"))
        return site
    }

    private func text(_ site: TemporarySite, _ path: String) throws -> String {
        try String(contentsOf: site.file(path), encoding: .utf8)
    }

    @Test func severalFilesGoToAFolderAndAFailingPageDoesNotStopTheOthers() throws {
        let site = try sitePages()
        defer { site.remove() }
        let result = try site.run("extract", "story.html", "paper.pdf", "sub/story.html", "--format", "text", "--output", "out")
        #expect(result.status == 1)
        #expect(result.stderr == "error: paper.pdf: the page is not HTML (application/pdf)\n")
        #expect(result.stdout == "Extracted 2 of 3 pages into out; 1 failed, named above.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.file("out").path).sorted() == ["story-2.txt", "story.txt"])
        // Each file holds what the one-page form prints for its page.
        #expect(try text(site, "out/story.txt") == site.run("extract", "story.html", "--format", "text").stdout)
        #expect(try text(site, "out/story-2.txt") == site.run("extract", "sub/story.html", "--format", "text").stdout)
        #expect(try text(site, "out/story-2.txt").contains("lighthouse"))

        let json = try site.run("extract", "story.html", "paper.pdf", "--format", "json", "--output", "json-out")
        #expect(json.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.file("json-out").path).sorted() == ["paper.pdf.json", "story.json"])
        #expect(try text(site, "json-out/paper.pdf.json") == site.run("extract", "paper.pdf", "--format", "json").stdout)

        let allGood = try site.run("extract", "story.html", "sub/story.html", "--output", "html-out")
        #expect(allGood.status == 0, "stderr: \(allGood.stderr)")
        #expect(allGood.stderr.isEmpty)
        #expect(try text(site, "html-out/story.html") == site.run("extract", "story.html").stdout)
    }

    @Test func aListPrintsJSONLinesWithEachPagesFileAndBase() throws {
        let site = try sitePages()
        defer { site.remove() }
        try """
        # two stories, a PDF and a page that is not there
        story.html\thttps://news.example/2026/story.html

        sub/story.html
        paper.pdf
        nowhere.html

        """.write(to: site.file("pages.list"), atomically: true, encoding: .utf8)
        let result = try site.run("extract", "--list", "pages.list", "--format", "json")
        #expect(result.status == 1)
        #expect(result.stderr == "error: paper.pdf: the page is not HTML (application/pdf)\nerror: nowhere.html: not found\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["file"] as? String } == ["story.html", "sub/story.html", "paper.pdf"])
        #expect(objects.map { $0["found"] as? Bool } == [true, true, false])
        #expect(objects[0]["url"] as? String == "https://news.example/2026/story.html")
        #expect((objects[0]["html"] as? String)?.contains("https://news.example/2026/img/harbour.jpg") == true)
        #expect((objects[1]["url"] as? String)?.hasPrefix("file://") == true)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"file\":") })
        // The same keys as the one-page object, `file` first.
        let single = try #require(JSONSerialization.jsonObject(with: Data(site.run("extract", "story.html", "--format", "json").stdout.utf8)) as? [String: Any])
        #expect(Set(objects[1].keys) == Set(single.keys).union(["file"]))

        try "story.html\nsub/story.html\n".write(to: site.file("good.list"), atomically: true, encoding: .utf8)
        let good = try site.run("extract", "--list", "good.list", "--format", "json")
        #expect(good.status == 0, "stderr: \(good.stderr)")
        #expect(good.stdout.split(separator: "\n").count == 2)
    }

    @Test func aPageBehindAWallIsAnArticleThatSaysSo() throws {
        let site = try sitePages()
        defer { site.remove() }
        try Data("""
            <!DOCTYPE html><html><head><title>Rates rise for moorings</title>
            <script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",
            "headline": "Rates rise for moorings", "isAccessibleForFree": false}</script></head><body>
            <article><h1>Rates rise for moorings</h1><p>Mooring fees in the inner harbour will rise by a fifth next year,
            the harbour board decided on Tuesday.</p><div class="paywall">Subscribe to continue reading</div></article></body></html>
            """.utf8).write(to: site.file("paywall.html"))
        let result = try site.run("extract", "story.html", "paywall.html", "--format", "json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let single = try site.run("extract", "paywall.html", "--format", "json")
        #expect(result.stderr == single.stderr)
        #expect(result.stderr.hasPrefix("paywall.html: teaser: behind a paywall ("))
        let walls = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["wall"] as? String
        }
        #expect(walls == [nil, "paywall"])
    }

    @Test func aSourcesRulesApplyToEveryPage() throws {
        let site = try sitePages()
        defer { site.remove() }
        let plain = try site.run("extract", "story.html", "sub/story.html", "--format", "json")
        #expect(plain.stdout.split(separator: "\n").allSatisfy { $0.contains("<figcaption>The harbour") })
        let ruled = try site.run("extract", "story.html", "sub/story.html", "--format", "json", "--remove", "figure")
        #expect(ruled.status == 0, "stderr: \(ruled.stderr)")
        let lines = ruled.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { !$0.contains("figcaption") && $0.contains("Part 1: the harbour council") })
        let unreadable = try site.run("extract", "story.html", "sub/story.html", "--format", "json", "--select", "a[")
        #expect(unreadable.status == 64)
        #expect(unreadable.stdout.isEmpty)
    }

    @Test func aListFromStandardInput() throws {
        let site = try sitePages()
        defer { site.remove() }
        try "story.html\npaper.pdf\n".write(to: site.file("pages.list"), atomically: true, encoding: .utf8)
        let result = try Newsgen.run(["-c", "exec \"$0\" extract --list - --format text --output out < pages.list", Newsgen.binary.path],
                                     in: site.directory, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1)
        #expect(result.stderr == "error: paper.pdf: the page is not HTML (application/pdf)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.file("out").path) == ["story.txt"])
    }

    @Test func misuseIsAUsageErrorBeforeAnyPageIsRead() throws {
        let site = try sitePages()
        defer { site.remove() }
        let text = try site.run("extract", "story.html", "sub/story.html", "--format", "text")
        #expect(text.status == 64)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.hasPrefix("error: extract: many pages print only as JSON Lines (--format json); for text use --output DIR"))
        #expect(try site.run("extract", "story.html", "sub/story.html").status == 64)
        let base = try site.run("extract", "story.html", "sub/story.html", "--format", "json", "--base", "https://example.org/")
        #expect(base.status == 64)
        #expect(base.stderr.contains("--base is one page's URL"))
        let missingList = try site.run("extract", "--list", "nowhere.list", "--format", "json")
        #expect(missingList.status == 1)
        #expect(missingList.stderr == "error: --list nowhere.list: not found\n")
        try "# nothing\n\n".write(to: site.file("empty.list"), atomically: true, encoding: .utf8)
        let empty = try site.run("extract", "--list", "empty.list", "--format", "json")
        #expect(empty.status == 1)
        #expect(empty.stderr == "error: extract: --list empty.list names no page\n")
    }

    @Test(Prerequisite.require(FeedHTTPServer.pythonAvailable, "needs python3 for the HTTP server"))
    func urlsOfOneHostAreFetchedOneAtATimeWithTheDelayBetween() throws {
        let server = try FeedHTTPServer.start(body: Self.page, contentType: "text/html; charset=utf-8")
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let started = Date()
        let result = try site.run("extract", server.url("/feed.xml"), server.url("/missing.html"), "--format", "json")
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(server.url("/missing.html")): the server answered HTTP 404 (not found)\n")
        #expect(result.stdout.split(separator: "\n").count == 1)
        // The second request to the host waited extract.perHostDelaySeconds' default (2 s) after the first ended.
        #expect(seconds >= 2.0, "took \(seconds) s")
    }
}
