import Foundation
import NewsgenTestSupport
import Testing

/// A source's rules through real builds (ADR 062): the text follows `fullText.select` and
/// `fullText.remove`; a changed rule has the source's pages read again at the next build (a
/// saved page from its copy, the others fetched again politely); an unchanged one fetches nothing.
@Suite("Per-source rules, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the publisher's server"), .serialized)
struct SourceRulesEndToEndTests {
    static let now = 1_795_000_000

    private func site(_ server: FullTextHTTPServer, fullText: Any) throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try site.editConfig { config in
            config["sources"] = [["id": "gazette", "url": server.url("/feed.xml"), "fullText": fullText]]
            config["extract"] = ["perHostDelaySeconds": 0.05, "perHostConcurrency": 1, "maxSecondsPerBuild": 20]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        try FileManager.default.removeItem(at: site.file("content/articles"))
        return site
    }

    private func rules(_ site: TemporarySite, _ fullText: Any) throws {
        try site.editConfig { config in config["sources"] = [["id": "gazette", "url": (config["sources"] as? [[String: Any]])?.first?["url"] ?? "", "fullText": fullText]] }
    }

    private func build(_ site: TemporarySite, at time: Int) throws -> ProcessResult {
        try Newsgen.run(["build"], in: site.directory, environment: ["SOURCE_DATE_EPOCH": String(time)])
    }

    private func fullText(_ site: TemporarySite, _ title: String) throws -> [String: Any] {
        let article = try #require(site.archivedArticles().first { $0["title"] as? String == title }, "\(title) is archived")
        return try #require(article["fullText"] as? [String: Any], "\(title) has its full text")
    }

    static let lights = "Harbour lights return to the old quay"
    static let market = "Market day moves to the square"
    static let pages = ["/news/harbour-lights", "/news/market-day", "/news/ferry-timetable"]

    @Test func theTextFollowsTheRuleAndAChangedRuleReadsThePagesAgain() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server, fullText: ["mode": "auto", "select": "article", "remove": "figure, .byline"])
        defer { site.remove() }
        // The market-day page is saved by hand: it is read from its copy, never fetched.
        let saved = "content/saved-pages/127.0.0.1/news/market-day"
        try site.write(saved, """
            <!DOCTYPE html><html><head><title>Market day moves to the square</title></head><body>
            <article><p>Saved copy: stallholders vote to move the Saturday market uphill, the council agrees.</p></article>
            <aside class="related"><p>Saved copy's related box: the fish market closes early.</p></aside></body></html>
            """)

        let first = try build(site, at: Self.now)
        #expect(first.status == 0, "\(first.stderr)")
        let selected = try fullText(site, Self.lights)
        let html = try #require(selected["html"] as? String)
        #expect(html.contains("Paragraph 1 of harbour-lights"))
        #expect(!html.contains("The quay at dusk") && !html.contains("By Ada Quay"), "remove took the figure and the byline")
        let digest = try #require(selected["rules"] as? String, "the text keeps its rules' digest")
        let savedText = try fullText(site, Self.market)["html"] as? String ?? ""
        #expect(savedText.contains("Saved copy: stallholders vote") && !savedText.contains("the fish market closes early"), "\(savedText)")
        #expect(try Self.pages.map(server.count) == [1, 0, 1])

        // The same rules: nothing is read again.
        let same = try build(site, at: Self.now + 3_600)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try Self.pages.map(server.count) == [1, 0, 1])
        #expect(!same.stdout.contains("full text:"), "\(same.stdout)")

        // Another rule: every article of the source is read again, the saved page from its copy.
        try rules(site, ["mode": "auto", "select": ".related"])
        let changed = try build(site, at: Self.now + 7_200)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout.contains("full text: 3 read"), "\(changed.stdout)")
        let reread = try fullText(site, Self.lights)
        let related = try #require(reread["html"] as? String)
        #expect(related.contains("Tide tables revised for spring") && !related.contains("Paragraph 1 of harbour-lights"))
        #expect(reread["rules"] as? String != digest)
        #expect((try fullText(site, Self.market)["html"] as? String ?? "").contains("the fish market closes early"))
        #expect(try Self.pages.map(server.count) == [2, 0, 2])

        // No rules any more: read again by Readability, and the text keeps no digest.
        try rules(site, "auto")
        let plain = try build(site, at: Self.now + 10_800)
        #expect(plain.status == 0, "\(plain.stderr)")
        let readability = try fullText(site, Self.lights)
        #expect(readability["rules"] == nil)
        #expect((readability["html"] as? String ?? "").contains("Paragraph 1 of harbour-lights"))
        #expect(try Self.pages.map(server.count) == [3, 0, 3])
    }

    @Test func aRuleThatCannotBeReadStopsTheBuild() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try site(server, fullText: ["select": "article ."])
        defer { site.remove() }
        let result = try build(site, at: Self.now)
        #expect(result.status != 0)
        #expect(result.stderr.contains("'sources[0].fullText.select' of source 'gazette': expected a name after '.' at 9"), "\(result.stderr)")
        #expect(try server.requests().isEmpty, "nothing is fetched for a site that does not load")
    }

    @Test func extractTriesARuleOnOnePage() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("page.html", """
            <html><body><div class="story"><p>The ferry runs again from Monday.</p><aside class="ad">Buy a boat</aside></div>
            <div class="more"><p>\(String(repeating: "Other stories, at length, with commas, and more. ", count: 30))</p></div></body></html>
            """)
        let result = try Newsgen.run(["extract", "page.html", "--select", ".story", "--remove", ".ad", "--format", "text"], in: site.directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "The ferry runs again from Monday.")
        let bad = try Newsgen.run(["extract", "page.html", "--select", "div >"], in: site.directory)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--select 'div >': expected a selector, found the end at 6"), "\(bad.stderr)")
    }

    @Test func sourceSetWritesTheRulesIntoFullText() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { config in config["sources"] = [["id": "gazette", "url": "https://gazette.example/feed.xml", "fullText": "auto"]] }
        func set(_ key: String, _ value: String) throws -> ProcessResult {
            try Newsgen.run(["source", "set", "gazette", key, value], in: site.directory)
        }
        /// The source's fullText as written in site.json.
        func fullText() throws -> String {
            let config = try JSONSerialization.jsonObject(with: Data(try site.read("site.json").utf8)) as? [String: Any]
            let source = try #require((config?["sources"] as? [[String: Any]])?.first)
            let value = try #require(source["fullText"])
            let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            return String(decoding: data, as: UTF8.self)
        }
        let select = try set("full-text.select", "article .story-body")
        #expect(select.status == 0, "\(select.stderr)")
        #expect(select.stdout.contains("reads their articles' pages again under the new rules"), "\(select.stdout)")
        #expect(try fullText() == #"{"mode":"auto","select":"article .story-body"}"#)
        #expect(try set("full-text.remove", ".related, aside").status == 0)
        #expect(try fullText() == #"{"mode":"auto","remove":".related, aside","select":"article .story-body"}"#)
        #expect(try set("full-text", "always").status == 0)
        #expect(try fullText() == #"{"mode":"always","remove":".related, aside","select":"article .story-body"}"#)
        #expect(try set("full-text.select", "").status == 0)
        #expect(try set("full-text.remove", "").status == 0)
        #expect(try fullText() == #""always""#)
        let bad = try set("full-text.select", "article .")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("full-text.select 'article .': expected a name after '.' at 9"), "\(bad.stderr)")
    }
}
