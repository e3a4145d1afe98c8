import Foundation
import NewsgenTestSupport
import Testing

/// Full text through real builds (issue 17): article pages fetched from a publisher on
/// 127.0.0.1 politely (robots.txt, per-host delay and concurrency, proved from the server's
/// log), extracted into the archive and shown on the article's page; what fails keeps the
/// feed's text and is retried after its back-off; refresh, offline and saved pages.
@Suite("Full text, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the publisher's server"), .serialized)
struct FullTextEndToEndTests {
    /// The build's "now" (2026-11-18): every build here is given one, so that dates are the test's.
    static let now = 1_795_000_000
    static let delay = 0.3

    /// A site with one url source `id` on `path` of the server, fullText `mode`, small polite delays.
    private func site(_ server: FullTextHTTPServer, path: String = "/feed.xml", mode: String = "auto",
                      id: String = "gazette") throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try site.editConfig { config in
            config["sources"] = [["id": id, "url": server.url(path), "fullText": mode]]
            config["extract"] = ["perHostDelaySeconds": Self.delay, "perHostConcurrency": 1, "maxSecondsPerBuild": 20]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        try FileManager.default.removeItem(at: site.file("content/articles"))
        return site
    }

    private func build(_ site: TemporarySite, _ extra: String..., at time: Int = now) throws -> ProcessResult {
        try Newsgen.run(["build"] + extra, in: site.directory, environment: ["SOURCE_DATE_EPOCH": String(time)])
    }

    private func article(_ site: TemporarySite, titled title: String) throws -> [String: Any] {
        try #require(site.archivedArticles().first { $0["title"] as? String == title }, "\(title) is archived")
    }

    private func page(_ site: TemporarySite, of article: [String: Any]) throws -> String {
        try site.read("public/articles/\(try #require(article["slug"] as? String))/index.html")
    }

