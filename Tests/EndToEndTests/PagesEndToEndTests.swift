import Foundation
import Testing

/// The pages of issue 8 on the sample site, built by the real binary: source and
/// tag pages, previous/next, search and its index, 404.html and robots.txt, with
/// every internal link resolving.
@Suite("Pages, end to end", .serialized)
struct PagesEndToEndTests {
    /// Every `href`/`src` on every page that stays on the site names a file of public/;
    /// only 404.html may link root-relatively. Returns how many were checked.
    private func checkLinks(_ files: [String: Data]) -> Int {
        var checked = 0
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for reference in HTMLLinks.references(in: html) where HTMLLinks.isInternal(reference) {
                if path != "404.html" {
                    #expect(!reference.hasPrefix("/"), "\(path) links to \(reference) from the root")
                }
                let target = HTMLLinks.resolve(reference, from: path)
                #expect(files[target] != nil, "\(path) links to \(reference), which is not in public/")
                checked += 1
            }
        }
        return checked
    }

    private func text(_ files: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(files[path], "\(path) was not built"), as: UTF8.self)
    }

    @Test func everyNewPageExistsAndEveryLinkResolves() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["pageSize"] = 2 }
        #expect(try site.run("build", "--offline").status == 0)
        let files = try site.snapshot()

        for path in ["sources/harbor-gazette/index.html", "sources/harbor-gazette/page/2/index.html", "sources/valley-science/index.html",
                     "sources/city-council/index.html", "sources/articles/index.html", "search/index.html", "search/index.json",
                     "assets/search.js", "404.html", "robots.txt", "tags/transport/index.html"] {
            #expect(files[path] != nil, "\(path) was not built")
        }
        #expect(checkLinks(files) > 300)

        // Source names link to their pages (tags are linked from article pages: rows stay light); /sources/ links every source page.
        let home = try text(files, "index.html")
        #expect(home.contains(#"data-testid="row-source""#) && !home.contains("href=\"tags/"))
        #expect(home.contains(#"data-testid="nav-search""#))
        let sources = try text(files, "sources/index.html")
        for id in ["harbor-gazette", "valley-science", "city-council", "bay-weekly"] {
            #expect(sources.contains("href=\"\(id)/\" data-testid=\"source-link\""), "\(id)")
        }
        #expect(sources.contains(#"<p class="page-subtitle" data-testid="sources-summary">4 sources · 0 failing</p>"#))
        #expect(sources.contains(#"<a class="row-link" href="articles/">Marrow Bay Archive</a>"#))

        // "Transport" and "transport" share one page.
        let transport = try text(files, "tags/transport/index.html")
        #expect(transport.contains(#"<h1 class="page-title" data-testid="tag-title">Transport</h1>"#))
        #expect(HTMLLinks.rowCount(in: transport) == 2)

        // Every listed article is in the index once, with a link that resolves; the manifest counts them.
        let manifestData = try #require(files["search/index.json"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let chunkFiles = files.filter { $0.key.hasPrefix("search/m/") }.values
        let chunks = chunkFiles.flatMap { data in (try? JSONSerialization.jsonObject(with: data) as? [[Any]]) ?? [] }
        let homeRows = files.filter { $0.key.hasPrefix("archive/") && $0.key != "archive/index.html" }
            .map { HTMLLinks.rowCount(in: String(decoding: $0.value, as: UTF8.self)) }.reduce(0, +)
        #expect(chunks.count == homeRows && chunks.count > 10 && manifest["count"] as? Int == homeRows)
        for entry in chunks {
            let link = try #require(entry[1] as? String)
            #expect(files[HTMLLinks.resolve(link, from: "search/index.html")] != nil, "\(link)")
            // [title, link, source, date, [tags], snippet], then the thumbnail and its 2x one when the row has them.
            #expect((entry.count == 6 || entry.count == 8) && entry[4] is [Any])
        }
        let shards = try #require(manifest["shards"] as? [[Any]])
        for shard in shards {
            let name = try #require(shard[1] as? String)
            #expect(files["search/t/\(name).json"]?.count == shard[2] as? Int)
        }

        // The search page: a form, a live status, the results list, a noscript way out, its script.
        let search = try text(files, "search/index.html")
        for part in [#"<input type="search" id="search-input" name="q""#, #"<label class="search-label" for="search-input">"#,
                     #"data-testid="search-results""#, #"aria-live="polite""#, "<noscript>",
                     #"<script src="../assets/search.js" defer></script>"#, #"data-index="index.json""#] {
            #expect(search.contains(part), "\(part)")
        }

        // 404.html links from the root of the sample's baseURL (its path is "/"); robots.txt names the sitemap.
        let notFound = try text(files, "404.html")
        #expect(notFound.contains(#"<a href="/sources/" data-testid="not-found-sources">"#))
        #expect(notFound.contains(#"<link rel="stylesheet" href="/assets/style.css">"#))
        #expect(try text(files, "robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://news.example.org/sitemap.xml\n")
    }

    @Test func articlesLinkTheirNeighboursInTheHomeOrder() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        let files = try site.snapshot()
        let home = try text(files, "index.html")
        let slugs = home.components(separatedBy: #"<a class="row-link" href="articles/"#).dropFirst()
            .compactMap { $0.split(separator: "/").first.map(String.init) }
        #expect(slugs.count >= 3)
        let first = try text(files, "articles/\(slugs[0])/index.html")
        #expect(!first.contains(#"data-testid="article-newer""#))
        #expect(first.contains(#"<a class="neighbour neighbour-older" href="../\#(slugs[1])/" rel="next" data-testid="article-older">"#))
        let second = try text(files, "articles/\(slugs[1])/index.html")
        #expect(second.contains(#"href="../\#(slugs[0])/" rel="prev" data-testid="article-newer""#))
        #expect(second.contains(#"href="../\#(slugs[2])/" rel="next" data-testid="article-older""#))
    }

    @Test func withoutABaseURLThe404PageLinksFromTheRoot() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["baseURL"] = nil }
        #expect(try site.run("build", "--offline").status == 0)
        let files = try site.snapshot()
        let notFound = try text(files, "404.html")
        for link in [#"href="/" data-testid="not-found-home""#, #"href="/bookmarks/""#, #"href="/sources/""#, #"href="/search/""#,
                     #"<link rel="stylesheet" href="/assets/style.css">"#] {
            #expect(notFound.contains(link), "\(link)")
        }
        #expect(try text(files, "robots.txt") == "User-agent: *\nAllow: /\n")
        #expect(checkLinks(files) > 100)
    }

    @Test func aSourceRemovedFromSiteJSONKeepsAPage() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", "--offline").status == 0)
        try site.editConfig { config in
            config["sources"] = (config["sources"] as! [[String: Any]]).filter { $0["id"] as? String != "harbor-gazette" }
        }
        #expect(try site.run("build", "--offline").status == 0)
        let files = try site.snapshot()
        let page = try text(files, "sources/harbor-gazette/index.html")
        // Under the title the archive kept beside its articles (ADR 061), not its id.
        #expect(page.contains(#"<h1 class="page-title" data-testid="source-title">The Harbor Gazette</h1>"#))
        #expect(page.contains(#"data-testid="source-removed""#))
        #expect(HTMLLinks.rowCount(in: page) == 6)
        let sources = try text(files, "sources/index.html")
        #expect(sources.contains(#"<a class="row-link" href="harbor-gazette/">The Harbor Gazette</a>"#))
        #expect(sources.contains("3 sources · 0 failing"))
        #expect(checkLinks(files) > 100)
    }

    /// `static/` is copied as it is; its file wins over a generated one, and its robots.txt lines follow newsgen's.
    @Test func staticFilesAreCopiedAndWin() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("static/CNAME", "news.example.org\n")
        try site.write("static/404.html", "<!doctype html><title>Our own 404</title>\n")
        try site.write("static/robots.txt", "User-agent: BadBot\nDisallow: /\n")
        #expect(try site.run("build", "--offline").status == 0)
        #expect(try site.read("public/CNAME") == "news.example.org\n")
        #expect(try site.read("public/404.html") == "<!doctype html><title>Our own 404</title>\n")
        #expect(try site.read("public/robots.txt")
                == "User-agent: *\nAllow: /\n\nSitemap: https://news.example.org/sitemap.xml\n\nUser-agent: BadBot\nDisallow: /\n")
    }
}
