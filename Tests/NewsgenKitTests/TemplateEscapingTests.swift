import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The real theme (templates/) rendered with a hostile string in every text
/// value a template receives: nothing may come out unescaped, no link may
/// carry a script URL, and every page carries the Content-Security-Policy.
@Suite("Template escaping")
struct TemplateEscapingTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A value that breaks out of text and of either kind of quoted attribute
    /// when it is not escaped; `field` says where it was put.
    static func hostile(_ field: String) -> String {
        "\"'><i data-probe=\"\(field)\">&amp;</i><script>alert(1)</script>"
    }

    /// How `hostile(field)` reads once escaped by `{{…}}`.
    static func escaped(_ field: String) -> String {
        "&quot;&#39;&gt;&lt;i data-probe=&quot;\(field)&quot;&gt;&amp;amp;&lt;/i&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
    }

    static let fields = [
        "site-title", "site-language", "base-url", "article-title", "article-author", "tag", "source-title",
        "feed-source-title", "note", "orphan-title", "orphan-note", "summary",
        "status-title", "status-location", "status-reason", "skipped-reason",
    ]

    static func render(embedHosts: [String] = []) throws -> [String: String] {
        var config = SiteConfig(title: hostile("site-title"), sources: [SourceConfig(id: "news", location: .url(URL(string: "https://news.example/feed")!)),
                                                                        SourceConfig(id: "feed", location: .file("feeds/a.xml"))])
        config.language = hostile("site-language")
        config.baseURL = "https://news.example.org/" + hostile("base-url") + "/"
        config.timeZone = hostile("time-zone")
        config.pageSize = 1
        config.embeds.allow = embedHosts
        let day: TimeInterval = 86_400
        let articles = [
            Article(id: "0000000000000001", slug: "hostile", sourceID: "news", title: hostile("article-title"),
                    link: "javascript:alert('original')", author: hostile("article-author"), published: Date(timeIntervalSince1970: 2 * day),
                    summaryHTML: "<p>" + HTMLEscapeForTest.text(hostile("summary")) + "</p>",
                    contentHTML: #"<p onclick="alert(1)">Body <a href="javascript:alert(1)">link</a><img src=x onerror=alert(1)></p><iframe src="https://player.vimeo.com/video/1"></iframe>"#,
                    tags: [hostile("tag")]),
            Article(id: "0000000000000002", slug: "plain", sourceID: "feed", title: "Plain", link: "https://publisher.example/plain",
                    published: Date(timeIntervalSince1970: day), contentHTML: "<p>Plain</p>"),
        ]
        let bookmarks = BookmarkManifest(bookmarks: [
            Bookmark(id: "0000000000000001", added: Date(timeIntervalSince1970: 10 * day), title: "x", note: hostile("note")),
            Bookmark(id: "ffffffffffffffff", added: Date(timeIntervalSince1970: 11 * day), title: hostile("orphan-title"),
                     url: "javascript:alert('bookmark')", note: hostile("orphan-note")),
        ])
        let input = RenderInput(
            config: config,
            templates: try Templates.load(from: root.appendingPathComponent("templates"), shownAs: "templates"),
            articles: articles.map { PreparedArticle($0, embedHosts: embedHosts) },
            sources: [
                "news": SourceInfo(id: "news", title: hostile("source-title"), url: "javascript:alert('source')"),
                "feed": SourceInfo(id: "feed", title: hostile("feed-source-title"), url: "vbscript:x"),
            ],
            bookmarks: bookmarks,
            sourceStatuses: [
                SourceStatus(id: "news", title: hostile("status-title"), location: hostile("status-location"), isURL: true,
                             outcome: .failed(reason: SourceReason(.httpStatus, ["address": hostile("status-reason"), "status": "404"], text: "failed")),
                             failures: 2, nextAttempt: Date(timeIntervalSince1970: 3 * day)),
                SourceStatus(id: "feed", title: "Feed", location: "feeds/a.xml", isURL: false, outcome: .skipped(reason: SourceReason(.fileUnreadable, ["path": hostile("skipped-reason")], text: "skipped"))),
            ])
        let files = try SiteRenderer(input).render()
        return Dictionary(files.filter { $0.path.hasSuffix(".html") || $0.path == "search/index.json" }.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) },
                          uniquingKeysWith: { first, _ in first })
    }

    /// The one script the theme loads, on the search page only: a file of the site's own, never inline.
    static let searchScript = #"<script src="../assets/search.js" defer></script>"#

    /// The tag page of the hostile tag.
    static let hostileTagPage = "tags/i-data-probe-tag-andamp-i-script-alert-1-script/index.html"

    @Test func nothingHostileComesOutUnescaped() throws {
        var pages = try Self.render()
        let index = try #require(pages["search/index.json"])
        pages["search/index.json"] = nil
        #expect(!index.contains("<") && !index.contains(">") && index.contains("data-probe"))
        let hostileTagMonth = Self.hostileTagPage.replacingOccurrences(of: "index.html", with: "1970/01/index.html")
        #expect(pages.keys.sorted() == ["404.html", "archive/1970/01/index.html", "archive/index.html", "articles/hostile/index.html",
                                        "articles/plain/index.html", "bookmarks/index.html",
                                        "bookmarks/page/2/index.html", "index.html", "page/2/index.html", "search/index.html",
                                        "sources/feed/1970/01/index.html", "sources/feed/index.html", "sources/index.html",
                                        "sources/news/1970/01/index.html", "sources/news/index.html", hostileTagMonth, Self.hostileTagPage])
        let search = try #require(pages["search/index.html"])
        #expect(search.components(separatedBy: Self.searchScript).count == 2)
        pages["search/index.html"] = search.replacingOccurrences(of: Self.searchScript, with: "")
        for (path, html) in pages {
            #expect(!html.contains("<i data-probe"), "\(path)")
            #expect(!html.contains("<script"), "\(path)")
            #expect(!html.contains("javascript:") && !html.contains("vbscript:"), "\(path)")
            #expect(UnsafeMarkup.findings(in: html) == [], "\(path)")
        }
        let all = pages.values.joined()
        for field in Self.fields {
            #expect(all.contains(Self.escaped(field)), "\(field) was not rendered escaped")
        }
        // The new pages show the hostile source title and tag, escaped.
        for (path, field) in [("sources/news/index.html", "source-title"), ("sources/index.html", "status-title"),
                              (Self.hostileTagPage, "tag"), ("search/index.html", "tag"), ("articles/plain/index.html", "article-title")] {
            #expect(pages[path]?.contains(Self.escaped(field)) == true, "\(path): \(field)")
        }
    }

    @Test func scriptLinksFromFeedsAndBookmarksAreLeftOut() throws {
        let pages = try Self.render()
        let hostile = try #require(pages["articles/hostile/index.html"])
        #expect(!hostile.contains("Read the original"))
        #expect(hostile.contains(#"<span class="meta-source"><a href="../../sources/news/" data-testid="article-source">"#
                                 + Self.escaped("source-title") + "</a></span>"))
        #expect(pages["sources/news/index.html"]?.contains("data-testid=\"source-site\"") == false)
        #expect(pages["sources/feed/index.html"]?.contains("data-testid=\"source-site\"") == false)
        #expect(pages["articles/plain/index.html"]?.contains(#"<a class="button" href="https://publisher.example/plain">Read the original"#) == true)
        #expect(pages["bookmarks/index.html"]?.contains(#"<a class="row-link" href="" data-testid="article-link">"#) == true)
    }

    @Test func everyPageCarriesThePolicyBeforeAnythingItGoverns() throws {
        let pages = try Self.render()
        let meta = #"<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;self&#39;; style-src &#39;self&#39;; img-src &#39;self&#39;; media-src &#39;self&#39; https: http:; font-src &#39;self&#39;; connect-src &#39;self&#39;; frame-src &#39;none&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;">"#
        for (path, html) in pages where path.hasSuffix(".html") {
            #expect(html.components(separatedBy: "Content-Security-Policy").count == 2, "\(path)")
            #expect(html.contains("<meta charset=\"utf-8\">\n" + meta + "\n"), "\(path)")
            let policy = try #require(html.range(of: meta))
            for governed in ["<link", "<img", "<iframe", "<a ", "<base", "<script"] {
                if let first = html.range(of: governed) { #expect(policy.lowerBound < first.lowerBound, "\(path): \(governed)") }
            }
        }
        // Without embed hosts the article keeps no iframe.
        #expect(pages["articles/hostile/index.html"]?.contains("<iframe") == false)
    }

    @Test func embedHostsAreTheOnlyFrameSources() throws {
        let pages = try Self.render(embedHosts: ["player.vimeo.com", "youtube-nocookie.com"])
        let html = try #require(pages["articles/hostile/index.html"])
        #expect(html.contains("frame-src https://player.vimeo.com https://*.player.vimeo.com https://youtube-nocookie.com https://*.youtube-nocookie.com; "))
        #expect(html.contains(#"<iframe src="https://player.vimeo.com/video/1" title="Embedded content from player.vimeo.com" sandbox="allow-scripts allow-same-origin allow-presentation" allowfullscreen="" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>"#))
    }

    @Test func thePolicyIsComputedFromTheConfiguration() {
        #expect(ContentSecurityPolicy.make(embedHosts: [])
            == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self' https: http:; font-src 'self'; connect-src 'self'; frame-src 'none'; base-uri 'none'; form-action 'none'")
        let policy = ContentSecurityPolicy.make(embedHosts: ["Player.Vimeo.com", "player.vimeo.com", "https://evil.example", "*.evil.example"])
        #expect(policy.contains("; frame-src https://player.vimeo.com https://*.player.vimeo.com; "))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval") && !policy.contains("evil"))
    }

    /// Only the three documented HTML values are written raw; every other interpolation is `{{name}}`.
    @Test func onlyTheDocumentedHTMLValuesAreUnescaped() throws {
        let folder = Self.root.appendingPathComponent("templates")
        var raw: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            var rest = Substring(text)
            while let open = rest.range(of: "{{{") {
                let after = rest[open.upperBound...]
                guard let close = after.range(of: "}}}") else { break }
                raw.insert(after[..<close.lowerBound].trimmingCharacters(in: .whitespaces))
                rest = after[close.upperBound...]
            }
            #expect(!text.contains("{{&"), "\(name) uses {{& …}}")
            #expect(!text.contains("{{="), "\(name) changes delimiters")
        }
        #expect(raw == ["content", "contentHTML", "summaryHTML"])
    }
}

