import Foundation
import Mustache
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The Render stage on in-memory templates: pure, so exact output is checked.
@Suite("Rendering")
struct SiteRendererTests {
    private static let templates: [String: String] = [
        "layout": "<title>{{page.documentTitle}}</title><link href=\"{{nav.stylesheet}}\">{{{content}}}",
        "home": "{{#articles}}[{{title}}|{{url}}|{{source.title}}|{{#date}}{{display}}{{/date}}]{{/articles}}{{#isEmpty}}empty{{/isEmpty}}"
            + "{{#hasMore}} {{shown}}/{{count}}{{/hasMore}}{{#months.years}} {{year}}:{{#months}}{{shortName}}={{count}}@{{url}};{{/months}}{{/months.years}}",
        "month": "{{list.name}}|{{month.name}}|{{month.countLabel}}:{{#articles}}[{{title}}|{{url}}]{{/articles}}"
            + "{{#newer}} newer={{name}}@{{url}}{{/newer}}{{#older}} older={{name}}@{{url}}{{/older}} front={{list.url}} all={{list.archiveURL}}",
        "archive": "{{countLabel}}{{#months.years}} {{year}}:{{#months}}{{shortName}}={{countLabel}}@{{url}};{{/months}}{{/months.years}}",
        "redirect": "{{page.title}}|{{redirect.url}}|{{redirect.canonicalURL}}",
        "article": "<h1>{{article.title}}</h1>{{{article.contentHTML}}}{{#article.isBookmarked}}★{{/article.isBookmarked}}",
        "bookmarks": "{{count}}:{{#bookmarks}}[{{title}}|{{url}}|{{note}}]{{/bookmarks}}"
            + "{{#pagination}} pages:{{#pages}}{{#gapBefore}}…{{/gapBefore}}{{number}}{{#isCurrent}}*{{/isCurrent}} {{/pages}}prev={{previous.url}} next={{next.url}}{{/pagination}}",
        "sources": "{{count}}/{{failedCount}}:{{#sources}}[{{title}}|{{kind}}|{{location}}|{{outcome}}|{{reason}}|{{#lastNewItem}}{{iso}} {{display}}{{/lastNewItem}}|{{#backoff}}{{failures}}>{{#nextAttempt}}{{iso}}{{/nextAttempt}}{{/backoff}}]{{/sources}}",
        "source": "", "tag": "", "search": "", "notfound": "",
    ]

