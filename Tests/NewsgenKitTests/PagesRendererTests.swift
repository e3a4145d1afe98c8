import Foundation
import Mustache
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Source pages, tag pages, previous/next, 404, robots.txt and search, rendered
/// through small in-memory templates so the exact values are checked.
@Suite("Pages")
struct PagesRendererTests {
    /// `text` parsed as JSON of type `T`.
    private static func json<T>(_ text: String?, as type: T.Type) throws -> T {
        let text = try #require(text)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? T)
    }

    private static let templates: [String: String] = [
        "layout": "<title>{{page.documentTitle}}</title><nav>{{nav.home}} {{nav.bookmarks}} {{nav.sources}} {{nav.search}} {{nav.stylesheet}}</nav>{{{content}}}",
        "home": "{{#articles}}[{{title}}|{{source.pageURL}}]{{/articles}}",
        "article": "{{article.title}}|{{article.source.pageURL}}|{{#article.tags}}<{{name}}={{#url}}{{url}}{{/url}}{{^url}}none{{/url}}>{{/article.tags}}"
            + "|newer={{#newer}}{{title}}@{{url}}{{/newer}}|older={{#older}}{{title}}@{{url}}{{/older}}{{#hasNeighbours}}|nav{{/hasNeighbours}}",
        "bookmarks": "{{#bookmarks}}[{{title}}|{{source.pageURL}}]{{/bookmarks}}",
        "sources": "{{countLabel}} · {{failingCount}} failing:{{#sources}}[{{title}}|{{pageURL}}|{{archivedCount}}]{{/sources}}"
            + "{{#others}}({{title}}|{{pageURL}}|{{archivedCount}}|{{#isRemoved}}removed{{/isRemoved}}{{#isMarkdown}}markdown{{/isMarkdown}}){{/others}}",
        "source": "{{#source}}{{title}}|{{url}}|{{countLabel}}|{{archivedCount}}{{#status}}|{{outcome}}:{{reason}}{{/status}}{{#isRemoved}}|removed{{/isRemoved}}{{/source}}:"
            + "{{#articles}}[{{title}}|{{url}}|{{source.pageURL}}]{{/articles}}{{#isEmpty}}empty{{/isEmpty}}{{#months.years}} {{year}}:{{#months}}{{shortName}}={{count}}@{{url}};{{/months}}{{/months.years}}",
        "tag": "{{tag.name}}|{{tag.countLabel}}:{{#articles}}[{{title}}|{{#tags}}{{name}}>{{#url}}{{url}}{{/url}}{{^url}}none{{/url}};{{/tags}}]{{/articles}}"
            + "{{#months.years}} {{year}}:{{#months}}{{shortName}}={{count}}@{{url}};{{/months}}{{/months.years}}",
        "month": "{{list.name}}|{{month.name}}:{{#articles}}[{{title}}|{{url}}|{{source.pageURL}}]{{/articles}}"
            + "{{#newer}} newer={{url}}{{/newer}}{{#older}} older={{url}}{{/older}} front={{list.url}}",
        "archive": "{{countLabel}}",
        "redirect": "→{{redirect.url}}",
        "search": "{{indexURL}}|{{scriptURL}}|{{articleCountLabel}}|{{#tags}}{{name}}={{url}}({{count}});{{/tags}}",
        "notfound": "{{#page.isNotFound}}not found{{/page.isNotFound}}",
    ]

    private static let day: TimeInterval = 86_400