/// The test's own escaping for building hostile HTML input (not the code under test).
enum HTMLEscapeForTest {
    static func text(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// `embeds.allow` from site.json reaches the sanitizer and the policy in a real build.
@Suite("Embeds in a build")
struct EmbedBuildTests {
    @Test func aBuildKeepsAllowedEmbedsOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("embeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TemplateEscapingTests.root.appendingPathComponent("templates"),
                                         to: folder.appendingPathComponent("templates"))
        try Data(#"{"title": "Bay", "sources": [{"id": "news", "path": "feeds/news.xml"}], "embeds": {"allow": ["youtube-nocookie.com"]}}"#.utf8)
            .write(to: folder.appendingPathComponent("site.json"))
        let body = #"<p>Watch</p><iframe src="https://www.youtube-nocookie.com/embed/x1" width="560" height="315"></iframe><iframe src="https://player.vimeo.com/video/2"></iframe>"#
        let feed = """
        <rss version="2.0"><channel><title>News</title><link>https://news.example.org/</link>
        <item><title>Video</title><link>https://news.example.org/video</link><description>\(HTMLEscapeForTest.text(body))</description></item>
        </channel></rss>
        """
        try Data(feed.utf8).write(to: folder.appendingPathComponent("feeds/news.xml"))

        let site = try Site.load(from: folder)
        _ = try SiteBuilder.build(site, options: BuildOptions(output: folder.appendingPathComponent("public"), offline: true))
        let page = try String(contentsOf: folder.appendingPathComponent("public/articles/video/index.html"), encoding: .utf8)
        #expect(page.contains(#"<p>Watch</p><iframe src="https://www.youtube-nocookie.com/embed/x1" width="560" height="315" title="Embedded content from www.youtube-nocookie.com" sandbox="allow-scripts allow-same-origin allow-presentation" allowfullscreen="" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>"#))
        #expect(!page.contains("vimeo"))
        #expect(page.contains("frame-src https://youtube-nocookie.com https://*.youtube-nocookie.com; "))
    }
}
