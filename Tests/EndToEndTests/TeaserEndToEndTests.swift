import Foundation
import NewsgenTestSupport
import Testing

/// Issue 34, point 1 (ADR 056): a feed that gives only teasers is found and fixed in one command.
/// `source add` turns full text on for it and says so (`--full-text never` refuses and is warned);
/// `source import` reads the feeds it added and names them (so does the build); a build counts the articles kept as teasers,
/// names them with the one command after its summary, and `/sources/` marks the source; `source set` changes a source's
/// mode, title or category in place; `source list` shows each source's mode. All against a
/// publisher on 127.0.0.1 (`FullTextHTTPServer`: `/feed.xml` gives one sentence an item, `/full.xml` whole articles).
@Suite("Teaser-only sources, end to end", Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the publisher's server"),
       .serialized)
struct TeaserEndToEndTests {
    /// 2026-11-18, after the fixture's items.
    static let now = ["SOURCE_DATE_EPOCH": "1795000000"]

    /// A new site (`newsgen init`) with small polite delays, so builds that read pages stay quick.
    private func freshSite() throws -> TemporarySite {
        let site = try TemporarySite.initialized(environment: Self.now)
        try site.editConfig { config in
            config["extract"] = ["perHostDelaySeconds": 0.05, "maxSecondsPerBuild": 20]
            config["fetch"] = ["timeoutSeconds": 5, "retries": 0]
        }
        return site
    }

    private func sourceEntry(_ site: TemporarySite, _ id: String) throws -> [String: Any] {
        let data = try Data(contentsOf: site.file("site.json"))
        let config = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sources = try #require(config["sources"] as? [[String: Any]])
        return try #require(sources.first { $0["id"] as? String == id }, "source \(id) in site.json")
    }

    @Test func addingATeaserFeedTurnsFullTextOnAndSaysSo() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try freshSite()
        defer { site.remove() }

        let added = try site.run("source", "add", server.url("/feed.xml"), "--id", "gazette", environment: Self.now)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(added.stdout.contains("""
            The feed gives only a teaser of each article (a sentence or two and a link), so full text is on for it ("fullText": "auto" in site.json)
            """), "stdout: \(added.stdout)")
        #expect(added.stdout.contains("To keep only the teasers: 'newsgen source set gazette full-text never'."))
        #expect(try sourceEntry(site, "gazette")["fullText"] as? String == "auto")
        // The archive records what the feed's text is: a teaser.
        let archived = try site.archivedArticles().filter { $0["sourceID"] as? String == "gazette" }
        #expect(archived.count == 3 && archived.allSatisfy { $0["feedText"] as? String == "teaser" })

        // The next build reads the pages: whole articles, nothing kept as a teaser, nothing to warn about.
        let built = try site.run("build", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr)")
        #expect(!built.stdout.contains("kept as teasers"), "stdout: \(built.stdout)")
        #expect(!built.stderr.contains("teaser"), "stderr: \(built.stderr)")
        #expect(try site.archivedArticles().filter { $0["sourceID"] as? String == "gazette" }.allSatisfy { $0["fullText"] != nil })
        #expect(!(try site.read("public/sources/index.html")).contains("source-teaser"))

