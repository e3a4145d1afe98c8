import Foundation
import Testing
import NewsgenModel
@testable import NewsgenKit

/// `make bench-hostile`'s cases (Tests/Benchmarks/hostile_inputs.py) as builds that count what
/// they made (items, articles, pages, tags, bytes) instead of timing it, so that `make test` sees a
/// regression such as the two docs/security.md tells of ("Two more found later": 100,000 tag pages
/// from one item's categories; a list search per image). A refusal is built at the bench's size,
/// since the limits are the real ones and the refusal is cheap; a case that is processed is built
/// at a size that still crosses the same rule (the item cap, the tag cap, libxml2's depth), small
/// enough for a debug build. The limits' exact edges are `ParseLimitsTests` and
/// `HTMLInputBoundsTests`; the times are the benchmark's.
@Suite("Hostile inputs, counted")
struct HostileInputTests {
    static let rssHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n"
        + "<channel><title>Hostile</title><link>https://hostile.example/</link><description>generated</description>\n"
    static let rssTail = "</channel></rss>\n"
    static let itemHead = "<item><title>One item</title><link>https://hostile.example/one</link>"
        + "<guid>https://hostile.example/one</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>"

    static func rss(_ items: String) -> String { rssHead + items + rssTail }
    static func oneItem(_ inner: String) -> String { rss(itemHead + inner + "</item>\n") }

