import Foundation
import NewsgenTestSupport
import Testing

/// Pictures as a reader app shows them (issue 34): one lead image per article, never the same picture
/// twice on a page, and the publisher's hero image of an extracted article fetched, localized and kept
/// in the archive with the full text.
@Suite("Pictures, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the picture server"), .serialized)
struct PicturesEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1795000000"]

    /// A site reading `sources` from `server`, without the sample's Markdown articles.
    static func site(_ server: PicturesHTTPServer, sources: [[String: Any]]) throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try site.editConfig { config in
            config["sources"] = sources
            config["extract"] = ["perHostDelaySeconds": 0, "perHostConcurrency": 1, "maxSecondsPerBuild": 20]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        try FileManager.default.removeItem(at: site.file("content/articles"))
        return site
    }

    private func articlePage(_ site: TemporarySite, titled title: String) throws -> String {
        let slug = try #require(site.archivedArticles().first { $0["title"] as? String == title }?["slug"] as? String)
        return try site.read("public/articles/\(slug)/index.html")
    }

    /// The `/media/<sha256>.<ext>` names a page shows, each as often as it shows it (thumbnails left out).
    private func mediaShown(_ page: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"<img [^>]*src="[./]*media/([0-9a-f]{64}\.[a-z]+)""#)
        return pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap { Range($0.range(at: 1), in: page).map { String(page[$0]) } }
    }

    @Test func aFeedImageTheTextAlsoShowsIsShownOnce() throws {
        let server = try PicturesHTTPServer()
        defer { server.stop() }
        let site = try Self.site(server, sources: [["id": "pics", "url": server.url("/thumb.xml")]])
        defer { site.remove() }
        let build = try site.run("build", environment: Self.now)
        #expect(build.status == 0, "\(build.stderr)")

        // The same address as media:thumbnail and in the text; then an enclosure whose bytes the text's image has under another address.
        for title in ["Same address", "Same bytes"] {
            let page = try articlePage(site, titled: title)
            let shown = mediaShown(page)
            #expect(shown.count == 1, "\(title): \(shown)")
            #expect(!page.contains("data-testid=\"article-image\""), "\(title): the text shows the picture, so no lead figure repeats it")
        }
        // Each is still the row's lead image: its thumbnail is on the home page.
        let home = try site.read("public/index.html")
        #expect(home.components(separatedBy: "data-testid=\"row-thumbnail\"").count == 3, "both rows show a thumbnail")
    }

    @Test func anExtractedArticlesHeroImageIsFetchedKeptAndShownAsItsLead() throws {
        let server = try PicturesHTTPServer()
        defer { server.stop() }
        let site = try Self.site(server, sources: [["id": "gazette", "url": server.url("/summary.xml"), "fullText": "always"]])
        defer { site.remove() }
        let build = try site.run("build", environment: Self.now)
        #expect(build.status == 0, "\(build.stderr)")

        // Kept in the archive with the text, as the page named it (resolved against the page).
        let article = try #require(try site.archivedArticles().first)
        let fullText = try #require(article["fullText"] as? [String: Any])
        #expect(fullText["leadImage"] as? String == server.url("/img/photo.png"))
        #expect(article["imageURL"] == nil, "the feed named no image")

        // Fetched, localized, and shown as the article's lead image and its row's thumbnail.
        let page = try articlePage(site, titled: "Lamps lit again on the quay")
        #expect(page.contains("data-testid=\"article-image\""))
        let shown = mediaShown(page)
        #expect(shown.count == 1, "\(shown)")
        let name = try #require(shown.first)
        #expect(try Data(contentsOf: site.file("public/media/\(name)")) == server.get("/img/photo.png"))
        #expect(try site.read("public/index.html").contains("data-testid=\"row-thumbnail\""))
        #expect(!page.contains(server.url("/img/photo.png")), "never hot-linked")

        // The publisher deletes the page: the archive still names the picture, and a build with an empty image cache fetches it again.
        _ = try server.get("/forget")
        try FileManager.default.removeItem(at: site.file(".newsgen/cache/images"))
        let again = try site.run("build", environment: Self.now)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try articlePage(site, titled: "Lamps lit again on the quay").contains("data-testid=\"article-image\""))
        #expect(try server.count("/news/story") == 1, "the page is read once")
    }
}

/// Favicons (issue 34): the site's own, and each source's, found on its home page and fetched once a week.
@Suite("Favicons, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the picture server"), .serialized)
struct FaviconEndToEndTests {
    /// The first `<img class="row-icon" src>` of `page`, resolved to its media name.
    private func icons(_ page: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"<img class="row-icon" src="[./]*media/([0-9a-f]{64}\.[a-z]+)""#)
        return pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap { Range($0.range(at: 1), in: page).map { String(page[$0]) } }
    }

