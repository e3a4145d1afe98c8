import Foundation
import NewsgenTestSupport
import Testing

/// `newsgen source …` run as a user runs it: on a site `newsgen init` made, against a small web
/// site on 127.0.0.1 (`DiscoveryHTTPServer`).
@Suite("newsgen source, end to end", .serialized, .enabled(if: PythonHTTPServer.pythonAvailable))
struct SourceEndToEndTests {
    /// 2026-01-10T12:00:00Z.
    static let now = ["SOURCE_DATE_EPOCH": "1768046400"]

    /// A new site, as `newsgen init` makes it.
    private func freshSite() throws -> TemporarySite {
        try TemporarySite.initialized(environment: Self.now)
    }

    /// The fixture web site and a new site; the test stops and removes them.
    private func serverAndSite() throws -> (PythonHTTPServer, TemporarySite) {
        let server = try DiscoveryHTTPServer.start()
        do {
            return (server, try freshSite())
        } catch {
            server.stop()
            throw error
        }
    }

    private func add(_ site: TemporarySite, _ arguments: String...) throws -> ProcessResult {
        try Newsgen.run(["source", "add"] + arguments, in: site.directory, environment: Self.now)
    }

    /// site.json's text before and after the `sources` list.
    private func outsideSources(_ text: String) throws -> [String] {
        let open = try #require(text.range(of: "\"sources\": ["))
        var depth = 0
        for index in text[open.upperBound...].indices {
            switch text[index] {
            case "[": depth += 1
            case "]" where depth == 0: return [String(text[..<open.upperBound]), String(text[index...])]
            case "]": depth -= 1
            default: continue
            }
        }
        Issue.record("no end to the sources list")
        return []
    }