    /// One item a minute going back from 2024-06-30, as the generator dates them.
    static func pubDate(_ n: Int) -> String {
        let (days, minutes) = n.quotientAndRemainder(dividingBy: 1440)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(30 - days % 30)) \(months[5 - (days / 30) % 6]) 2024 \(two(23 - minutes / 60)):\(two(59 - minutes % 60)):00 GMT"
    }

    /// Rich escaped HTML, about `size` bytes, as the generator's `paragraphs`: one link and one image a block.
    static func paragraphs(_ size: Int) -> (text: String, blocks: Int) {
        var text = ""
        var blocks = 0
        while text.utf8.count < size {
            text += "&lt;p&gt;The &lt;a href=\"/harbour/\(blocks)\"&gt;harbour&lt;/a&gt; works go on, "
                + "&lt;em&gt;said&lt;/em&gt; the pilot &amp;amp; crew. &lt;img src=\"p\(blocks).jpg\" alt=\"\"&gt;&lt;/p&gt;\n"
            blocks += 1
        }
        return (text, blocks)
    }

    // MARK: Refused, at the bench's size

    @Test func items100kAreRefusedByTheNodeLimit() throws {
        var items = ""
        for n in 0..<100_000 {
            items += "<item><title>Harbour notice \(n)</title><link>https://hostile.example/n/\(n)</link>"
                + "<pubDate>Sun, \(Self.pubDate(n))</pubDate><description>Berth \(n % 97) reopens.</description></item>\n"
        }
        let build = try HostileSite.build(Self.rss(items))
        #expect(build.refusal == "feeds/hostile.xml:100002:42: document refused: the document has more than 500000 elements, "
            + "attributes, comments and entity references")
        #expect(build.articles == 0)
    }

    @Test func items200kEmptyAreRefusedByTheItemLimit() throws {
        let build = try HostileSite.build(Self.rss(String(repeating: "<item/>\n", count: 200_000)))
        #expect(build.refusal == "feeds/hostile.xml: document refused: the feed has more than 100000 items")
        #expect(build.articles == 0)
    }

    @Test func jsonItems100kAreRefusedByTheNodeLimit() throws {
        let items = (0..<100_000).map {
            "{\"id\":\"\($0)\",\"url\":\"https://hostile.example/j/\($0)\",\"title\":\"Harbour notice \($0)\","
                + "\"content_text\":\"Berth \($0 % 97) reopens.\",\"date_published\":\"2024-06-01T00:00:00Z\"}"
        }
        let feed = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"Hostile\",\"items\":[" + items.joined(separator: ",") + "]}\n"
        let build = try HostileSite.build(feed, suffix: ".json")
        #expect(build.refusal == "feeds/hostile.json:1:7280123: document refused: the document has more than 500000 JSON values and keys")
    }

    /// Judged by its size on disk, so the test's file is sparse: nothing of it is written or read.
    @Test func aBody50MBIsRefusedUnread() throws {
        let build = try HostileSite.build(size: 52_437_730)
        #expect(build.refusal == "feeds/hostile.xml: document too large: 52437730 bytes, the limit is 20971520 bytes")
    }

    @Test func nesting10kIsRefused() throws {
        let build = try HostileSite.build(Self.oneItem(String(repeating: "<x>", count: 10_000) + "deep" + String(repeating: "</x>", count: 10_000)))
        #expect(build.refusal == "feeds/hostile.xml:4:920: document refused: elements are nested more than 256 levels deep")
    }

    @Test func billionLaughsAreRefused() throws {
        var entities = ["<!ENTITY lol0 \"lol\">"]
        for level in 1..<10 { entities.append("<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">") }
        let feed = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n" + entities.joined(separator: "\n") + "\n]>\n"
            + "<rss version=\"2.0\"><channel><title>Laughs</title><item><title>&lol9;</title><description>&lol9;</description></item></channel></rss>\n"
        #expect(try HostileSite.build(feed).refusal == "feeds/hostile.xml: entity expansion refused: the document's own entities expand beyond a safe size")
    }

    @Test func aQuadraticBlowupIsRefused() throws {
        let feed = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY a \"" + String(repeating: "x", count: 50_000) + "\">\n]>\n"
            + "<rss version=\"2.0\"><channel><title>Blowup</title><item><title>Blowup</title><description>"
            + String(repeating: "&a;", count: 50_000) + "</description></item></channel></rss>\n"
        #expect(try HostileSite.build(feed).refusal == "feeds/hostile.xml: entity expansion refused: the document's own entities expand beyond a safe size")
    }

    @Test func attributes100kAreRefused() throws {
        let attributes = (0..<100_000).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let feed = Self.rss("<item \(attributes)><title>Attributes</title><guid>urn:hostile:attributes</guid></item>\n")
        #expect(try HostileSite.build(feed).refusal == "feeds/hostile.xml:4:1: document refused: an element has more than 256 attributes")
    }

    @Test func jsonNesting100kIsRefused() throws {
        let feed = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"Deep\",\"items\":"
            + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}\n"
        let refusal = try HostileSite.build(feed, suffix: ".json").refusal
        #expect(refusal == "feeds/hostile.json: not well-formed XML: not valid JSON")
    }

    // MARK: Processed, counted

    /// Items alike in title each get a slug of their own; the cap takes the newest.
    @Test func itemsWithOneTitleGetDistinctSlugsUpToTheCap() throws {
        let items = (0..<150).map { "<item><title>Breaking news</title><guid>urn:hostile:\($0)</guid><pubDate>Sun, \(Self.pubDate($0))</pubDate></item>\n" }
        let build = try HostileSite.build(Self.rss(items.joined()), fetch: #"{"maxItemsPerFeed": 100}"#)
        #expect(build.warnings == ["source 'hostile': the feed has 150 items, more than fetch.maxItemsPerFeed (100); the 100 newest were taken and 50 left out"])
        #expect(build.articles == 100)
        #expect(build.articlePages.count == 100)
        #expect(build.articlePages.filter { $0.hasPrefix("breaking-news") }.count == 100)
    }

    /// Empty items have nothing to be an article with: counted against the cap, and no page.
    @Test func emptyItemsMakeNoArticles() throws {
        let build = try HostileSite.build(Self.rss(String(repeating: "<item/>\n", count: 1_200)))
        #expect(build.warnings == ["source 'hostile': the feed has 1200 items, more than fetch.maxItemsPerFeed (1000); the 1000 newest were taken and 200 left out"])
        #expect(build.articles == 0)
        #expect(build.articlePages == [])
    }

    @Test func emptyJSONItemsMakeNoArticles() throws {
        let feed = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"Hostile\",\"items\":["
            + Array(repeating: "{}", count: 1_200).joined(separator: ",") + "]}\n"
        let build = try HostileSite.build(feed, suffix: ".json")
        #expect(build.warnings == ["source 'hostile': the feed has 1200 items, more than fetch.maxItemsPerFeed (1000); the 1000 newest were taken and 200 left out"])
        #expect(build.articles == 0)
    }

    /// `nodes-limit`'s shape (items of ten nodes, two categories each): one page per article kept, one per tag.
    @Test func itemsOfTenNodesMakeOnePageEachAndTwoTags() throws {
        let items = (0..<150).map {
            "<item><title>T\($0)</title><link>/\($0)</link><guid>\($0)</guid><author>a</author><category>c</category>"
                + "<category>d</category><enclosure url=\"/\($0)\" length=\"1\"/></item>\n"
        }
        let build = try HostileSite.build(Self.rss(items.joined()), fetch: #"{"maxItemsPerFeed": 100}"#)
        #expect(build.articles == 100)
        #expect(build.articlePages.count == 100)
        #expect(build.tagPages == ["c", "d"])
    }

    /// `items-1k-html`'s items: every block of every body reaches its page, each paragraph once.
    @Test func longHTMLItemsKeepEveryParagraph() throws {
        let (body, blocks) = Self.paragraphs(19_000)
        let items = (0..<10).map {
            "<item><title>Long read \($0)</title><guid>urn:hostile:\($0)</guid><pubDate>Sun, \(Self.pubDate($0))</pubDate>"
                + "<description>\(body)</description></item>\n"
        }
        let build = try HostileSite.build(Self.rss(items.joined()))
        #expect(blocks > 100)
        #expect(build.articles == 10)
        for n in 0..<10 {
            // Links resolved against the feed's address; images not fetched (offline) shown as links.
            let page = try build.page("articles/long-read-\(n)/index.html")
            #expect(page.occurrences(of: "<p>The <a href=\"https://hostile.example/harbour/") == blocks)
            #expect(page.occurrences(of: "class=\"image-link\"") == blocks)
        }
    }

    /// `body-9mb`'s images: each distinct image of a body is asked of the cache once (offline: a miss), however many there are.
    @Test func aBodyOfManyImagesAsksForEachImageOnce() throws {
        let (body, blocks) = Self.paragraphs(150_000)
        let repeated = body + body
        let build = try HostileSite.build(Self.oneItem("<description>\(repeated)</description>"))
        #expect(build.articles == 1)
        #expect(build.report.images.offlineMisses == blocks)
        let page = try build.page("articles/one-item/index.html")
        #expect(page.occurrences(of: "<p>The <a href=") == 2 * blocks)
        #expect(page.occurrences(of: "class=\"image-link\"") == 2 * blocks)
    }

    /// `title-10mb`'s title, a thirtieth as long: whole in the page's heading, cut to 60 characters in its slug.
    @Test func aHugeTitleIsWholeInItsPageAndShortInItsSlug() throws {
        let words = String(String(repeating: "harbour pilot crew tide berth ", count: 10_000).prefix(300_000))
        let build = try HostileSite.build(Self.rss("<item><title>\(words)</title><guid>urn:hostile:title</guid>"
            + "<description>A very long title.</description></item>\n"))
        #expect(build.articles == 1)
        let slug = try #require(build.articlePages.first)
        #expect(slug == "harbour-pilot-crew-tide-berth-harbour-pilot-crew-tide-berth")
        let page = try build.page("articles/\(slug)/index.html")
        #expect(page.occurrences(of: "<h1 class=\"article-title\" id=\"article-title\" data-testid=\"article-title\">" + words.trimmingCharacters(in: .whitespaces) + "</h1>") == 1)
    }

    /// `entity-refs-450k`, a tenth: every reference expanded, every piece of text between kept, in order.
    @Test func textBetweenEntityReferencesIsKeptWhole() throws {
        let feed = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY a \"x\">\n]>\n"
            + "<rss version=\"2.0\"><channel><title>Refs</title><item><title>Refs</title><description>"
            + String(repeating: "y&a;", count: 45_000) + "</description></item></channel></rss>\n"
        let build = try HostileSite.build(feed)
        #expect(build.articles == 1)
        #expect(try build.page("articles/refs/index.html").occurrences(of: String(repeating: "yx", count: 45_000)) == 1)
    }

    /// `attributes-at-limit`'s items, fewer: 256 attributes on every item is allowed, and each is an article.
    @Test func itemsWithTheMostAttributesAllowedAreRead() throws {
        let attributes = (0..<256).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let build = try HostileSite.build(Self.rss((0..<50).map { "<item \(attributes)><guid>urn:hostile:\($0)</guid></item>\n" }.joined()))
        #expect(build.articles == 50)
        #expect(build.articlePages.count == 50)
    }

    /// `authors-150k`, a thirtieth: every author is read (no quadratic merge drops or repeats one).
    @Test func manyAuthorsAreEachReadOnce() throws {
        let authors = (0..<5_000).map { "<author>a\($0)@example.org (Person \($0))</author>" }.joined()
        let build = try HostileSite.build(Self.oneItem(authors))
        #expect(build.articles == 1)
        #expect(try build.page("feed.json").occurrences(of: "Person ") == 5_000)
    }

    /// `url-dot-segments`, a thirtieth: 60,000 `a/../` segments resolve to the item's folder.
    @Test func aLinkOfDotSegmentsResolvesToOneShortURL() throws {
        let build = try HostileSite.build(Self.oneItem("<description>&lt;a href=\"" + String(repeating: "a/../", count: 60_000)
            + "\"&gt;x&lt;/a&gt;</description>"))
        let page = try build.page("articles/one-item/index.html")
        #expect(page.occurrences(of: "<a href=\"https://hostile.example/\"") == 1)
        #expect(!page.contains("a/../"))
    }

    /// HTML nested 10,000 deep is cut at libxml2's 256 levels: 128 `div`/`span` pairs, the text past them gone.
    @Test func deepHTMLIsCutAtTheParsersDepth() throws {
        let build = try HostileSite.build(Self.oneItem("<content:encoded><![CDATA[" + String(repeating: "<div><span>", count: 5_000) + "deep"
            + String(repeating: "</span></div>", count: 5_000) + "]]></content:encoded>"))
        let page = try build.page("articles/one-item/index.html")
        let content = try #require(page.between("data-testid=\"article-content\">", and: "</article>"))
        #expect(content.occurrences(of: "<div>") + content.occurrences(of: "<span>") <= 256)
        #expect(content.occurrences(of: "<div>") >= 120)
        #expect(!content.contains("deep"))
    }

    @Test func unclosedHTMLIsClosedWithinTheParsersDepth() throws {
        let build = try HostileSite.build(Self.oneItem("<content:encoded><![CDATA[" + String(repeating: "<b><i>x", count: 50_000) + "]]></content:encoded>"))
        let page = try build.page("articles/one-item/index.html")
        let content = try #require(page.between("data-testid=\"article-content\">", and: "</article>"))
        #expect(content.occurrences(of: "<b>") == content.occurrences(of: "</b>"))
        #expect(content.occurrences(of: "<b>") + content.occurrences(of: "<i>") <= 256)
    }

    /// `html-elements-1m`'s elements, fewer than the tag bound: each one kept, nothing cut.
    @Test func manySmallElementsAreEachKept() throws {
        let build = try HostileSite.build(Self.oneItem("<content:encoded><![CDATA[" + String(repeating: "<i></i>", count: 20_000) + "]]></content:encoded>"))
        #expect(build.warnings == [])
        #expect(try build.page("articles/one-item/index.html").occurrences(of: "<i></i>") == 20_000)
    }

    @Test func commentsNeverReachThePage() throws {
        let build = try HostileSite.build(Self.oneItem("<content:encoded><![CDATA[" + String(repeating: "<!---->", count: 20_000) + "kept]]></content:encoded>"))
        let page = try build.page("articles/one-item/index.html")
        #expect(!page.contains("<!---->"))
        #expect(page.contains("kept"))
    }

    /// A content tag with 100,000 attributes: cut at 256, named, its text kept.
    @Test func aTagWithTooManyAttributesIsCutAndNamed() throws {
        let attributes = (0..<100_000).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let build = try HostileSite.build(Self.oneItem("<content:encoded><![CDATA[<p \(attributes)>many attributes</p>]]></content:encoded>"))
        #expect(build.warnings == ["source 'hostile': the HTML of 'One item' has more than 500000 tags and comments, or a tag with more than "
            + "256 attributes; the page shows it cut there"])
        #expect(try build.page("articles/one-item/index.html").occurrences(of: "<p>many attributes</p>") == 1)
    }

    /// The first regression of docs/security.md: an item's categories each made a tag page (100,000 of them).
    @Test func manyCategoriesMakeAtMostAHundredTagPages() throws {
        let build = try HostileSite.build(Self.oneItem((0..<1_000).map { "<category>tag \($0)</category>" }.joined()))
        #expect(build.warnings == ["source 'hostile': 'One item' has 1000 categories; the first 100 are kept as tags"])
        #expect(build.tagPages.count == 100)
        #expect(build.tagPages.contains("tag-0") && build.tagPages.contains("tag-99") && !build.tagPages.contains("tag-100"))
    }
}

