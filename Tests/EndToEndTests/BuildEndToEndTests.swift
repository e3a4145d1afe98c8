import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `newsgen` binary on temporary copies of the sample site.
@Suite("newsgen build, end to end", .serialized)
struct BuildEndToEndTests {
    /// Archive articles (id, slug) as the build left them.
    private func archivedSlugs(_ site: TemporarySite) throws -> [String] {
        try site.archivedArticles().map { $0["slug"] as! String }
    }

    private func parseDate(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }

    @Test func sampleSiteBuildsWithAPageForEveryArticle() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let result = try site.run("build", "--offline")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "the sample site builds without warnings: \(result.stderr)")
        let slugs = try archivedSlugs(site)
        #expect(slugs.count >= 21, "four feeds and three Markdown articles")
        for slug in slugs {
            #expect(FileManager.default.fileExists(atPath: site.file("public/articles/\(slug)/index.html").path), "page for \(slug)")
        }
        #expect(result.stdout.contains("Built \(slugs.count) articles into public/"))
        #expect(FileManager.default.fileExists(atPath: site.file("public/bookmarks/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.file("public/assets/style.css").path))
    }

    /// While one build holds `.newsgen/build.lock`, a second one of the same site exits 1 and says why;
    /// once the lock is let go, the next build runs.
    @Test func aSecondBuildAtTheSameTimeIsRefused() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.file(".newsgen"), withIntermediateDirectories: true)
        let descriptor = open(site.file(".newsgen/build.lock").path, O_RDWR | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let refused = try site.run("build", "--offline")
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: another newsgen build or edit is running in \(site.directory.path) (lock .newsgen/build.lock)\n")
        #expect(!FileManager.default.fileExists(atPath: site.file("public/index.html").path))
        flock(descriptor, LOCK_UN)
        close(descriptor)
        let built = try site.run("build", "--offline")
        #expect(built.status == 0, "stderr: \(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.file("public/sources/index.html").path))
    }

    /// The home page shows the newest `pageSize`; the month pages, in the order `/archive/` links them, list every
    /// article once, newest first (ADR 028).
    @Test func homeShowsTheNewestAndTheMonthsListEveryArticleNewestFirst() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["pageSize"] = 4 }
        #expect(try site.run("build", "--offline").status == 0)
        let total = try archivedSlugs(site).count
        let home = try site.read("public/index.html")
        #expect(HTMLLinks.rowCount(in: home) == 4)
        let archive = try site.read("public/archive/index.html")
        let months = HTMLLinks.references(in: archive).filter { $0.range(of: #"^[0-9]{4}/[0-9]{2}/$"#, options: .regularExpression) != nil }
        #expect(months.count >= 2, "\(months)")
        var dates: [Date] = []
        var rowsSeen = 0
        for month in months {
            let html = try site.read("public/archive/\(month)index.html")
            rowsSeen += HTMLLinks.rowCount(in: html)
            let shown = HTMLLinks.rowDates(in: html).compactMap(parseDate)
            #expect(shown.allSatisfy { utcMonth($0) == String(month.dropLast()) }, "\(month) holds only its own month")
            dates += shown
        }
        #expect(rowsSeen == total)
        #expect(HTMLLinks.rowDates(in: home).compactMap(parseDate) == Array(dates.prefix(4)))
        #expect(dates.count == total, "every sample article is dated")
        #expect(dates == dates.sorted(by: >), "newest first")
    }

    /// `yyyy/mm` of a date in UTC.
    private func utcMonth(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d/%02d", parts.year!, parts.month!)
    }

    @Test func everyInternalReferenceResolvesToAFile() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["pageSize"] = 3 }
        #expect(try site.run("build", "--offline").status == 0)
        let files = try site.snapshot()
        var checked = 0
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for reference in HTMLLinks.references(in: html) where HTMLLinks.isInternal(reference) {
                // 404.html is the one exception: a server shows it at any depth (ADR 011).
                #expect(path == "404.html" || !reference.hasPrefix("/"), "\(path) links to \(reference): links between pages are relative, so a sub-path works")
                let target = HTMLLinks.resolve(reference, from: path)
                #expect(files[target] != nil, "\(path) links to \(reference), which is not in public/")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func secondBuildOnUnchangedInputIsByteIdentical() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let first = try site.snapshot()
        let archive = try site.read("content/archive/harbor-gazette/2026-11.jsonl")
        #expect(try site.run("build", "--offline").status == 0)
        #expect(try site.snapshot() == first)
        #expect(try site.read("content/archive/harbor-gazette/2026-11.jsonl") == archive)
    }

    @Test func slugsSurviveATitleEdit() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let before = Set(try archivedSlugs(site))
        let feed = try site.read("content/feeds/city-council.xml")
        let retitled = feed.replacingOccurrences(of: "<title>", with: "<title>Updated: ")
        try site.write("content/feeds/city-council.xml", retitled)
        #expect(try site.run("build", "--offline").status == 0)
        #expect(Set(try archivedSlugs(site)) == before)
    }

    @Test func articlesThatLeaveTheirFeedStayInTheArchive() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let before = try archivedSlugs(site)
        try site.write("content/feeds/city-council.xml", """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Marrow Bay Council</title><link>https://example.org/</link></channel></rss>
        """)
        #expect(try site.run("build", "--offline").status == 0)
        #expect(Set(try archivedSlugs(site)) == Set(before))
        for slug in before {
            #expect(FileManager.default.fileExists(atPath: site.file("public/articles/\(slug)/index.html").path))
        }
    }

    @Test func aFailingSourceIsAWarningAndTheSiteStillPublishes() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        try site.write("content/feeds/valley-science.xml", "this is not a feed")
        let result = try site.run("build", "--offline")
        #expect(result.status == 0)
        #expect(result.stderr == "warning: source 'valley-science' failed: content/feeds/valley-science.xml:1:1: not well-formed XML: Start tag expected, '<' not found\n")
        #expect(try archivedSlugs(site).count >= 18, "the archive keeps the failed source's articles")

        let strict = try site.run("build", "--offline", "--strict")
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error: source 'valley-science' failed and --strict is set"))
    }

    @Test func anIllFormedFeedIsReadAsFarAsItGoesWithAWarning() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let feed = try site.read("content/feeds/city-council.xml")
        try site.write("content/feeds/city-council.xml", feed.replacingOccurrences(of: "</rss>", with: ""))
        let result = try site.run("build", "--offline")
        #expect(result.status == 0)
        // Where the XML broke, as file:line:column (the end of the file: the root was never closed).
        #expect(result.stderr.hasPrefix("warning: content/feeds/city-council.xml:41:1: source 'city-council' is not well-formed (not well-formed XML: Premature end of data in tag rss"), "stderr: \(result.stderr)")
        #expect(result.stderr.hasSuffix("); what could be read was kept\n"))
        #expect(try archivedSlugs(site).count >= 18)
        #expect(try site.run("build", "--offline", "--strict").status == 0, "a feed that could be read has not failed")
    }

    @Test func aMissingFeedFileNamesTheKeyPathAndTheBuildGoesOn() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.file("content/feeds/city-council.xml"))
        let result = try site.run("build", "--offline")
        #expect(result.status == 0)
        #expect(result.stderr == "warning: source 'city-council' failed: content/feeds/city-council.xml: not found (named by sources[2].path in site.json)\n")
        #expect(result.stdout.contains("1 warning"))
    }

    @Test func aBuildThatFailsLeavesThePreviousSiteInPlace() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let before = try site.snapshot()
        try site.write("templates/home.mustache", "{{#articles}}unclosed")
        let result = try site.run("build", "--offline")
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: templates/home.mustache:1:"))
        #expect(try site.snapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.directory.path).filter { $0.contains("staging") || $0.contains("retired") }
        #expect(leftovers.isEmpty)
    }

    @Test func badFrontMatterIsThatArticlesWarningWithFileAndLine() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("content/articles/broken.md", "---\ntitle: Fine\ntags: [unclosed\n---\nBody\n")
        let result = try site.run("build", "--offline")
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: content/articles/broken.md:"), "stderr: \(result.stderr)")
    }

    @Test func configErrorsExitOneWithTheKeyPath() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["pageSise"] = 3 }
        let result = try site.run("build", "--offline")
        #expect(result.status == 1)
        #expect(result.stderr == "error: site.json:4:3: unknown key 'pageSise' (did you mean 'pageSize'?)\n")
        #expect(!FileManager.default.fileExists(atPath: site.publicDirectory.path))
    }

    @Test func missingSiteJSONIsAClearError() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try Newsgen.run(["build"], in: empty)
        #expect(result.status == 1)
        #expect(result.stderr.contains("site.json: not found"))
    }

    @Test func usageErrorsExit64() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let result = try site.run("biuld")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: unknown command 'biuld' (did you mean 'build'?)"))
        #expect(try site.run("build", "--offline", "--ofline").status == 64)
    }

    @Test func bookmarksFromTheManifestAreShown() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let emptyPage = try site.read("public/bookmarks/index.html")
        #expect(emptyPage.contains("data-testid=\"empty-state\""))

        let first = try #require(site.archivedArticles().first { $0["sourceID"] as? String == "harbor-gazette" })
        let id = first["id"] as! String, slug = first["slug"] as! String
        try site.write("bookmarks.json", """
        {"version": 1, "bookmarks": [
          {"id": "\(id)", "added": "2026-11-29T10:00:00Z", "title": "ignored", "note": "for the digest"},
          {"id": "ffffffffffffffff", "added": "2026-11-28T10:00:00Z", "title": "A vanished story", "url": "https://example.org/gone"}
        ]}
        """)
        let result = try site.run("build", "--offline")
        #expect(result.status == 0)
        #expect(result.stderr.contains("bookmark 'ffffffffffffffff' (A vanished story) names no article in the archive"))
        let page = try site.read("public/bookmarks/index.html")
        #expect(HTMLLinks.rowCount(in: page) == 2)
        #expect(page.contains("for the digest"))
        #expect(page.contains("A vanished story"))
        #expect(page.range(of: "../articles/\(slug)/")!.lowerBound < page.range(of: "A vanished story")!.lowerBound, "newest bookmark first")
        #expect(try site.read("public/articles/\(slug)/index.html").contains("data-testid=\"bookmark-mark\""))
    }
}
