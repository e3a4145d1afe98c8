import Foundation
import Testing

/// How many sources a site holds (issue 32, point 5), with the real binary on temporary sites:
/// an import of 100,000 outlines is read in seconds and refused with the limit and the count; a
/// site at the limit takes no more from `source import` or `source add`; a site.json edited past
/// it is a problem for `check` and a warning for `build`, which still builds it; and `/sources/`
/// is split into pages of 100 with stable links, so no page of it grows with the site.
@Suite("sources past the limit, end to end", .serialized)
struct SourceLimitEndToEndTests {
    /// 2026-01-10T12:00:00Z.
    static let now = ["SOURCE_DATE_EPOCH": "1768046400"]

    /// `count` feed outlines from `first` on, every tenth titled "News" (ids news, news-2, …; the
    /// rest "Feed N"), on 97 hosts: what a feed reader's export of a large account looks like.
    static func outlines(_ count: Int, from first: Int = 0) -> String {
        var text = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n" + #"<opml version="2.0"><head><title>Big</title></head><body>"# + "\n"
        for index in first..<(first + count) {
            let title = index % 10 == 0 ? "News" : "Feed \(index)"
            text += #"<outline type="rss" text="\#(title)" xmlUrl="https://feeds\#(index % 97).example.org/\#(index).xml"/>"# + "\n"
        }
        return text + "</body></opml>\n"
    }

    /// The issue's file: 100,000 outlines, about 10 MB, imported in 48 s (quadratic) and breaking every build after.
    @Test func aHundredThousandOutlinesAreReadInSecondsAndRefusedNamingTheLimit() throws {
        let site = try TemporarySite.initialized(environment: Self.now)
        defer { site.remove() }
        try site.write("big.opml", Self.outlines(100_000))
        let before = try site.read("site.json")
        let refusal = "error: the 100,000 new feeds of big.opml would bring site.json to 100,000 sources, "
            + "past the 10,000 a site supports; nothing was imported\n"

        for arguments in [["source", "import", "big.opml", "--dry-run"], ["source", "import", "big.opml"]] {
            let started = ContinuousClock.now
            let imported = try Newsgen.run(arguments, in: site.directory, environment: Self.now)
            let took = ContinuousClock.now - started
            #expect(took < .seconds(30), "\(arguments): \(took)")
            #expect(imported.status == 1, "\(arguments)")
            #expect(imported.stderr == refusal, "\(arguments)")
            #expect(imported.stdout == "")
        }
        #expect(try site.read("site.json") == before)
    }