/// A site whose one source is a hostile feed, built offline with the built-in theme, and what the build made
/// (its output folder goes with it).
final class HostileSite {
    let report: BuildReport
    let output: URL

    private init(report: BuildReport, output: URL) {
        self.report = report
        self.output = output
    }

    deinit { try? FileManager.default.removeItem(at: output) }

    /// The source's failure, when the feed was refused.
    var refusal: String? {
        guard case .failed(let reason) = report.sources.first?.outcome else { return nil }
        return reason.text
    }

    var articles: Int { report.articleCount }
    var warnings: [String] { report.warnings.map(\.description) }
    /// The slugs of the article pages, sorted.
    var articlePages: [String] { folders(in: "articles") }
    /// The slugs of the tag pages, sorted.
    var tagPages: [String] { folders(in: "tags") }

    private func folders(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(folder).path)) ?? []).sorted()
    }

    func page(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: output.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// Builds a site whose feed is `feed`.
    static func build(_ feed: String, suffix: String = ".xml", fetch: String = "{}") throws -> HostileSite {
        try build(suffix: suffix, fetch: fetch) { try Data(feed.utf8).write(to: $0) }
    }

    /// Builds a site whose feed is a sparse file of `size` bytes.
    static func build(size: UInt64) throws -> HostileSite {
        try build(suffix: ".xml", fetch: "{}") { file in
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: size)
            try handle.close()
        }
    }

    private static func build(suffix: String, fetch: String, write: (URL) throws -> Void) throws -> HostileSite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        try Data(#"{"title": "Hostile", "sources": [{"id": "hostile", "path": "feeds/hostile\#(suffix)"}], "fetch": \#(fetch)}"#.utf8)
            .write(to: folder.appendingPathComponent("site.json"))
        try write(folder.appendingPathComponent("feeds/hostile" + suffix))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-public-\(UUID().uuidString)")
        let report = try SiteBuilder.build(try Site.load(from: folder), options: BuildOptions(output: output, offline: true))
        return HostileSite(report: report, output: output)
    }
}

extension String {
    /// How many times `needle` occurs, not overlapping.
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }

    /// The text between the first `start` and the next `end` after it.
    func between(_ start: String, and end: String) -> String? {
        guard let from = range(of: start)?.upperBound, let to = range(of: end, range: from..<endIndex)?.lowerBound else { return nil }
        return String(self[from..<to])
    }
}
