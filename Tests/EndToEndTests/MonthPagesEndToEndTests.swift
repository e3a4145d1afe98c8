import Foundation
import Testing

/// ADR 028's bound, on a real build: lists by month, so an article that arrives (or has an old date, or is
/// taken down) re-renders a fixed number of list pages, however large the archive. A site of 300 articles over 30 months (pageSize 10) is built, one
/// article is added and the site built again; the build record's page keys say which pages were made anew.
@Suite("Lists by month, end to end", .serialized)
struct MonthPagesEndToEndTests {
    static let day: TimeInterval = 86_400
    /// 2026-11-28T12:00:00Z: the wire's newest story; the others go back three days each.
    static let newestWireStory = Date(timeIntervalSince1970: 1_795_867_200)
    static let tags = ["alpha", "beta", "gamma", "delta"]

    struct Story {
        var number: Int
        var date: Date
        var tag: String
    }

    static func rss(_ stories: [Story]) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let items = stories.map { story in
            """
                <item><title>Wire story \(story.number)</title><link>https://wire.example/\(story.number)</link>
                  <guid>wire-\(story.number)</guid><pubDate>\(formatter.string(from: story.date))</pubDate>
                  <category>\(story.tag)</category><description>Story \(story.number) of the wire.</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>The Wire</title><link>https://wire.example/</link><description>Wire</description>
            \(items.joined(separator: "\n"))
            </channel></rss>

            """
    }

    /// Each page's key from `.newsgen/last-build.json`, by output path (read as text: the keys are 64-bit).
    static func pageKeys(_ site: TemporarySite) throws -> [String: String] {
        let text = try site.read(".newsgen/last-build.json").replacingOccurrences(of: "\\/", with: "/")
        let pattern = try NSRegularExpression(pattern: #""([^"]+\.html)":([0-9]+)"#)
        var keys: [String: String] = [:]
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            keys[String(text[Range(match.range(at: 1), in: text)!])] = String(text[Range(match.range(at: 2), in: text)!])
        }
        return keys
    }

    /// The month pages of the list whose months live under `prefix` (`archive/`, `sources/wire/`, `tags/beta/`), as `yyyy/mm`.
    static func months(under prefix: String, in keys: [String: String]) -> [String] {
        keys.keys.compactMap { path -> String? in
            guard path.hasPrefix(prefix), path.hasSuffix("/index.html") else { return nil }
            let rest = path.dropFirst(prefix.count).dropLast("/index.html".count)
            let parts = rest.split(separator: "/")
            guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
            return String(rest)
        }.sorted()
    }