        // A feed of whole articles is added as it is: no mode written, no word about teasers.
        let full = try site.run("source", "add", server.url("/full.xml"), "--id", "lifeboats", environment: Self.now)
        #expect(full.status == 0, "stderr: \(full.stderr)")
        #expect(!full.stdout.contains("teaser"), "stdout: \(full.stdout)")
        #expect(try sourceEntry(site, "lifeboats")["fullText"] == nil)
    }

    @Test func fullTextNeverKeepsItOffAndStillWarns() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try freshSite()
        defer { site.remove() }

        let added = try site.run("source", "add", server.url("/feed.xml"), "--id", "gazette", "--full-text", "never", environment: Self.now)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(added.stdout.contains("""
            warning: The feed gives only a teaser of each article (a sentence or two and a link) and full text is off, so the archive keeps only the teasers. \
            To keep whole articles: 'newsgen source set gazette full-text auto'.
            """), "stdout: \(added.stdout)")
        #expect(try sourceEntry(site, "gazette")["fullText"] as? String == "never")

        // Chosen in site.json: /sources/ marks the source, and the build does not say so again every hour.
        let built = try site.run("build", "--offline", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr)")
        #expect(!built.stdout.contains("teaser") && !built.stderr.contains("teaser"), "\(built.stdout)\(built.stderr)")
        let sources = try site.read("public/sources/index.html")
        #expect(sources.contains(#"<p class="status-reason" data-testid="source-teaser">Teasers only: this feed gives a sentence or two of each article and full text is off, so the archive keeps no more. To keep whole articles, run: <code>newsgen source set gazette full-text auto</code></p>"#), "sources: \(sources)")
    }

    /// A teaser source left on the site's default (`never`): every build names it with the one command, counts the
    /// articles kept as teasers, and `/sources/` marks it; once `source set` turns full text on, the pages are read,
    /// and the build counts those articles as updated, not unchanged.
    @Test func aBuildNamesTeaserSourcesAndCountsWhatFullTextUpdated() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try freshSite()
        defer { site.remove() }
        try site.editConfig { config in
            config["sources"] = [["id": "gazette", "url": server.url("/feed.xml")], ["id": "lifeboats", "url": server.url("/full.xml")]]
        }

        let first = try site.run("build", environment: Self.now)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout.contains("6 new, 0 updated, 0 unchanged"), "stdout: \(first.stdout)")
        #expect(first.stdout.contains("; 3 articles kept as teasers (the feed's sentence and a link)"), "stdout: \(first.stdout)")
        #expect(first.stdout.hasSuffix("""
            Source 'gazette' gives only a teaser of each article and full text is off, so the archive keeps a sentence and a link. \
            To keep whole articles: newsgen source set gazette full-text auto (or full-text never to keep the teasers and stop this note).

            """), "stdout: \(first.stdout)")
        #expect(try site.read("public/sources/index.html").components(separatedBy: "data-testid=\"source-teaser\"").count == 2)

        let set = try site.run("source", "set", "gazette", "full-text", "auto")
        #expect(set.status == 0, "stderr: \(set.stderr)")
        #expect(set.stdout == "Set full-text of 'gazette' to 'auto' in site.json. The next 'newsgen build' reads their articles' pages, 200 a build at most, politely.\n")

        let second = try site.run("build", environment: Self.now)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        // The three articles whose pages were read are updated; the two whole ones and the site's Markdown article are not.
        #expect(second.stdout.contains("0 new, 3 updated, 3 unchanged"), "stdout: \(second.stdout)")
        #expect(second.stdout.contains("full text: 3 read, 0 failed, 0 waiting for a later build"), "stdout: \(second.stdout)")
        #expect(!second.stdout.contains("kept as teasers"), "stdout: \(second.stdout)")
        #expect(!second.stdout.contains("teaser") && !second.stderr.contains("teaser"), "\(second.stdout)\(second.stderr)")
        #expect(!(try site.read("public/sources/index.html")).contains("source-teaser"))
    }

    @Test func importAndTheBuildNameTeaserSourcesWithOneCommand() throws {
        let server = try FullTextHTTPServer()
        defer { server.stop() }
        let site = try freshSite()
        defer { site.remove() }
        try site.write("subscriptions.opml", """
            <opml version="2.0"><body>
              <outline text="Gazette" xmlUrl="\(server.url("/feed.xml"))"/>
              <outline text="Robots" xmlUrl="\(server.url("/robots.xml"))"/>
              <outline text="Lifeboats" xmlUrl="\(server.url("/full.xml"))"/>
            </body></opml>
            """)
        let imported = try site.run("source", "import", "subscriptions.opml")
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("""
            2 sources (gazette, robots) give only a teaser of each article, and full text is off, so the archive would keep a sentence and a link. \
            To keep whole articles: newsgen source set gazette,robots full-text auto
            """), "stdout: \(imported.stdout)")

        let built = try site.run("build", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr)")
        #expect(built.stdout.contains("""
            2 sources (gazette, robots) give only a teaser of each article and full text is off, so the archive keeps a sentence and a link. \
            To keep whole articles: newsgen source set gazette,robots full-text auto (
            """), "stdout: \(built.stdout)")
        // The one command turns both on.
        let set = try site.run("source", "set", "gazette,robots", "full-text", "auto")
        #expect(set.status == 0, "stderr: \(set.stderr)")
        #expect(try sourceEntry(site, "gazette")["fullText"] as? String == "auto")
        #expect(try sourceEntry(site, "robots")["fullText"] as? String == "auto")
        #expect(try sourceEntry(site, "lifeboats")["fullText"] == nil)
    }

    @Test func sourceSetEditsInPlaceAndRefusesWhatItCannotTake() throws {
        let site = try TemporarySite.initialized(environment: Self.now)
        defer { site.remove() }
        let layout = """
            {
              "title": "Harbour Notes",
              "sources": [
                {"id": "gazette", "title": "Gazette", "url": "https://news.example/feed.xml"},
                { "id": "valley", "path": "content/feeds/valley.xml", "fullText": "always" }
              ],
              "pageSize": 20
            }

            """
        try site.write("site.json", layout)
        let set = try site.run("source", "set", "gazette", "title", "The Gazette")
        #expect(set.status == 0, "stderr: \(set.stderr)")
        #expect(set.stdout == "Set title of 'gazette' to 'The Gazette' in site.json.\n")
        #expect(try site.read("site.json") == layout.replacingOccurrences(of: #""title": "Gazette""#, with: #""title": "The Gazette""#))
        #expect(try site.run("source", "set", "valley", "category", "Local").status == 0)
        #expect(try site.run("source", "set", "valley", "full-text", "default").status == 0)
        #expect(try site.read("site.json").contains(#"{ "id": "valley", "path": "content/feeds/valley.xml", "category": "Local" }"#))

        let before = try site.read("site.json")
        let unknownKey = try site.run("source", "set", "gazette", "mode", "auto")
        #expect(unknownKey.status == 64)
        #expect(unknownKey.stderr.hasPrefix("error: source set: unknown key 'mode'; the keys are full-text, full-text.select, full-text.remove, title, category, url, path\n"))
        let badValue = try site.run("source", "set", "gazette", "full-text", "sometimes")
        #expect(badValue.status == 64)
        #expect(badValue.stderr.hasPrefix("error: source set: full-text takes never, auto, always, or default (take extract.fullText), not 'sometimes'\n"))
        let unknownID = try site.run("source", "set", "gazete", "full-text", "auto")
        #expect(unknownID.status == 1)
        #expect(unknownID.stderr == "error: site.json: has no source 'gazete' ('newsgen source list' shows them); nothing was changed\n")
        let wrongKind = try site.run("source", "set", "valley", "url", "https://valley.example/feed")
        #expect(wrongKind.status == 1)
        #expect(wrongKind.stderr == "error: site.json: source 'valley' is read from a path, so set path, not url; nothing was changed\n")
        #expect(try site.read("site.json") == before)

        let listed = try site.run("source", "list")
        #expect(listed.stdout == """
            2 sources in site.json:
              gazette  The Gazette  full-text never (default)  https://news.example/feed.xml
              valley   -            full-text never (default)  content/feeds/valley.xml  [Local]

            """)
        #expect(try site.run("source", "set", "gazette", "full-text", "always").status == 0)
        #expect(try site.run("source", "list").stdout.contains("  gazette  The Gazette  full-text always           https://news.example/feed.xml\n"))
    }
}