    /// The archive's files, by relative path.
    private func archiveFiles(_ site: TemporarySite) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = site.file("content/archive")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".jsonl") { files[relative] = try Data(contentsOf: root.appendingPathComponent(relative)) }
        }
        return files
    }

    private func warnings(_ result: ProcessResult) -> [Substring] {
        result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    }

    static let navigation = ["Weather desk", "Sport pages", "Share on Mastodon", "Email this story", "Related stories",
                             "Tide tables revised", "Gull numbers fall", "Copyright Fixture Gazette"]

    @Test func summaryOnlyArticlesGetTheirPagesTextWithLocalImages() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        let result = try build(site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(warnings(result).isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("full text: 3 read, 0 failed, 0 waiting for a later build"), "\(result.stdout)")

        let lights = try article(site, titled: "Harbour lights return to the old quay")
        let text = try #require(lights["fullText"] as? [String: Any], "the archive line holds the full text")
        let html = try #require(text["html"] as? String)
        for n in 1...6 { #expect(html.contains("Paragraph \(n) of harbour-lights:"), "paragraph \(n)") }
        for words in Self.navigation { #expect(!html.contains(words), "\(words) is not the article") }
        #expect(html.contains("The quay at dusk, seen from the breakwater"), "the figure's caption stays")
        #expect(text["url"] as? String == server.url("/news/harbour-lights"))
        #expect(text["finalURL"] as? String == server.url("/news/harbour-lights"))
        #expect(text["extractedAt"] as? String == "2026-11-18T11:06:40Z")
        #expect((text["extractor"] as? String)?.isEmpty == false)
        #expect((text["feedStamp"] as? String)?.count == 16)
        #expect(text["savedPage"] == nil, "fetched, not saved")

        let shown = try page(site, of: lights)
        #expect(shown.contains("Paragraph 6 of harbour-lights:"))
        #expect(shown.contains("data-testid=\"article-fulltext\""))
        #expect(shown.contains("read from the publisher&#39;s page"), "the strings table's words are escaped as any value")
        #expect(!shown.contains("Share on Mastodon"))
        // Both images (the figure's and the lazy one) are served from the site's media/, none from the publisher.
        let images = shown.matches(of: /<img [^>]*src="..\/..\/media\/[0-9a-f]{64}\.png"/).count
        #expect(images == 2, "\(shown)")
        #expect(!shown.contains("src=\"http"))
        let media = try FileManager.default.contentsOfDirectory(atPath: site.file("public/media").path).filter { $0.hasSuffix(".png") }
        #expect(media.count == 2)
    }

    @Test func autoLeavesAFullContentFeedAlone() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server, path: "/full.xml")
        defer { site.remove() }
        let result = try build(site)
        #expect(result.status == 0, "\(result.stderr)")
        let asked = try server.requests().map(\.path)
        #expect(try server.politeRequests().isEmpty, "no page and no robots.txt asked for: \(asked)")
        #expect(try site.archivedArticles().count == 2)
        #expect(try site.archivedArticles().allSatisfy { $0["fullText"] == nil })
        #expect(try page(site, of: article(site, titled: "Lifeboat crew trains in fog")).contains("Full paragraph 9:"))
    }

    @Test func robotsTxtKeepsAPageUnfetchedAndSourcesSaysWhy() throws {
        let server = try FullTextHTTPServer(robots: "User-agent: *\nDisallow: /private/\n")
        defer { server.stop() }
        let site = try site(server, path: "/robots.xml")
        defer { site.remove() }
        let result = try build(site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try server.count("/private/closed-road") == 0, "the disallowed page is never asked for")
        #expect(try server.count("/robots.txt") == 1)
        #expect(try server.count("/news/harbour-lights") == 1)
        let refused = warnings(result).filter { $0.contains("Coast road closed for repairs") }
        #expect(refused.count == 1 && refused[0].contains("robots.txt"), "\(result.stderr)")
        #expect(try article(site, titled: "Coast road closed for repairs")["fullText"] == nil)
        #expect(try article(site, titled: "Harbour lights return to the old quay")["fullText"] != nil)

        let sources = try site.read("public/sources/index.html")
        let counts = try #require(sources.firstRange(of: "data-testid=\"source-fulltext\"").map { sources[$0.upperBound...].prefix(400) })
        #expect(counts.contains("Full text (auto): 1 extracted") && counts.contains("1 failed"), "\(counts)")
        let failures = try #require(sources.firstRange(of: "data-testid=\"source-fulltext-failures\"").map { sources[$0.upperBound...].prefix(400) })
        #expect(failures.contains("1 × robots.txt disallows"), "\(failures)")
    }

    /// With perHostConcurrency 1, no two requests to the host overlap, and each starts at least
    /// perHostDelaySeconds after the previous one ended, robots.txt included.
    @Test func pagesAreFetchedOneAtATimeWithTheDelayBetween() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        #expect(try build(site).status == 0)
        let requests = try server.politeRequests().sorted { $0.start < $1.start }
        #expect(requests.map(\.path).sorted() == ["/news/ferry-timetable", "/news/harbour-lights", "/news/market-day", "/robots.txt"])
        #expect(requests.first?.path == "/robots.txt", "robots.txt is read before any page")
        #expect(requests.allSatisfy { $0.inflight == 1 }, "\(requests.map(\.inflight))")
        for (previous, next) in zip(requests, requests.dropFirst()) {
            // The server logs its end once the answer is written; the client has it a little later still.
            #expect(next.start - previous.end >= Self.delay - 0.005, "\(next.path) began \(next.start - previous.end) s after \(previous.path) ended")
        }
    }

    /// A page that fails (a 404, a consent page whose one text is its banner) keeps the feed's text and
    /// is tried again after its back-off; a paywall page that shows a teaser is no failure (issue 35): its
    /// teaser, longer than the feed's three words, is kept and labelled, and its page is not asked again.
    @Test func failedPagesKeepTheFeedsTextAndAreRetriedAfterTheBackOff() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server, path: "/mixed.xml")
        defer { site.remove() }
        let first = try build(site)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("full text: 1 read, 2 failed, 0 waiting for a later build"), "\(first.stdout)")
        for (title, reason) in [("A story that was taken down", "HTTP 404"), ("Cookies before news", "cookie-consent wall")] {
            let said = warnings(first).filter { $0.contains("\"\(title)\"") }
            #expect(said.count == 1 && said[0].contains(reason) && said[0].contains("the feed's text is kept"), "\(title): \(first.stderr)")
            let kept = try article(site, titled: title)
            #expect(kept["fullText"] == nil)
        }
        #expect(!first.stderr.contains("Rates rise for moorings"), "a teaser behind a paywall is not warned about: \(first.stderr)")
        let moorings = try article(site, titled: "Rates rise for moorings")
        let text = try #require(moorings["fullText"] as? [String: Any], "the teaser is kept in the archive")
        #expect(text["wall"] as? String == "paywall")
        #expect(text["feedKept"] == nil, "the page's teaser is longer than the feed's 'Fees go up.'")
        #expect((text["html"] as? String)?.contains("Mooring fees in the inner harbour will rise by a fifth next year.") == true)
        let shown = try page(site, of: moorings)
        #expect(shown.contains("Mooring fees in the inner harbour will rise by a fifth next year."))
        #expect(shown.contains("The text above was read from the publisher&#39;s page on"), "\(shown)")
        #expect(shown.contains("<span data-testid=\"article-wall\">The page is behind a paywall: it shows only the beginning of the article.</span>"))
        let sources = try site.read("public/sources/index.html")
        #expect(sources.contains("<span data-testid=\"source-fulltext-wall\">1 behind a paywall</span>"), "\(sources)")
        let pages = ["/news/gone", "/news/consent", "/news/paywall"]
        #expect(try pages.map(server.count) == [1, 1, 1])

        // Within the hour's back-off nothing is asked again; once it has passed, every failed page is.
        #expect(try build(site, at: Self.now + 600).status == 0)
        #expect(try pages.map(server.count) == [1, 1, 1])
        let later = try build(site, at: Self.now + 3_601)
        #expect(later.status == 0)
        #expect(try pages.map(server.count) == [2, 2, 1])
        #expect(warnings(later).filter { $0.contains("attempt 2 of 4") }.count == 2, "\(later.stderr)")
    }

    /// Issue 35, "keep the better text": a page that gives fewer words than the feed (a paywall's teaser),
    /// or words of another story, leaves the feed's text on the article page; the archive keeps the page's
    /// text with the reason, `/sources/` and `check` count them, and a page that gives more is shown.
    @Test func aPageThatGivesLessThanTheFeedLeavesTheFeedsText() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server, path: "/kept.xml")
        defer { site.remove() }
        let result = try build(site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(warnings(result).isEmpty, "keeping the feed's text is no failure: \(result.stderr)")
        #expect(result.stdout.contains("full text: 3 read, 0 failed, 0 waiting for a later build; 2 pages gave less than the feed; the feed's text is kept"),
                "\(result.stdout)")

        let moorings = try article(site, titled: "Rates rise for moorings")
        let teaser = try #require(moorings["fullText"] as? [String: Any])
        #expect(teaser["feedKept"] as? String == "pageShorter")
        #expect(teaser["wall"] as? String == "paywall")
        #expect((teaser["html"] as? String)?.contains("Mooring fees in the inner harbour") == true, "the page's text is kept beside the feed's")
        let mooringsPage = try page(site, of: moorings)
        #expect(mooringsPage.contains("The new fees take effect in March."), "the feed's longer text is shown")
        #expect(mooringsPage.contains("The publisher&#39;s page was read on"), "\(mooringsPage)")
        #expect(!mooringsPage.contains("The text above was read from"))
        #expect(mooringsPage.contains("The page gave less text than the feed, so the feed&#39;s own text is shown above."))

        let lifeboat = try article(site, titled: "Lifeboat crew trains in fog")
        #expect((lifeboat["fullText"] as? [String: Any])?["feedKept"] as? String == "pageDifferent")
        #expect((lifeboat["fullText"] as? [String: Any])?["wall"] == nil)
        let lifeboatPage = try page(site, of: lifeboat)
        #expect(lifeboatPage.contains("Full paragraph 2:"))
        #expect(!lifeboatPage.contains("Paragraph 1 of harbour-lights"), "the other story's text is not shown")
        #expect(lifeboatPage.contains("The page&#39;s text had little in common with the feed&#39;s"))

        let market = try article(site, titled: "Market day moves to the square")
        #expect((market["fullText"] as? [String: Any])?["feedKept"] == nil)
        let marketPage = try page(site, of: market)
        #expect(marketPage.contains("Paragraph 6 of market-day:"), "a page that gives more is shown")
        #expect(!marketPage.contains("data-testid=\"article-feed-kept\""))

        let sources = try site.read("public/sources/index.html")
        #expect(sources.contains("<span data-testid=\"source-fulltext-feed-kept\">2 pages gave less than the feed; the feed&#39;s text is kept</span>"),
                "\(sources)")
        #expect(sources.contains("Full text (auto): 3 extracted"))

        let check = try site.run("check")
        #expect(check.status == 0, "\(check.stdout)\n\(check.stderr)")
        #expect(!check.stdout.contains("warning: "), "\(check.stdout)")
        #expect(check.stdout.contains("note: source 'gazette': 2 pages gave less than the feed; the feed's text is kept"), "\(check.stdout)")
        #expect(check.stdout.contains("note: source 'gazette': 1 page behind a paywall"), "\(check.stdout)")

        // The decision is kept with the text: a second build reads no page and leaves the archive as it was.
        let archive = try archiveFiles(site)
        let asked = try server.politeRequests().count
        #expect(try build(site, at: Self.now + 60).status == 0)
        #expect(try server.politeRequests().count == asked)
        #expect(try archiveFiles(site) == archive)
    }

    @Test func aSecondBuildFetchesNoPageAndLeavesTheArchiveAsItWas() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        #expect(try build(site).status == 0)
        let archive = try archiveFiles(site)
        let before = try server.politeRequests().count
        #expect(before == 4)
        let second = try build(site, at: Self.now + 60)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try server.politeRequests().count == before, "no page fetched again")
        #expect(try archiveFiles(site) == archive, "the archive is byte for byte the same")
    }

    @Test func refreshAsksForAPageAgainAndForAWholeSource() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        #expect(try build(site).status == 0)
        let lights = try article(site, titled: "Harbour lights return to the old quay")
        let id = try #require(lights["id"] as? String)
        let refresh = try site.run("archive", "refresh", id)
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stdout.contains("the next build reads its page again"), "\(refresh.stdout)")
        #expect(try build(site, at: Self.now + 60).status == 0)
        #expect(try server.count("/news/harbour-lights") == 2)
        #expect(try server.count("/news/market-day") == 1)
        #expect(try (article(site, titled: "Harbour lights return to the old quay")["fullText"] as? [String: Any])?["extractedAt"] as? String
                == "2026-11-18T11:07:40Z", "the text read again replaces the old one")

        let all = try site.run("archive", "refresh", "--source", "gazette")
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("3 articles of 'gazette'"), "\(all.stdout)")
        #expect(try build(site, at: Self.now + 120).status == 0)
        #expect(try ["/news/harbour-lights", "/news/market-day", "/news/ferry-timetable"].map(server.count) == [3, 2, 2])
    }

    /// Offline nothing is fetched; the build says how many pages wait. A saved page is read instead
    /// of fetched, offline too, and the archive names it.
    @Test func offlineWaitsAndSavedPagesAreReadInsteadOfFetched() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server, mode: "never")
        defer { site.remove() }
        #expect(try build(site).status == 0, "the feed is archived without its pages")
        let feedOnly = try server.requests().count
        #expect(try server.politeRequests().isEmpty)

        try site.editConfig { config in
            config["sources"] = [["id": "gazette", "url": server.url("/feed.xml"), "fullText": "auto"]]
        }
        let offline = try build(site, "--offline")
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try server.requests().count == feedOnly, "--offline sends nothing")
        #expect(offline.stdout.contains("full text: 0 read, 0 failed, 3 waiting for a later build"), "\(offline.stdout)")
        #expect(try site.read("public/sources/index.html").contains("<span>3 waiting</span>"))

        let saved = "content/saved-pages/127.0.0.1/news/market-day"
        try site.write(saved, """
            <!DOCTYPE html><html><head><title>Market day moves to the square</title></head><body>
            <nav class="menu"><a href="/">Home</a> <a href="/sport">Sport pages</a></nav><article><h1>Market day moves to the square</h1>
            \((1...5).map { "<p>Saved paragraph \($0): the stallholders met in the church hall, argued for an hour, counted the votes twice, and chose the square, where the cobbles are flatter and the wind is kinder.</p>" }.joined())
            </article><footer class="footer">Copyright Fixture Gazette, all rights reserved</footer></body></html>
            """)
        let savedOffline = try build(site, "--offline", at: Self.now + 60)
        #expect(savedOffline.status == 0, "\(savedOffline.stderr)")
        #expect(savedOffline.stdout.contains("full text: 1 read, 0 failed, 2 waiting for a later build"), "\(savedOffline.stdout)")
        #expect(try server.requests().count == feedOnly)
        let market = try #require(try article(site, titled: "Market day moves to the square")["fullText"] as? [String: Any])
        #expect(market["savedPage"] as? String == saved)
        #expect(market["url"] as? String == server.url("/news/market-day"))
        #expect((market["html"] as? String)?.contains("Saved paragraph 5:") == true)
        #expect(!((market["html"] as? String)?.contains("Sport pages") ?? true))

        // Online, the two others are fetched; the saved one is not asked for.
        let online = try build(site, at: Self.now + 120)
        #expect(online.status == 0, "\(online.stderr)")
        #expect(try server.count("/news/market-day") == 0)
        #expect(try server.count("/news/harbour-lights") == 1 && server.count("/news/ferry-timetable") == 1)
        #expect(try site.archivedArticles().allSatisfy { $0["fullText"] != nil })
    }
}