    private func article(_ n: Int) -> PreparedArticle {
        PreparedArticle(Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: "news", title: "Story \(n)",
                                published: Date(timeIntervalSince1970: Double(n) * 86_400),
                                contentHTML: "<p>Body \(n)<script>alert(1)</script></p>"))
    }

    private func render(articles count: Int, pageSize: Int = 2, bookmarks: [Bookmark] = [],
                        statuses: [SourceStatus] = [], list: [PreparedArticle]? = nil, baseURL: String? = nil) throws -> [String: String] {
        var config = SiteConfig(title: "Bay", sources: [])
        config.pageSize = pageSize
        config.baseURL = baseURL
        let input = RenderInput(config: config, templates: Templates(library: try MustacheLibrary(templates: Self.templates), assets: [("style.css", Data("css".utf8))]),
                                articles: list ?? (1...max(count, 1)).reversed().prefix(count).map(article),
                                sources: ["news": SourceInfo(id: "news", title: "The News")],
                                bookmarks: BookmarkManifest(bookmarks: bookmarks), sourceStatuses: statuses)
        let files = try SiteRenderer(input).render()
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
    }

    /// The front page: the newest `pageSize` articles and every month; the month page lists all of its month;
    /// the old numbered pages are redirects to `/archive/`, as many as the old pagination had.
    @Test func homeShowsTheNewestArticlesAndTheMonths() throws {
        let files = try render(articles: 5)
        #expect(files["index.html"] == "<title>Bay</title><link href=\"assets/style.css\">[Story 5|articles/story-5/|The News|6 Jan 1970][Story 4|articles/story-4/|The News|5 Jan 1970] 2/5 1970:January=5@archive/1970/01/;")
        #expect(files["archive/1970/01/index.html"] == "<title>January 1970 · Bay</title><link href=\"../../../assets/style.css\">All articles|January 1970|5 articles:"
                + "[Story 5|../../../articles/story-5/][Story 4|../../../articles/story-4/][Story 3|../../../articles/story-3/][Story 2|../../../articles/story-2/][Story 1|../../../articles/story-1/]"
                + " front=../../../ all=../../")
        #expect(files["archive/index.html"] == "<title>Archive · Bay</title><link href=\"../assets/style.css\">5 articles 1970:January=5 articles@1970/01/;")
        #expect(files["page/2/index.html"] == "This page has moved|../../archive/|../../archive/")
        #expect(files["page/3/index.html"] != nil)
        #expect(files["page/4/index.html"] == nil)
        #expect(files["assets/style.css"] == "css")
    }

    /// Articles go under their UTC month (undated ones under January 1970, where `newestFirst` puts them: last);
    /// each month links the newer and the older month of the list.
    @Test func monthPagesHoldTheirMonthAndLinkTheNeighbouringMonths() throws {
        let day = 86_400.0
        func dated(_ n: Int, _ seconds: Double?) -> PreparedArticle {
            PreparedArticle(Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: "news", title: "Story \(n)",
                                    published: seconds.map { Date(timeIntervalSince1970: $0) }))
        }
        // 1971-02-01T00:00:00Z is 396 days after the epoch; one second before it is still January 1971.
        let list = [dated(5, 396 * day), dated(4, 396 * day - 1), dated(3, 40 * day), dated(2, 10 * day), dated(1, nil)]
        let files = try render(articles: 0, list: list, baseURL: "https://bay.example/")
        #expect(files["index.html"]?.hasSuffix(" 2/5 1971:February=1@archive/1971/02/;January=1@archive/1971/01/; 1970:February=1@archive/1970/02/;January=2@archive/1970/01/;") == true)
        #expect(files["archive/1971/02/index.html"]?.hasSuffix("All articles|February 1971|1 article:[Story 5|../../../articles/story-5/] older=January 1971@../01/ front=../../../ all=../../") == true)
        #expect(files["archive/1971/01/index.html"]?.hasSuffix("[Story 4|../../../articles/story-4/] newer=February 1971@../02/ older=February 1970@../../1970/02/ front=../../../ all=../../") == true)
        #expect(files["archive/1970/01/index.html"]?.hasSuffix("2 articles:[Story 2|../../../articles/story-2/][Story 1|../../../articles/story-1/] newer=February 1970@../02/ front=../../../ all=../../") == true)
        #expect(files["archive/1970/03/index.html"] == nil)
        #expect(files["archive/index.html"]?.hasSuffix("5 articles 1971:February=1 article@1971/02/;January=1 article@1971/01/; 1970:February=1 article@1970/02/;January=2 articles@1970/01/;") == true)
        // The redirect's canonical link is absolute with a baseURL.
        #expect(files["page/2/index.html"] == "This page has moved|../../archive/|https://bay.example/archive/")
        #expect(files["sources/news/page/2/index.html"] == "This page has moved|../../|https://bay.example/sources/news/")
        // A source site.json does not name is called by the name the archive kept (ADR 061), here "The News".
        #expect(files["sources/news/1970/01/index.html"]?.contains(">The News|January 1970|2 articles:") == true)
    }

    @Test func bookmarkPageNumbersShowAWindowWithGaps() throws {
        let bookmarks = (1...20).map { Bookmark(id: String(format: "%016x", $0), added: Date(timeIntervalSince1970: Double($0)), title: "b\($0)") }
        let files = try render(articles: 20, pageSize: 1, bookmarks: bookmarks)
        #expect(files["bookmarks/page/10/index.html"]?.contains("pages:1 …8 9 10* 11 12 …20 ") == true)
    }

    @Test func anEmptySiteHasOneEmptyHomePage() throws {
        let files = try render(articles: 0)
        #expect(files["index.html"] == "<title>Bay</title><link href=\"assets/style.css\">empty")
        #expect(files["archive/index.html"] == "<title>Archive · Bay</title><link href=\"../assets/style.css\">0 articles")
        #expect(files.keys.filter { $0.hasPrefix("page/") || $0.hasPrefix("archive/1") }.isEmpty)
        #expect(files["bookmarks/index.html"] == "<title>Bookmarks · Bay</title><link href=\"../assets/style.css\">0:")
    }

    @Test func articlePagesCarrySanitizedContentAndTheirBookmark() throws {
        let added = Date(timeIntervalSince1970: 1_000_000)
        let files = try render(articles: 2, bookmarks: [Bookmark(id: String(format: "%016x", 1), added: added, title: "x")])
        #expect(files["articles/story-1/index.html"] == "<title>Story 1 · Bay</title><link href=\"../../assets/style.css\"><h1>Story 1</h1><p>Body 1</p>★")
        #expect(files["articles/story-2/index.html"]?.hasSuffix("<p>Body 2</p>") == true)
    }

    @Test func bookmarksAreNewestFirstWithOrphansFromTheManifest() throws {
        let files = try render(articles: 2, bookmarks: [
            Bookmark(id: String(format: "%016x", 1), added: Date(timeIntervalSince1970: 10), title: "ignored", note: "older"),
            Bookmark(id: "ffffffffffffffff", added: Date(timeIntervalSince1970: 20), title: "Gone", url: "https://example.org/gone", note: "newer"),
        ])
        #expect(files["bookmarks/index.html"]?.hasSuffix("2:[Gone|https://example.org/gone|newer][Story 1|../articles/story-1/|older]") == true)
    }

    /// The sources page: one row per status, failures with their reason and back-off, dates in the site's zone;
    /// the last new item is the date of the source's newest article in the archive (ADR 053), not a time state.json keeps.
    @Test func theSourcesPageShowsOutcomesAndState() throws {
        let failure = Date(timeIntervalSince1970: 1_767_607_200)
        let files = try render(articles: 2, statuses: [
            SourceStatus(id: "news", title: "Good", location: "https://good.example/feed.xml", isURL: true, outcome: .fresh(itemCount: 3)),
            SourceStatus(id: "bad", title: "Bad", location: "https://bad.example/feed.xml", isURL: true,
                         outcome: .failed(reason: "the server answered HTTP 404 (not found)"),
                         failures: 1, nextAttempt: failure.addingTimeInterval(900)),
            SourceStatus(id: "file", title: "File", location: "feeds/a.xml", isURL: false, outcome: .notModified),
        ])
        #expect(files["sources/index.html"] == "<title>Sources · Bay</title><link href=\"../assets/style.css\">3/1:"
                + "[Good|URL|https://good.example/feed.xml|OK||1970-01-03T00:00:00Z 3 Jan 1970|]"
                + "[Bad|URL|https://bad.example/feed.xml|Failed|the server answered HTTP 404 (not found)||1>2026-01-05T10:15:00Z]"
                + "[File|Feed file|feeds/a.xml|Not modified|||]")
    }
}

@Suite("Publishing")
struct PublisherTests {
    @Test func swapsInTheNewSiteAndKeepsTheRepositorysOwnFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("publish-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("old"), withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: output.appendingPathComponent("old/index.html"))
        try Data("keep me".utf8).write(to: output.appendingPathComponent("README.md"))
        let staticFolder = root.appendingPathComponent("static")
        try FileManager.default.createDirectory(at: staticFolder, withIntermediateDirectories: true)
        try Data("example.org".utf8).write(to: staticFolder.appendingPathComponent("CNAME"))

        try Publisher(output: output, shownAs: "public").publish([OutputFile(path: "index.html", data: Data("new".utf8))], staticDirectory: staticFolder)

        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(names == ["CNAME", "README.md", "index.html"])
        #expect(try String(contentsOf: output.appendingPathComponent("README.md"), encoding: .utf8) == "keep me")
        // The old site stays beside it as the next build's spare tree (ADR 029).
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == [".public.spare", "public", "static"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".public.spare").path).sorted()
            == ["README.md", "old"])
    }
}