    private static func article(_ n: Int, source: String, tags: [String] = []) -> Article {
        Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: source, title: "Story \(n)",
                published: Date(timeIntervalSince1970: Double(n) * day), summaryHTML: "<p>Summary \(n)</p>", tags: tags)
    }

    /// Six articles: two of `news`, one of `wire` plus a cross-source duplicate of it, one of a source
    /// site.json no longer names (`gone`), one Markdown article.
    private static let articles = [
        article(6, source: "wire", tags: ["Only-dup"]),
        article(5, source: "news", tags: ["Swift", "Ports"]),
        article(4, source: "wire", tags: ["swift"]),
        article(3, source: "news", tags: ["SWIFT ", "Swift"]),
        article(2, source: "gone"),
        article(1, source: ArticleID.markdownSourceID, tags: ["Swift", "  "]),
    ]

    /// Story 6 is the wire's copy of a story story 4 also carries.
    private static let duplicates = [String(format: "%016x", 6): String(format: "%016x", 4)]

    private static func input(articles: [Article] = articles, duplicateOf: [String: String] = duplicates, pageSize: Int = 2,
                              baseURL: String? = nil, bookmarks: [Bookmark] = []) throws -> RenderInput {
        var config = SiteConfig(title: "Bay", sources: [SourceConfig(id: "news", title: "The News", location: .file("feeds/news.xml")),
                                                        SourceConfig(id: "wire", location: .url(URL(string: "https://wire.example/feed")!))])
        config.pageSize = pageSize
        config.baseURL = baseURL
        var input = RenderInput(
            config: config,
            templates: Templates(library: try MustacheLibrary(templates: templates), assets: [("style.css", Data("css".utf8))]),
            articles: articles.map { PreparedArticle($0) },
            sources: [
                "news": SourceInfo(id: "news", title: "The News", url: "https://news.example/"),
                "wire": SourceInfo(id: "wire", title: "Wire", url: "javascript:alert(1)"),
                ArticleID.markdownSourceID: SourceInfo(id: ArticleID.markdownSourceID, title: "Bay"),
            ],
            bookmarks: BookmarkManifest(bookmarks: bookmarks),
            sourceStatuses: [
                SourceStatus(id: "news", title: "The News", location: "feeds/news.xml", isURL: false, outcome: .fresh(itemCount: 2)),
                SourceStatus(id: "wire", title: "Wire", location: "https://wire.example/feed", isURL: true,
                             outcome: .skipped(reason: "backing off"), failures: 2),
            ])
        input.duplicateOf = duplicateOf
        return input
    }

    private static func render(_ input: RenderInput) throws -> [String: String] {
        let files = try SiteRenderer(input).render()
        #expect(Set(files.map(\.path)).count == files.count, "two files with one path")
        return Dictionary(files.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) }, uniquingKeysWith: { first, _ in first })
    }

    private static func content(_ page: String?) -> String? {
        guard let page, let end = page.range(of: "</nav>") else { return nil }
        return String(page[end.upperBound...])
    }

    @Test func everyPageAndFileIsProduced() throws {
        let files = try Self.render(Self.input())
        #expect(files.keys.sorted() == [
            "404.html", "archive/1970/01/index.html", "archive/index.html", "articles/story-1/index.html",
            "articles/story-2/index.html", "articles/story-3/index.html", "articles/story-4/index.html",
            "articles/story-5/index.html", "articles/story-6/index.html", "assets/style.css", "bookmarks/feed.xml",
            "bookmarks/index.html", "feed.json", "feed.xml", "index.html", "page/2/index.html", "page/3/index.html",
            "robots.txt", "search/g/ports.json", "search/g/swift.json", "search/index.html", "search/index.json",
            "search/m/0.json", "search/s/articles.json", "search/s/gone.json", "search/s/news.json",
            "search/s/wire.json", "search/t/_.json", "sources.opml", "sources/articles/1970/01/index.html",
            "sources/articles/index.html", "sources/gone/1970/01/index.html", "sources/gone/index.html",
            "sources/index.html", "sources/news/1970/01/index.html", "sources/news/index.html",
            "sources/wire/1970/01/index.html", "sources/wire/index.html", "tags/ports/1970/01/index.html",
            "tags/ports/index.html", "tags/swift/1970/01/index.html", "tags/swift/index.html",
            "tags/swift/page/2/index.html",
        ])
    }

    @Test func theSourcesPageLinksEverySourcePageInSiteJSONOrder() throws {
        let files = try Self.render(Self.input())
        #expect(Self.content(files["sources/index.html"]) == "2 sources · 1 failing:[The News|news/|2][Wire|wire/|2]"
                + "(gone|gone/|1|removed)(Bay|articles/|1|markdown)")
        #expect(Self.content(files["index.html"]) == "[Story 5|sources/news/][Story 4|sources/wire/]")
    }

    @Test func aSourcePageListsItsArticlesUnderItsHeader() throws {
        let files = try Self.render(Self.input())
        // The duplicate (story 6) keeps its page but is not listed; the wire's site link is not http(s), so it is left out.
        #expect(Self.content(files["sources/wire/index.html"])
                == "Wire||1 article|2|Failing:backing off:[Story 4|../../articles/story-4/|./] 1970:January=1@1970/01/;")
        #expect(Self.content(files["sources/news/index.html"])
                == "The News|https://news.example/|2 articles|2|OK::[Story 5|../../articles/story-5/|./][Story 3|../../articles/story-3/|./] 1970:January=2@1970/01/;")
        #expect(Self.content(files["sources/gone/index.html"]) == "gone||1 article|1|removed:[Story 2|../../articles/story-2/|./] 1970:January=1@1970/01/;")
        #expect(Self.content(files["sources/articles/index.html"]) == "Bay||1 article|1:[Story 1|../../articles/story-1/|./] 1970:January=1@1970/01/;")
        #expect(files["sources/news/index.html"]?.hasPrefix("<title>The News · Bay</title>") == true)
    }

    /// A source's front page shows its newest `pageSize` articles and its months; each month page all of that
    /// month, with the newer and older month; the old numbered pages send the reader to the front page.
    @Test func aSourceHasAFrontPageAndAPageForEachMonth() throws {
        let many = (1...5).reversed().map { n in
            Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: "news", title: "Story \(n)",
                    published: Date(timeIntervalSince1970: Double(n) * 20 * Self.day))  // 21 Jan, 10 Feb, 2 Mar, 22 Mar, 11 Apr 1970
        }
        let files = try Self.render(Self.input(articles: many, duplicateOf: [:]))
        #expect(Self.content(files["sources/news/index.html"]) == "The News|https://news.example/|5 articles|5|OK::"
                + "[Story 5|../../articles/story-5/|./][Story 4|../../articles/story-4/|./] 1970:April=1@1970/04/;March=2@1970/03/;February=1@1970/02/;January=1@1970/01/;")
        #expect(files["sources/news/1970/03/index.html"] == "<title>The News, March 1970 · Bay</title>"
                + "<nav>../../../../ ../../../../bookmarks/ ../../../ ../../../../search/ ../../../../assets/style.css</nav>"
                + "The News|March 1970:[Story 4|../../../../articles/story-4/|../../][Story 3|../../../../articles/story-3/|../../]"
                + " newer=../04/ older=../02/ front=../../")
        #expect(Self.content(files["sources/news/1970/04/index.html"]) == "The News|April 1970:[Story 5|../../../../articles/story-5/|../../] older=../03/ front=../../")
        #expect(Self.content(files["sources/news/1970/01/index.html"]) == "The News|January 1970:[Story 1|../../../../articles/story-1/|../../] newer=../02/ front=../../")
        #expect(files["sources/news/1970/05/index.html"] == nil)
        #expect(files["sources/news/page/2/index.html"] == "→../../")
        #expect(files["sources/news/page/3/index.html"] == "→../../")
        #expect(files["sources/news/page/4/index.html"] == nil)
        // A configured source with nothing listed still has its (empty) front page, and no month.
        #expect(Self.content(files["sources/wire/index.html"]) == "Wire||0 articles|0|Failing:backing off:empty")
        #expect(files.keys.contains { $0.hasPrefix("sources/wire/1") || $0.hasPrefix("sources/wire/page/") } == false)
    }

    @Test func spellingsOfOneTagShareAPageNamedByTheMostCommon() throws {
        let files = try Self.render(Self.input())
        // "Swift" is on stories 5, 3 and 1, "swift" on 4, "SWIFT" on 3 (counted once there, as its first spelling).
        #expect(Self.content(files["tags/swift/index.html"]) == "Swift|4 articles:"
                + "[Story 5|Swift>./;Ports>../ports/;][Story 4|swift>./;] 1970:January=4@1970/01/;")
        #expect(Self.content(files["tags/swift/1970/01/index.html"]) == "Swift|January 1970:[Story 5|../../../../articles/story-5/|../../../../sources/news/]"
                + "[Story 4|../../../../articles/story-4/|../../../../sources/wire/][Story 3|../../../../articles/story-3/|../../../../sources/news/]"
                + "[Story 1|../../../../articles/story-1/|../../../../sources/articles/] front=../../")
        #expect(files["tags/swift/index.html"]?.hasPrefix("<title>Tag: Swift · Bay</title>") == true)
        #expect(files["tags/swift/1970/01/index.html"]?.hasPrefix("<title>Tag: Swift, January 1970 · Bay</title>") == true)
        #expect(files["tags/swift/page/2/index.html"] == "→../../")
    }

    @Test(arguments: [
        (["swift", "Swift"], "Swift"),            // a tie: the first in code-point order
        (["swift", "swift", "Swift"], "swift"),   // the most common
        (["Ünïcode", "unicode", "UNICODE"], "UNICODE"),
    ])
    func tagNames(spellings: [String], expected: String) {
        let articles = spellings.enumerated().map { PreparedArticle(Self.article($0.offset + 1, source: "news", tags: [$0.element])) }
        let index = TagIndex(listed: articles)
        #expect(index.tags.map(\.name) == [expected])
        #expect(index.tags.map(\.articles.count) == [spellings.count])
    }

    @Test func aTagOnlyADuplicateCarriesHasNoPageAndNoLink() throws {
        let files = try Self.render(Self.input())
        #expect(files.keys.contains { $0.hasPrefix("tags/only-dup/") } == false)
        // The tag's `url` is null, so the row's own `url` does not leak into `{{#url}}`.
        #expect(Self.content(files["articles/story-6/index.html"]) == "Story 6|../../sources/wire/|<Only-dup=none>|newer=|older=")
    }

    @Test func articlePagesLinkTheirNeighboursInTheHomeOrder() throws {
        let files = try Self.render(Self.input())
        #expect(Self.content(files["articles/story-5/index.html"])
                == "Story 5|../../sources/news/|<Swift=../../tags/swift/><Ports=../../tags/ports/>|newer=|older=Story 4@../story-4/|nav")
        // Story 6 is a duplicate, so story 4's newer neighbour is story 5.
        #expect(Self.content(files["articles/story-4/index.html"])
                == "Story 4|../../sources/wire/|<swift=../../tags/swift/>|newer=Story 5@../story-5/|older=Story 3@../story-3/|nav")
        // Blank tags are dropped, one link per slug.
        #expect(Self.content(files["articles/story-3/index.html"])
                == "Story 3|../../sources/news/|<SWIFT=../../tags/swift/>|newer=Story 4@../story-4/|older=Story 2@../story-2/|nav")
        #expect(Self.content(files["articles/story-1/index.html"])
                == "Story 1|../../sources/articles/|<Swift=../../tags/swift/>|newer=Story 2@../story-2/|older=|nav")
    }

    @Test func aMissingBookmarkHasNoSourcePage() throws {
        let files = try Self.render(Self.input(bookmarks: [
            Bookmark(id: "ffffffffffffffff", added: Date(timeIntervalSince1970: 0), title: "Gone"),
            Bookmark(id: String(format: "%016x", 5), added: Date(timeIntervalSince1970: 10), title: "x"),
        ]))
        #expect(Self.content(files["bookmarks/index.html"]) == "[Story 5|../sources/news/][Gone|]")
    }

    @Test func theNotFoundPageLinksFromTheRootWithoutABaseURL() throws {
        let files = try Self.render(Self.input())
        #expect(files["404.html"] == "<title>Page not found · Bay</title><nav>/ /bookmarks/ /sources/ /search/ /assets/style.css</nav>not found")
        #expect(files["robots.txt"] == "User-agent: *\nAllow: /\n")
    }

    @Test func theNotFoundPageLinksUnderTheBaseURLsPath() throws {
        let files = try Self.render(Self.input(baseURL: "https://news.example.org/bay/"))
        #expect(files["404.html"] == "<title>Page not found · Bay</title><nav>/bay/ /bay/bookmarks/ "
                + "/bay/sources/ /bay/search/ /bay/assets/style.css</nav>not found")
        #expect(files["robots.txt"] == "User-agent: *\nAllow: /\n\nSitemap: https://news.example.org/bay/sitemap.xml\n")
    }

    @Test func theSearchPageAndItsIndex() throws {
        var articles = Self.articles
        articles[1].title = "A \"quoted\" <b>title</b> & more"
        articles[1].summaryHTML = "<p>" + String(repeating: "word ", count: 60) + "</p>"
        articles[4].published = nil
        let files = try Self.render(Self.input(articles: articles))
        #expect(Self.content(files["search/index.html"]) == "index.json|../assets/search.js|5 articles|Ports=../tags/ports/(1);Swift=../tags/swift/(4);")
        // Listed oldest first, as the home page lists them newest first.
        let summary = String(repeating: "word ", count: 40).dropLast() + "…"
        #expect(files["search/m/0.json"] == """
            [["Story 1","../articles/story-1/","Bay","2 Jan 1970",["Swift"],"Summary 1"],
            ["Story 2","../articles/story-2/","gone","",[],"Summary 2"],
            ["Story 3","../articles/story-3/","The News","4 Jan 1970",["SWIFT"],"Summary 3"],
            ["Story 4","../articles/story-4/","Wire","5 Jan 1970",["swift"],"Summary 4"],
            ["A \\"quoted\\" \\u003cb\\u003etitle\\u003c/b\\u003e \\u0026 more","../articles/story-5/","The News","6 Jan 1970",["Swift","Ports"],"\(summary)"]]

            """)
        let manifest = try Self.json(files["search/index.json"], as: [String: Any].self)
        #expect(manifest["count"] as? Int == 5)
        #expect((manifest["sources"] as? [[Any]])?.map { $0[0] as? String } == ["Bay", "gone", "The News", "Wire"])
        #expect((manifest["tags"] as? [[Any]])?.map { $0[0] as? String } == ["Ports", "Swift"])
        // One shard for so few words, holding the title's words, the summary's and the tags'.
        #expect((manifest["shards"] as? [[Any]])?.map { $0[1] as? String } == ["_"])
        let shard = try Self.json(files["search/t/_.json"], as: [String: [Int]].self)
        // Doc 4, seven for a word of the title (two for a tag), length code 49 (66 words: 8·log2(67)).
        #expect(shard["quoted"] == [4, 7, 49])
        #expect(shard["ports"] == [4, 2, 49])
        #expect(shard["summary"] == [0, 1, 19, 1, 1, 19, 1, 1, 19, 1, 1, 19])
    }

    /// 1,000 articles with long titles, full summaries and three tags each: what one query fetches stays small.
    @Test func aQueryOfAThousandArticlesFetchesLittle() throws {
        let words = "harbour ferry council winter science tide lantern market bakery museum"
            .split(separator: " ").map(String.init)
        let articles = (1...1_000).reversed().map { n in
            var article = Self.article(n, source: n % 2 == 0 ? "news" : "wire",
                                       tags: [words[n % 10], words[(n / 10) % 10], "Topic \(n % 40)"])
            article.slug = "a-rather-long-slug-for-story-number-\(n)-in-the-archive"
            article.title = "A rather long headline about the \(words[n % 10]) and the \(words[(n / 7) % 10]), story \(n)"
            article.summaryHTML = "<p>" + (0..<60).map { words[($0 + n) % 10] }.joined(separator: " ") + "</p>"
            return article
        }
        let files = SearchIndex(SiteRenderer(try Self.input(articles: articles, duplicateOf: [:])).searchDocuments()).files()
        let manifest = try #require(files.first)
        #expect(manifest.path == "search/index.json" && manifest.data.count < 10_000, "\(manifest.data.count) bytes")
        let chunks = files.filter { $0.path.hasPrefix("search/m/") }
        #expect(chunks.count == 63 && chunks.allSatisfy { $0.data.count < 8_000 })
        // Every word is in all 1,000 articles or a tenth of them: a shard holds one or a few words.
        let shards = files.filter { $0.path.hasPrefix("search/t/") }
        #expect(shards.allSatisfy { $0.data.count < SearchIndex.shardLimit + 8_000 }, "\(shards.map(\.data.count).max() ?? 0)")
    }
}