    @Test func sourceIconsAreFoundOnTheHomePageOrAtFaviconIcoAndAskedForOnceAWeek() throws {
        let server = try PicturesHTTPServer()
        defer { server.stop() }
        // Source a's home page names its icon with <link rel="shortcut icon">; b's names none, so /favicon.ico (an ICO).
        let site = try PicturesEndToEndTests.site(server, sources: [["id": "a", "url": server.url("/thumb.xml")],
                                                                    ["id": "b", "url": server.url("/summary.xml")]])
        defer { site.remove() }
        let day: Double = 1_795_000_000
        let first = try site.run("build", environment: ["SOURCE_DATE_EPOCH": String(Int(day))])
        #expect(first.status == 0, "\(first.stderr)")
        let sourcesPage = try site.read("public/sources/index.html")
        let shown = icons(sourcesPage)
        #expect(shown.count == 2, "\(sourcesPage)")
        #expect(Set(shown.map { $0.split(separator: ".").last.map(String.init) ?? "" }) == ["png", "ico"])
        for name in shown {
            // Served as fetched: a PNG, and the ICO as it is (no thumbnail); the server's bytes are not asked for here, its counts are.
            let served = try Data(contentsOf: site.file("public/media/\(name)"))
            #expect(served.prefix(4) == (name.hasSuffix(".ico") ? Data([0, 0, 1, 0]) : Data([0x89, 0x50, 0x4E, 0x47])))
        }
        // Source b's article has no picture of its own: its row shows b's icon instead of the letter tile.
        #expect(try icons(site.read("public/index.html")).contains { $0.hasSuffix(".ico") })
        let asked = ["/a/", "/b/", "/a/icon.png", "/favicon.ico"]
        for path in asked { #expect(try server.count(path) == 1, "\(path) asked once") }

        // Six days later nothing is asked again, and the icons are still shown (from the image cache).
        let later = try site.run("build", environment: ["SOURCE_DATE_EPOCH": String(Int(day + 6 * 86_400))])
        #expect(later.status == 0, "\(later.stderr)")
        for path in asked { #expect(try server.count(path) == 1, "\(path) not asked again within the week") }
        #expect(icons(try site.read("public/sources/index.html")).count == 2)

        // Eight days later the home pages are read again and the icons revalidated (304, nothing downloaded again).
        let week = try site.run("build", environment: ["SOURCE_DATE_EPOCH": String(Int(day + 8 * 86_400))])
        #expect(week.status == 0, "\(week.stderr)")
        for path in asked { #expect(try server.count(path) == 2, "\(path) asked again after a week") }
        let stats = try server.stats()
        #expect(stats["304 /a/icon.png"] == 1 && stats["304 /favicon.ico"] == 1, "\(stats)")

        // The icons go away (404): a failure is no build failure, the build after the next week shows letter tiles.
        _ = try server.get("/forget")
        let gone = try site.run("build", environment: ["SOURCE_DATE_EPOCH": String(Int(day + 16 * 86_400))])
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(!gone.stderr.contains("icon"), "a missing icon is not worth a warning: \(gone.stderr)")
    }

    @Test func theSiteNamesTheThemesIconUnlessItHasItsOwnFaviconIco() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let build = try site.run("build", environment: PicturesEndToEndTests.now)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try site.read("public/index.html").contains(#"<link rel="icon" href="assets/favicon.svg">"#))
        #expect(try site.read("public/sources/index.html").contains(#"<link rel="icon" href="../assets/favicon.svg">"#))
        #expect(try site.read("public/assets/favicon.svg").hasPrefix("<svg"))

        // The user's static/favicon.ico wins: published at the root, and every page names it.
        try FileManager.default.createDirectory(at: site.file("static"), withIntermediateDirectories: true)
        let ico = Data([0, 0, 1, 0, 1, 0]) + Data(repeating: 7, count: 40)
        try ico.write(to: site.file("static/favicon.ico"))
        let again = try site.run("build", environment: PicturesEndToEndTests.now)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: site.file("public/favicon.ico")) == ico)
        #expect(try site.read("public/index.html").contains(#"<link rel="icon" href="favicon.ico">"#))
        #expect(try site.read("public/sources/index.html").contains(#"<link rel="icon" href="../favicon.ico">"#))
        #expect(try site.read("public/404.html").contains(#"<link rel="icon" href="/favicon.ico">"#))
    }
}