    @Test func aSiteAtTheLimitTakesNoMoreAndOnePastItIsAProblemForCheckAndAWarningForBuild() throws {
        let site = try TemporarySite.initialized(environment: Self.now)
        defer { site.remove() }
        try site.write("full.opml", Self.outlines(10_000))
        let imported = try site.run("source", "import", "full.opml", "--no-check", environment: Self.now)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Added 10,000 sources from full.opml to site.json:\n"))
        #expect(imported.stdout.contains("  + news-1000  https://feeds96.example.org/9990.xml\n"), "a tenth share one title")
        let full = try site.read("site.json")

        // One more, by import or by add, is refused before anything is written (or fetched: nothing listens on port 9).
        try site.write("one.opml", Self.outlines(1, from: 10_000))
        let one = try site.run("source", "import", "one.opml", "--no-check", environment: Self.now)
        #expect(one.status == 1)
        #expect(one.stderr == "error: the 1 new feed of one.opml would bring site.json to 10,001 sources (it lists 10,000 now), "
                + "past the 10,000 a site supports; nothing was imported\n")
        let added = try site.run("source", "add", "http://127.0.0.1:9/feed.xml", environment: Self.now)
        #expect(added.status == 1)
        #expect(added.stderr == "error: adding http://127.0.0.1:9/feed.xml would bring site.json to 10,001 sources (it lists 10,000 now), "
                + "past the 10,000 a site supports; nothing was added (remove one first)\n")
        #expect(try site.read("site.json") == full)

        // Past it by hand: check reads the site.json build reads, and says so; the build still builds it, and says so.
        let last = #"{ "id": "feed-9999", "title": "Feed 9999", "url": "https://feeds8.example.org/9999.xml" }"#
        try #require(full.contains(last))
        try site.write("site.json", full.replacingOccurrences(of: last, with: last + #", { "id": "by-hand", "url": "https://hand.example.org/feed" }"#))
        let excess = "site.json: lists 10,001 sources, more than the 10,000 a site supports "
            + "(what newsgen's builds are measured at; 'source add' and 'source import' refuse to go past it); remove 1 to be within it"
        let checked = try site.run("check", "--offline", environment: Self.now)
        #expect(checked.status == 1)
        #expect((checked.stdout + checked.stderr).contains(excess), "stdout: \(checked.stdout.prefix(2_000))")
        let built = try site.run("build", "--offline", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr.suffix(2_000))")
        #expect(built.stderr.contains(excess), "stderr: \(built.stderr.suffix(2_000))")
        #expect(try rows(site, "public/sources/page/100/index.html") == 100)
        #expect(try site.read("public/sources/page/101/index.html").contains("hand.example.org/feed"))
        #expect(try rows(site, "public/sources/page/101/index.html") == 1)
        #expect(!FileManager.default.fileExists(atPath: site.file("public/sources/page/102/index.html").path))
    }

    /// 254 sources (the sample's 4, then 250 imported) and the Markdown articles: pages of 100 in
    /// site.json order, each linking the others; a source's link and the sitemap follow the pages.
    @Test func theSourcesPageIsSplitIntoPagesOfAHundredInSiteJSONOrder() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("more.opml", Self.outlines(250))
        #expect(try site.run("source", "import", "more.opml", "--no-check", environment: Self.now).status == 0)
        let built = try site.run("build", "--offline", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr.suffix(2_000))")

        let first = try site.read("public/sources/index.html")
        let second = try site.read("public/sources/page/2/index.html")
        let third = try site.read("public/sources/page/3/index.html")
        #expect(try rows(site, "public/sources/index.html") == 100)
        #expect(try rows(site, "public/sources/page/2/index.html") == 100)
        #expect(try rows(site, "public/sources/page/3/index.html") == 54)
        #expect(!FileManager.default.fileExists(atPath: site.file("public/sources/page/4/index.html").path))
        // In site.json's order: the sample's four first, then the import's; the 101st source opens page 2.
        #expect(first.contains(#"href="harbor-gazette/""#))
        #expect(first.contains("feeds95.example.org/95.xml") && !first.contains("feeds96.example.org/96.xml"))
        #expect(second.contains("feeds96.example.org/96.xml") && second.contains(#"href="../../feed-96/""#))
        // Every page has the whole site's count and links the others; the Markdown articles come last.
        for page in [first, second, third] {
            #expect(page.contains("254 sources"))
            #expect(page.contains(#"data-testid="pagination""#))
        }
        #expect(first.contains(#"href="page/2/" rel="next""#))
        #expect(second.contains(#"href="../../" aria-label="Page 1""#) && second.contains(#"href="../3/" rel="next""#))
        #expect(third.contains(#"data-testid="sources-others""#) && !second.contains(#"data-testid="sources-others""#))
        #expect(third.contains(#"<title>Sources, page 3 · Marrow Bay Archive</title>"#))
        let sitemap = try site.read("public/sitemap.xml")
        for path in ["sources/", "sources/page/2/", "sources/page/3/"] {
            #expect(sitemap.contains("<loc>https://news.example.org/\(path)</loc>"), "\(path)")
        }
        // Every internal link of the pages answers.
        for page in ["sources/index.html", "sources/page/2/index.html", "sources/page/3/index.html"] {
            let html = try site.read("public/" + page)
            for reference in HTMLLinks.references(in: html) where HTMLLinks.isInternal(reference) {
                let target = HTMLLinks.resolve(reference, from: page)
                #expect(FileManager.default.fileExists(atPath: site.file("public/" + target).path), "\(page): \(reference)")
            }
        }
    }

    /// The source rows of a built `/sources/` page.
    private func rows(_ site: TemporarySite, _ page: String) throws -> Int {
        try site.read(page).components(separatedBy: #"data-testid="source-row""#).count - 1
    }
}