    /// The pages the last build made anew (a key it did not have before, or a new page), and the number the build said it rendered.
    static func rebuild(_ site: TemporarySite, before: [String: String], gone: Set<String> = []) throws
        -> (changed: Set<String>, after: [String: String], rendered: Int) {
        let run = try site.run("build", "--offline", "--verbose")
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("Pages: ") })
        let rendered = try #require(line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.first)
        let after = try pageKeys(site)
        #expect(Set(before.keys).subtracting(after.keys) == gone, "pages that went away")
        return (Set(after.filter { before[$0.key] != $0.value }.keys), after, rendered)
    }

    @Test func anArticleRerendersABoundedNumberOfListPages() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { config in
            config["pageSize"] = 10
            var sources = config["sources"] as! [[String: Any]]
            sources.append(["id": "wire", "title": "The Wire", "path": "content/feeds/wire.xml"])
            config["sources"] = sources
        }
        var stories = (0..<300).map { n in
            Story(number: n, date: Self.newestWireStory.addingTimeInterval(-Double(n) * 3 * Self.day), tag: Self.tags[n % 4])
        }
        try site.write("content/feeds/wire.xml", Self.rss(stories))
        #expect(try site.run("build", "--offline").status == 0)
        let first = try Self.pageKeys(site)
        #expect(first.count > 500, "\(first.count) pages")
        #expect(Self.months(under: "sources/wire/", in: first).count >= 30)

        // The next hour: one story, the newest of the wire, in a month every list it is in has already.
        stories.insert(Story(number: 300, date: Self.newestWireStory.addingTimeInterval(18 * 3600), tag: "alpha"), at: 0)
        try site.write("content/feeds/wire.xml", Self.rss(stories))
        let next = try Self.rebuild(site, before: first)
        let redirects = Set(next.after.keys).subtracting(first.keys).filter { !$0.hasPrefix("articles/") }
        #expect(redirects.allSatisfy { $0.contains("/page/") } && redirects.count <= 3, "\(redirects.sorted())")
        let expected = Set(["index.html", "archive/index.html", "archive/2026/11/index.html",
                            "sources/wire/index.html", "sources/wire/2026/11/index.html",
                            "tags/alpha/index.html", "tags/alpha/2026/11/index.html"]).union(redirects)
        let lists = next.changed.filter { !$0.hasPrefix("articles/") }
        #expect(lists == expected, "re-rendered list pages: \(lists.sorted())")
        // The article's own page and its two neighbours in the home order.
        let articles = next.changed.filter { $0.hasPrefix("articles/") }
        #expect(articles.contains("articles/wire-story-300/index.html") && articles.count == 3, "\(articles.sorted())")
        #expect(next.rendered == next.changed.count)

        // An item with an old date, in a month no list had: its month page in each of its lists, their
        // front pages and /archive/, and the pages of the months either side of it in each list (their links).
        stories.append(Story(number: 301, date: Date(timeIntervalSince1970: 1_552_608_000), tag: "beta"))  // 2019-03-15
        try site.write("content/feeds/wire.xml", Self.rss(stories))
        let old = try Self.rebuild(site, before: next.after)
        var expectedOld: Set<String> = ["archive/index.html"]
        for (front, prefix) in [("index.html", "archive/"), ("sources/wire/index.html", "sources/wire/"), ("tags/beta/index.html", "tags/beta/")] {
            let months = Self.months(under: prefix, in: next.after)
            expectedOld.insert(front)
            expectedOld.insert(prefix + "2019/03/index.html")
            if let newer = months.first(where: { $0 > "2019/03" }) { expectedOld.insert(prefix + newer + "/index.html") }
            if let older = months.last(where: { $0 < "2019/03" }) { expectedOld.insert(prefix + older + "/index.html") }
        }
        expectedOld.formUnion(Set(old.after.keys).subtracting(next.after.keys).filter { $0.contains("/page/") })
        let oldLists = old.changed.filter { !$0.hasPrefix("articles/") }
        #expect(oldLists == expectedOld, "re-rendered list pages: \(oldLists.sorted())")
        #expect(old.changed.filter { $0.hasPrefix("articles/") }.count <= 3)
        #expect(old.changed.count < 20 && old.after.count > 500)

        // A takedown of a story in the middle of the archive (its month keeps others): its month's page and the
        // front page in each of its lists, /archive/ (counts), and its neighbours' article pages.
        let story = stories.first { $0.number == 150 }!
        #expect(try site.run("archive", "remove", "/articles/wire-story-150/", "--reason", "test").status == 0)
        let month = Self.utcMonth(story.date)
        let takenDown = try Self.rebuild(site, before: old.after, gone: ["articles/wire-story-150/index.html"])
        let expectedTakedown: Set<String> = ["archive/index.html", "index.html", "archive/\(month)/index.html",
                                             "sources/wire/index.html", "sources/wire/\(month)/index.html",
                                             "tags/\(story.tag)/index.html", "tags/\(story.tag)/\(month)/index.html"]
        #expect(takenDown.changed.filter { !$0.hasPrefix("articles/") } == expectedTakedown,
                "re-rendered list pages: \(takenDown.changed.sorted())")
        #expect(takenDown.changed.filter { $0.hasPrefix("articles/") }.count == 2)

        // The pages kept are the ones a build from scratch makes.
        let fresh = try TemporarySite.sample()
        defer { fresh.remove() }
        try FileManager.default.removeItem(at: fresh.file("content"))
        try FileManager.default.copyItem(at: site.file("content"), to: fresh.file("content"))
        try FileManager.default.removeItem(at: fresh.file("site.json"))
        try FileManager.default.copyItem(at: site.file("site.json"), to: fresh.file("site.json"))
        #expect(try fresh.run("build", "--offline").status == 0)
        #expect(try fresh.snapshot() == site.snapshot())
    }

    /// `yyyy/mm` of a date in UTC.
    static func utcMonth(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d/%02d", parts.year!, parts.month!)
    }

    /// Every old numbered path answers with a page that sends the reader on, and the sitemap lists the months, not them.
    @Test func oldNumberedPagesRedirectAndTheSitemapListsTheMonths() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["pageSize"] = 2 }
        #expect(try site.run("build", "--offline").status == 0)
        let files = try site.snapshot()
        let text = { (path: String) in String(decoding: try #require(files[path], "\(path) was not built"), as: UTF8.self) }
        let page = try text("page/2/index.html")
        for part in [#"<meta http-equiv="refresh" content="0; url=../../archive/">"#, #"<meta name="robots" content="noindex">"#,
                     #"<link rel="canonical" href="https://news.example.org/archive/">"#,
                     #"<a href="../../archive/" data-testid="redirect-link">"#, #"<meta http-equiv="Content-Security-Policy""#] {
            #expect(page.contains(part), "\(part)")
        }
        // 21 articles, 2 a page: the old pagination had 11 pages.
        #expect(files["page/11/index.html"] != nil && files["page/12/index.html"] == nil)
        #expect(try text("sources/harbor-gazette/page/2/index.html").contains(#"url=../../">"#))
        let sitemap = try text("sitemap.xml")
        #expect(sitemap.contains("<loc>https://news.example.org/archive/2026/11/</loc>"))
        #expect(sitemap.contains("<loc>https://news.example.org/sources/harbor-gazette/2026/11/</loc>"))
        #expect(!sitemap.contains("/page/"))
    }
}