    @Test func aPageWithOneAlternateIsAddedFetchedAndBuiltOffline() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }
        let before = try site.read("site.json")

        let added = try add(site, server.url("/one.html"))
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(added.stdout == """
            Added source 'harbour-news' to site.json:
              title:  Harbour News
              feed:   \(server.url("/feeds/harbour.xml")) (RSS 2.0)
              items:  2 items, newest 2026-01-02T10:00:00Z
            Stored 2 articles in the archive: the next 'newsgen build' (even --offline) shows them.

            """)
        let after = try site.read("site.json")
        #expect(try outsideSources(after) == outsideSources(before))
        #expect(after.hasSuffix("""
              "sources": [
                { "id": "harbour-news", "title": "Harbour News", "url": "\(server.url("/feeds/harbour.xml"))" }
              ]
            }

            """), "site.json: \(after)")
        // The validators are kept for the next, conditional, fetch.
        let state = try site.read("content/archive/state.json")
        #expect(state.contains("v1-"), "state.json: \(state)")
        #expect(state.contains("Fri, 09 Jan 2026 08:00:00 GMT"))

        // The next online build asks with the validators add kept, and the server has nothing new.
        let online = try site.run("build", environment: Self.now)
        #expect(online.status == 0, "stderr: \(online.stderr)")
        #expect(String(decoding: try server.get("/_conditional"), as: UTF8.self) == "/feeds/harbour.xml")

        server.stop()
        let built = try site.run("build", "--offline", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr)")
        let index = try site.read("public/index.html")
        #expect(index.contains("Lantern walk"))
        #expect(index.contains("Bakery prize"))
    }

    @Test func threeAlternatesAskForPickAndPickTwoAddsTheSecond() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }
        let before = try site.read("site.json")

        let asked = try add(site, server.url("/three.html"))
        #expect(asked.status == 64)
        #expect(asked.stdout == """
            \(server.url("/three.html")) offers 3 feeds:
              1. "Harbour News" \(server.url("/feeds/harbour.xml")) (application/rss+xml)
              2. "Valley Atom" \(server.url("/feeds/valley.atom")) (application/atom+xml)
              3. "Valley JSON" \(server.url("/feeds/valley.json")) (application/feed+json)
            Nothing was added. Run again with --pick N to add one, e.g. 'newsgen source add \(server.url("/three.html")) --pick 1'.

            """)
        #expect(try site.read("site.json") == before)

        let picked = try add(site, server.url("/three.html"), "--pick", "2", "--full-text", "auto")
        #expect(picked.status == 0, "stderr: \(picked.stderr)")
        #expect(picked.stdout.contains("Added source 'valley-atom'"))
        #expect(picked.stdout.contains("(Atom 1.0)"))
        #expect(try site.read("site.json").contains(#"{ "id": "valley-atom", "title": "Valley Atom", "url": "\#(server.url("/feeds/valley.atom"))", "fullText": "auto" }"#))

        let json = try add(site, server.url("/three.html"), "--pick", "3")
        #expect(json.stdout.contains("(JSON Feed 1.1)"), "stderr: \(json.stderr)")
        #expect(try add(site, server.url("/three.html"), "--pick", "zero").status == 64)
        #expect(try add(site, server.url("/three.html"), "--full-text", "sometimes").status == 64)
    }

    /// A --pick past the page's feeds is a usage error (exit 64) that names the numbers it takes; nothing is added.
    @Test func aPickPastThePagesFeedsIsAUsageErrorNamingTheRange() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }
        let before = try site.read("site.json")

        let tooFar = try add(site, server.url("/three.html"), "--pick", "5")
        #expect(tooFar.status == 64)
        #expect(tooFar.stderr == """
            error: --pick 5: the page \(server.url("/three.html")) offers 3 feeds, so --pick takes a number from 1 to 3; nothing was added
            Run 'newsgen help source' for usage.

            """)
        let one = try add(site, server.url("/one.html"), "--pick", "2")
        #expect(one.status == 64)
        #expect(one.stderr.hasPrefix("error: --pick 2: the page \(server.url("/one.html")) offers one feed, so --pick can only be 1; nothing was added\n"))
        #expect(try site.read("site.json") == before)
    }

    @Test func aPageWithNoAlternateFindsFeedXMLAndARedirectedPageResolvesAgainstItsNewAddress() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }

        let none = try add(site, server.url("/none.html"))
        #expect(none.status == 0, "stderr: \(none.stderr)")
        #expect(none.stdout.contains("Added source 'root-feed'"))
        #expect(none.stdout.contains("feed:   \(server.url("/feed.xml")) (RSS 2.0)"))
        #expect(none.stdout.contains("3 items"))

        let redirected = try add(site, server.url("/old/page"))
        #expect(redirected.status == 0, "stderr: \(redirected.stderr)")
        #expect(redirected.stdout.contains("feed:   \(server.url("/site/feed/")) (RSS 2.0)"))
        #expect(redirected.stdout.contains("Added source 'moved-page-feed'"))
    }

    @Test func aFeedGivenDirectlyIsAddedOnceAndADuplicateIsRefusedNamingTheSource() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }

        let direct = try add(site, server.url("/feeds/harbour.xml"), "--id", "harbour", "--title", "The Harbour")
        #expect(direct.status == 0, "stderr: \(direct.stderr)")
        #expect(direct.stdout.hasPrefix("Added source 'harbour' to site.json:\n  title:  The Harbour\n"))
        let saved = try site.read("site.json")

        // The same feed, through a permanent redirect, and through its page.
        for url in [server.url("/moved.xml"), server.url("/one.html"), server.url("/feeds/harbour.xml")] {
            let again = try add(site, url)
            #expect(again.status == 1)
            #expect(again.stderr == "error: \(server.url("/feeds/harbour.xml")) is already a source: 'harbour' (\(server.url("/feeds/harbour.xml"))); nothing was added\n")
        }
        let sameID = try add(site, server.url("/feeds/valley.atom"), "--id", "harbour")
        #expect(sameID.status == 1)
        #expect(sameID.stderr.contains("--id harbour: there is already a source 'harbour'"))
        #expect(try site.read("site.json") == saved)
    }

    @Test func theSampleSitesOneLineObjectsAndPathSourcesStayAsWritten() throws {
        let server = try DiscoveryHTTPServer.start()
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let before = try site.read("site.json")

        let added = try add(site, server.url("/feeds/valley.json"))
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let after = try site.read("site.json")
        let line = #"    { "id": "bay-weekly", "title": "Bay Weekly", "path": "content/feeds/bay-weekly.xml", "fullText": "always" }"#
        #expect(after == before.replacingOccurrences(of: line, with: line + ",\n" + #"    { "id": "valley-json", "title": "Valley JSON", "url": "\#(server.url("/feeds/valley.json"))" }"#))
        #expect(after != before)
        let built = try site.run("build", "--offline", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr)")
        // Older than the sample's articles, so not on the first page, but published.
        #expect(try site.read("public/articles/json-one/index.html").contains("Json one"))
    }

    @Test func aPageThatIsNotHTMLNorAFeedIsAClearError() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }
        let before = try site.read("site.json")

        let picture = try add(site, server.url("/picture.png"))
        #expect(picture.status == 1)
        #expect(picture.stderr.hasPrefix("error: \(server.url("/picture.png")) is neither a feed nor a web page (it is image/png; as a feed: "))
        let missing = try add(site, server.url("/gone"))
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("404"), "stderr: \(missing.stderr)")
        #expect(try site.read("site.json") == before)
    }

    @Test func removeIsRefusedWhileTheArchiveHoldsArticlesThenKeepsOrPurges() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }
        #expect(try add(site, server.url("/feeds/harbour.xml")).status == 0)
        #expect(try add(site, server.url("/feed.xml")).status == 0)
        server.stop()

        let listed = try site.run("source", "list")
        #expect(listed.stdout == """
            2 sources in site.json:
              harbour-news  Harbour News  full-text never (default)  \(server.url("/feeds/harbour.xml"))
              root-feed     Root Feed     full-text never (default)  \(server.url("/feed.xml"))

            """)

        let refused = try site.run("source", "remove", "harbour-news")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("source 'harbour-news' still has 2 articles in the archive (content/archive); nothing was changed"))
        #expect(try site.run("source", "remove", "harbour-new", "--purge").stderr.contains("(did you mean 'harbour-news'?)"))
        #expect(try site.run("source", "remove", "harbour-news", "--purge", "--keep-archive").status == 64)

        let kept = try site.run("source", "remove", "harbour-news", "--keep-archive")
        #expect(kept.status == 0, "stderr: \(kept.stderr)")
        #expect(kept.stdout == "Removed source 'harbour-news' from site.json; its 2 articles stay in the archive, shown under 'Harbour News'.\n")
        #expect(try site.archivedArticles().filter { $0["sourceID"] as? String == "harbour-news" }.count == 2)
        let built = try site.run("build", "--offline", environment: Self.now)
        #expect(built.status == 0, "stderr: \(built.stderr)")
        #expect(try site.read("public/index.html").contains("Lantern walk"))
        // The removed source keeps its title on its rows and its page, not its bare id (ADR 061).
        #expect(try site.read("public/index.html").contains(">Harbour News</a>"))
        #expect(try site.read("public/sources/harbour-news/index.html").contains("<title>Harbour News"))
        #expect(try site.read("content/archive/harbour-news/source.json").contains("\"title\": \"Harbour News\""))

        // A bookmarked article stays through --purge, and the output says so.
        let bookmarked = try site.run("bookmark", "add", "/articles/root-one/", environment: Self.now)
        #expect(bookmarked.status == 0, "stderr: \(bookmarked.stderr)")
        let purged = try site.run("source", "remove", "root-feed", "--purge")
        #expect(purged.status == 0, "stderr: \(purged.stderr)")
        #expect(purged.stdout == "Removed source 'root-feed' from site.json; 2 articles left the archive. 1 bookmarked article stayed "
                + "(remove the bookmark, then 'newsgen archive remove', to take one out).\n")
        #expect(try site.archivedArticles().filter { $0["sourceID"] as? String == "root-feed" }.compactMap { $0["title"] as? String } == ["Root one"])
        #expect(try site.run("source", "list").stdout == "No sources in site.json yet; add one with 'newsgen source add URL'.\n")
        #expect(try site.read("site.json").contains("\"sources\": []\n}"))
    }

    /// Every change takes the build lock: while a build holds it, add, remove and import exit 1 and
    /// leave site.json and the archive alone; list, export and import --dry-run only read.
    @Test func changesWaitForNoBuildButReadingDoesNot() throws {
        let (server, site) = try serverAndSite()
        defer { server.stop(); site.remove() }
        #expect(try add(site, server.url("/feed.xml")).status == 0)
        try site.write("one.opml", #"<opml version="2.0"><body><outline text="x" xmlUrl="https://x.example/feed"/></body></opml>"#)
        let before = try site.read("site.json")
        let articles = try site.archivedArticles().count
        let descriptor = open(site.file(".newsgen/build.lock").path, O_RDWR | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let busy = "error: another newsgen build or edit is running in \(site.directory.path) (lock .newsgen/build.lock)\n"
        for arguments in [["add", server.url("/feeds/harbour.xml")], ["remove", "root-feed", "--purge"], ["import", "one.opml", "--no-check"]] {
            let refused = try Newsgen.run(["source"] + arguments, in: site.directory)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr == busy, "\(arguments)")
        }
        #expect(try site.read("site.json") == before)
        #expect(try site.archivedArticles().count == articles)
        for arguments in [["list"], ["export"], ["import", "one.opml", "--dry-run", "--no-check"]] {
            #expect(try Newsgen.run(["source"] + arguments, in: site.directory).status == 0, "\(arguments)")
        }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        #expect(try site.run("source", "import", "one.opml", "--no-check").status == 0)
    }

    /// 60 feed outlines: 50 in 5 folders, 6 at the top level, 3 repeated, one broken.
    static func subscriptions() -> String {
        var lines = [#"<?xml version="1.0" encoding="utf-8"?>"#, #"<opml version="2.0">"#, "<head><title>My reader</title></head>", "<body>"]
        for folder in 0..<5 {
            lines.append(#"<outline text="Folder \#(folder)" title="Folder \#(folder)">"#)
            for feed in 0..<10 {
                lines.append(#"  <outline type="rss" text="Feed \#(folder)-\#(feed)" xmlUrl="https://feeds.example.org/\#(folder)/\#(feed).xml"/>"#)
            }
            lines.append("</outline>")
        }
        for feed in 0..<6 {
            lines.append(#"<outline type="rss" text="Loose \#(feed) &amp; co" xmlUrl="https://loose.example.org/\#(feed)"/>"#)
        }
        lines.append(#"<outline type="rss" text="Again" xmlUrl="https://feeds.example.org/0/0.xml"/>"#)
        lines.append(#"<outline type="rss" text="Again too" xmlUrl="HTTPS://FEEDS.example.org:443/1/1.xml"/>"#)
        lines.append(#"<outline type="rss" text="Harbour" xmlUrl="https://example.org/feeds/harbour.xml"/>"#)
        lines.append(#"<outline type="rss" text="Broken" xmlUrl="not a url"/>"#)
        lines += ["</body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func importAddsSixtyOutlinesInOneWriteSkippingDuplicatesWithTheirLines() throws {
        let site = try freshSite()
        defer { site.remove() }
        try site.editConfigKeepingLayout(adding: #"{ "id": "harbour", "title": "Harbour", "url": "https://example.org/feeds/harbour.xml" }"#)
        try site.write("subscriptions.opml", Self.subscriptions())
        let before = try site.read("site.json")

        let dry = try site.run("source", "import", "subscriptions.opml", "--dry-run", "--no-check")
        #expect(dry.status == 0, "stderr: \(dry.stderr)")
        #expect(dry.stdout.hasPrefix("Would add 56 sources from subscriptions.opml to site.json (--dry-run: nothing was written):\n"))
        #expect(try site.read("site.json") == before)

        let imported = try site.run("source", "import", "subscriptions.opml", "--no-check")
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Added 56 sources from subscriptions.opml to site.json:\n"))
        #expect(imported.stdout.contains("  + feed-0-0        https://feeds.example.org/0/0.xml  [Folder 0]\n"))
        #expect(imported.stdout.contains("  + loose-5-and-co  https://loose.example.org/5\n"))
        #expect(imported.stdout.contains("""
            Skipped 3 duplicates:
              line 71: https://feeds.example.org/0/0.xml is already in the file, on line 6 ('feed-0-0')
              line 72: HTTPS://FEEDS.example.org:443/1/1.xml is already in the file, on line 19 ('feed-1-1')
              line 73: https://example.org/feeds/harbour.xml is already a source: 'harbour'
            Left out, 1 problem:
              line 74:
            """), "stdout: \(imported.stdout)")
        let after = try site.read("site.json")
        #expect(try outsideSources(after) == outsideSources(before))
        #expect(after.contains(#"{ "id": "feed-4-9", "title": "Feed 4-9", "url": "https://feeds.example.org/4/9.xml", "category": "Folder 4" }"#))

        // Importing again adds nothing: every feed is a duplicate now.
        let again = try site.run("source", "import", "subscriptions.opml", "--no-check")
        #expect(again.stdout.hasPrefix("Added 0 sources from subscriptions.opml to site.json.\n"))
        #expect(try site.read("site.json") == after)

        // export → import on another site gives the same sources, folders and all.
        let exported = try site.run("source", "export")
        #expect(exported.status == 0)
        #expect(exported.stdout.hasPrefix(#"<?xml version="1.0" encoding="utf-8"?>"# + "\n" + #"<opml version="2.0">"#))
        let other = try freshSite()
        defer { other.remove() }
        try other.write("export.opml", exported.stdout)
        let reimported = try other.run("source", "import", "export.opml", "--no-check")
        #expect(reimported.status == 0, "stderr: \(reimported.stderr)")
        #expect(reimported.stdout.hasPrefix("Added 57 sources from export.opml to site.json:\n"))
        // Folders come after the sources without one in OPML, so the order differs; the sources do not.
        let lines = { (site: TemporarySite) throws in try site.run("source", "list").stdout.split(separator: "\n").sorted() }
        #expect(try lines(site).contains { $0.split(separator: " ") == ["feed-4-9", "Feed", "4-9", "full-text", "never", "(default)", "https://feeds.example.org/4/9.xml", "[Folder", "4]"] })
        #expect(try lines(other) == lines(site))
    }
}

extension TemporarySite {
    /// Puts `object` first in site.json's empty `sources` list, keeping the rest of the file as written.
    func editConfigKeepingLayout(adding object: String) throws {
        let text = try read("site.json")
        try write("site.json", text.replacingOccurrences(of: "\"sources\": []", with: "\"sources\": [\n    \(object)\n  ]"))
    }
}
