import Foundation
import Mustache
import NewsgenModel
import Testing
@testable import NewsgenKit

/// A site of two sources, three months, tags, a bookmark with a note, images, full text and a duplicate,
/// as the Render stage takes it, and the changes an hour can bring to it.
enum KeyCheckSite {
    static let day: TimeInterval = 86_400
    /// 2026-11-20T10:00:00Z.
    static let newest = Date(timeIntervalSince1970: 1_795_168_800)

    static func article(_ n: Int, source: String = "harbor", daysBack: Double, tags: [String] = []) -> PreparedArticle {
        var article = Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: source, title: "Story \(n)",
                              link: "https://\(source).example/\(n)", author: n % 2 == 0 ? "Ann" : nil,
                              published: newest.addingTimeInterval(-daysBack * day), contentHTML: "<p>Body \(n)</p>", tags: tags)
        if n == 3 {
            article.fullText = FullText(html: "<p>Full</p>", url: article.link!, finalURL: article.link!,
                                        extractedAt: newest, extractor: "1", feedStamp: "s")
        }
        var prepared = PreparedArticle(article)
        prepared.summaryText = "Summary \(n)"
        if n == 2 { prepared.image = ArticleImage(media: "m2.jpg", thumbnail: "t2.jpg", thumbnail2x: "t2@2x.jpg", inContent: false) }
        return prepared
    }

    static var articles: [PreparedArticle] {
        [article(1, daysBack: 0, tags: ["Swift", "Rust"]), article(2, source: "bay", daysBack: 1, tags: ["Swift"]),
         article(3, daysBack: 2), article(4, source: "bay", daysBack: 25, tags: ["Rust"]),
         article(5, daysBack: 30, tags: ["Swift"]), article(6, source: "bay", daysBack: 31, tags: ["Go"]),
         article(7, daysBack: 60), article(8, source: "bay", daysBack: 62, tags: ["Swift", "Go"]),
         // A copy of story 1 in the other source: listed as story 1, with a page of its own and a tag only it has.
         article(9, source: "bay", daysBack: 0, tags: ["Only"])]
    }

    static func input() throws -> RenderInput {
        var config = SiteConfig(title: "Bay", sources: [])
        config.pageSize = 2
        config.baseURL = "https://news.example/"
        let templates = try Templates.load(from: URL(fileURLWithPath: "/nonexistent-templates-\(UUID().uuidString)"), shownAs: "templates")
        var input = RenderInput(config: config, templates: templates, articles: articles,
                                sources: ["harbor": SourceInfo(id: "harbor", title: "Harbor Gazette", url: "https://harbor.example/"),
                                          "bay": SourceInfo(id: "bay", title: "Bay Weekly")],
                                bookmarks: BookmarkManifest(bookmarks: [Bookmark(id: String(format: "%016x", 5), added: newest, title: "Story 5", note: "Read")]))
        input.duplicateOf = [String(format: "%016x", 9): String(format: "%016x", 1)]
        return input
    }

    /// One article of `input` changed by `change`.
    static func editing(_ input: RenderInput, _ n: Int, _ change: (inout PreparedArticle) -> Void) -> RenderInput {
        var input = input
        if let index = input.articles.firstIndex(where: { $0.article.id == String(format: "%016x", n) }) { change(&input.articles[index]) }
        return input
    }

    /// What an hour can bring, each on its own.
    static let changes: [(name: String, change: @Sendable (RenderInput) -> RenderInput)] = [
        ("a new article", { var input = $0; input.articles.insert(article(10, daysBack: -0.1, tags: ["Swift"]), at: 0); return input }),
        ("a new article with an old date", { var input = $0; input.articles.append(article(11, source: "bay", daysBack: 120)); return input }),
        ("a title edit", { editing($0, 4) { $0.article.title = "Story 4, corrected" } }),
        ("a tag added", { editing($0, 3) { $0.article.tags = ["Go"] } }),
        ("a tag spelled otherwise", { editing($0, 6) { $0.article.tags = ["go"] } }),
        ("a bookmark added", { var input = $0
            input.bookmarks = BookmarkManifest(bookmarks: input.bookmarks.bookmarks + [Bookmark(id: String(format: "%016x", 4), added: newest, title: "Story 4")])
            return input }),
        ("a bookmark removed", { var input = $0; input.bookmarks = BookmarkManifest(); return input }),
        ("a bookmark's note edited", { var input = $0
            input.bookmarks = BookmarkManifest(bookmarks: [Bookmark(id: String(format: "%016x", 5), added: newest, title: "Story 5", note: "Reread")])
            return input }),
        ("a source's title from its feed", { var input = $0; input.sources["bay"]?.title = "The Bay Weekly"; return input }),
        ("a source's site", { var input = $0; input.sources["bay"]?.url = "https://bay.example/"; return input }),
        ("an image fetched", { editing($0, 7) { prepared in
            prepared.image = ArticleImage(media: "m7.jpg", thumbnail: "t7.jpg", thumbnail2x: nil, inContent: true)
            prepared.contentHTML = "<p>Body 7</p><img src=\"../../media/m7.jpg\">" } }),
        ("a thumbnail made", { editing($0, 2) { $0.image?.thumbnail2x = "t2-2x.jpg" } }),
        ("a takedown", { var input = $0; input.articles.removeAll { $0.article.id == String(format: "%016x", 5) }; return input }),
        ("a duplicate's original taken down", { var input = $0; input.articles.removeAll { $0.article.id == String(format: "%016x", 1) }
            input.duplicateOf = [:]; return input }),
        ("a text edit", { editing($0, 8) { $0.contentHTML = "<p>Body 8, longer now than it was.</p>" } }),
        ("a summary edit", { editing($0, 5) { $0.summaryText = "Summary 5, again" } }),
        ("a summary's HTML", { editing($0, 5) { $0.summaryHTML = "<p>Summary</p>" } }),
        ("an author", { editing($0, 3) { $0.article.author = "Bo" } }),
        ("a link", { editing($0, 3) { $0.article.link = "https://harbor.example/3b" } }),
        ("a date a second later", { editing($0, 6) { $0.article.published = $0.article.published?.addingTimeInterval(1) } }),
        ("a date a fraction of a second later", { editing($0, 6) { $0.article.published = $0.article.published?.addingTimeInterval(0.25) } }),
        ("the full text read again", { editing($0, 3) { $0.article.fullText?.extractedAt = newest.addingTimeInterval(3600) } }),
        ("the full text dropped", { editing($0, 3) { $0.article.fullText = nil } }),
        ("the image now in the text", { editing($0, 2) { $0.image?.inContent = true } }),
        ("a duplicate found", { var input = $0; input.duplicateOf[String(format: "%016x", 8)] = String(format: "%016x", 7); return input }),
    ]
}

extension SiteRenderer {
    /// Each keyed page by output path: its key as the build computes it, the key of all its values as the
    /// first `PageKey` made it (`valuesKey`), and its bytes.
    func keyCheck() throws -> [String: (key: UInt64, valuesKey: UInt64, bytes: Data)] {
        var pages: [String: (key: UInt64, valuesKey: UInt64, bytes: Data)] = [:]
        let (front, lists) = pageJobs()
        for job in front + lists {
            var valuesKey = PageKey()
            valuesKey.add(number: input.themeKey)
            for text in [job.template, job.route.path, job.title, job.description ?? "\u{0}"] { valuesKey.add(text) }
            let all = job.allValues()
            valuesKey.add(.object(all))
            valuesKey.add(.bool(job.inLayout))
            let file = try render(job.template, job.route, title: job.title, description: job.description, inLayout: job.inLayout, all)
            pages[job.route.outputPath] = (pageKey(job, values: job.values()), valuesKey.value, file.data)
        }
        return pages
    }
}

/// Page keys stand for the pages' values without making them (ADR 033): a page whose key stays the same must
/// be the same page, for every change an hour can bring.
@Suite("Page keys from article digests")
struct PageKeyCheckTests {
    @Test(arguments: KeyCheckSite.changes.map(\.name))
    func aPageWhoseKeyStaysIsTheSamePage(change name: String) throws {
        let before = try KeyCheckSite.input()
        let change = try #require(KeyCheckSite.changes.first { $0.name == name }).change
        let old = try SiteRenderer(before).keyCheck()
        let new = try SiteRenderer(change(before)).keyCheck()
        var changed = 0
        for (path, page) in new {
            guard let was = old[path] else { continue }
            if page.key == was.key {
                #expect(page.valuesKey == was.valuesKey, "\(path): its values changed, its key did not")
                #expect(page.bytes == was.bytes, "\(path): its bytes changed, its key did not")
            } else {
                changed += 1
            }
        }
        // Keys that changed with anything would pass the check above: some pages are kept.
        #expect(changed < new.count, "\(changed) of \(new.count) keys changed")
    }

    @Test func aDateAFractionOfASecondLaterKeepsEveryPage() throws {
        let before = try KeyCheckSite.input()
        let change = try #require(KeyCheckSite.changes.first { $0.name == "a date a fraction of a second later" }).change
        let old = try SiteRenderer(before).keyCheck(), new = try SiteRenderer(change(before)).keyCheck()
        #expect(new.allSatisfy { path, page in old[path].map { $0.key == page.key } ?? false })
    }

    @Test func aRenderedPageIsTheOneItsKeyWasComputedFor() throws {
        let input = try KeyCheckSite.input()
        let renderer = SiteRenderer(input)
        let checked = try renderer.keyCheck()
        for file in try renderer.render() where file.pageKey != nil {
            #expect(checked[file.path]?.key == file.pageKey, "\(file.path)")
            #expect(checked[file.path]?.bytes == file.data, "\(file.path)")
        }
    }
}

/// Each field of a prepared article reaches a digest exactly when it reaches the values that digest stands for.
@Suite("Article digests")
struct ArticleDigestTests {
    typealias Change = (name: String, change: @Sendable (inout PreparedArticle) -> Void)

    /// One change for every stored field of `PreparedArticle`, `Article`, `FullText` and `ArticleImage`
    /// (`everyFieldHasAChange` holds the list to the types).
    static let changes: [Change] = [
        ("PreparedArticle.contentHTML", { $0.contentHTML = "<p>Other</p>" }),
        ("PreparedArticle.summaryHTML", { $0.summaryHTML = "<p>Other</p>" }),
        ("PreparedArticle.summaryText", { $0.summaryText = "Other" }),
        ("PreparedArticle.image", { $0.image = nil }),
        ("PreparedArticle.enrichKey", { $0.enrichKey = EnrichKey(digest: Array(repeating: 7, count: EnrichKey.byteCount)) }),
        ("PreparedArticle.imagesShownAsLinks", { $0.imagesShownAsLinks = ["https://x.example/a.png"] }),
        ("PreparedArticle.article", { $0.article.title = "Other" }),
        ("Article.id", { $0.article.id = "ffffffffffffffff" }),
        ("Article.identityKey", { $0.article.identityKey = "other" }),
        ("Article.slug", { $0.article.slug = "other" }),
        ("Article.sourceID", { $0.article.sourceID = "bay" }),
        ("Article.title", { $0.article.title = "Other" }),
        ("Article.link", { $0.article.link = "https://other.example/" }),
        ("Article.author", { $0.article.author = "Other" }),
        ("Article.published", { $0.article.published = $0.article.published?.addingTimeInterval(60) }),
        ("Article.updated", { $0.article.updated = KeyCheckSite.newest }),
        ("Article.updated, undated", { $0.article.published = nil; $0.article.updated = KeyCheckSite.newest }),
        ("Article.summaryHTML", { $0.article.summaryHTML = "<p>Feed's</p>" }),
        ("Article.contentHTML", { $0.article.contentHTML = "<p>Feed's</p>" }),
        ("Article.tags", { $0.article.tags = ["Go"] }),
        ("Article.imageURL", { $0.article.imageURL = "https://x.example/i.png" }),
        ("Article.fullText", { $0.article.fullText = nil }),
        ("Article.feedText", { $0.article.feedText = .teaser }),
        ("FullText.html", { $0.article.fullText?.html = "<p>Other</p>" }),
        ("FullText.url", { $0.article.fullText?.url = "https://other.example/" }),
        ("FullText.finalURL", { $0.article.fullText?.finalURL = "https://other.example/" }),
        ("FullText.extractedAt", { $0.article.fullText?.extractedAt = KeyCheckSite.newest.addingTimeInterval(1) }),
        ("FullText.extractor", { $0.article.fullText?.extractor = "2" }),
        ("FullText.feedStamp", { $0.article.fullText?.feedStamp = "t" }),
        ("FullText.savedPage", { $0.article.fullText?.savedPage = "saved" }),
        ("FullText.wall", { $0.article.fullText?.wall = .paywall }),
        ("FullText.feedKept", { $0.article.fullText?.feedKept = .pageShorter }),
        ("FullText.rules", { $0.article.fullText?.rules = "0011223344556677" }),
        // Shown only through the Enrich stage's `ArticleImage` (its `media`), which the cases below change.
        ("FullText.leadImage", { $0.article.fullText?.leadImage = "https://other.example/hero.jpg" }),
        ("ArticleImage.media", { $0.image?.media = "other.jpg" }),
        ("ArticleImage.thumbnail", { $0.image?.thumbnail = "other.jpg" }),
        ("ArticleImage.thumbnail2x", { $0.image?.thumbnail2x = nil }),
        ("ArticleImage.inContent", { $0.image?.inContent = true }),
    ]

    /// An article with every field set: story 3 (full text) with story 2's image.
    static var subject: PreparedArticle {
        var prepared = KeyCheckSite.article(3, daysBack: 2, tags: ["Swift"])
        prepared.image = KeyCheckSite.article(2, daysBack: 1).image
        prepared.summaryHTML = "<p>Summary</p>"
        return prepared
    }

    @Test func everyFieldHasAChange() {
        let subject = Self.subject
        let fields = [("PreparedArticle", Mirror(reflecting: subject)), ("Article", Mirror(reflecting: subject.article)),
                      ("FullText", Mirror(reflecting: subject.article.fullText!)), ("ArticleImage", Mirror(reflecting: subject.image!))]
            .flatMap { type, mirror in mirror.children.compactMap(\.label).map { "\(type).\($0)" } }
        let changed = Set(Self.changes.map { String($0.name.prefix { $0 != "," }) })
        #expect(Set(fields).subtracting(changed).isEmpty, "fields no change covers: a new field must say whether pages show it")
    }

    @Test(arguments: changes.map(\.name))
    func aDigestChangesExactlyWhenItsValuesDo(field name: String) throws {
        let change = try #require(Self.changes.first { $0.name == name }).change
        let context = PageContext(try KeyCheckSite.input(), tags: TagIndex(listed: KeyCheckSite.articles, tagsOf: TagIndex.tagsByArticle(KeyCheckSite.articles)),
                                  sourcePages: SourceCatalog(try KeyCheckSite.input(), listed: KeyCheckSite.articles))
        let before = Self.subject
        var after = before
        change(&after)
        let route = Route.month(list: .home, YearMonth(year: 2026, month: 11)!)
        var key = PageKey()
        func hashed(_ value: MustacheValue) -> UInt64 {
            key = PageKey()
            key.add(value)
            return key.value
        }
        #expect((context.rowDigest(before) != context.rowDigest(after))
            == (hashed(context.row(before, from: route)) != hashed(context.row(after, from: route))), "row")
        #expect((context.neighbourDigest(before) != context.neighbourDigest(after))
            == (hashed(context.neighbour(before, from: route)) != hashed(context.neighbour(after, from: route))), "neighbour")
        #expect((context.pageDigest(before) != context.pageDigest(after))
            == (hashed(context.article(before)) != hashed(context.article(after))), "article page")
    }

    @Test func textDigestsReadEightBytesAtATimeAndEveryByteCounts() {
        // MurmurHash64A, seed 0, as a byte-by-byte reference in Python gives it.
        #expect(TextDigest.of("") == 0)
        #expect(TextDigest.of("a") == 0x0717_17d2_d36b_6b11)
        #expect(TextDigest.of("hello, world") == 0x9659_ad06_99a8_465f)
        #expect(TextDigest.of("<p>The quick brown fox</p>") == 0x6e56_cb8d_b8e0_d828)
        let text = Array("<p>A body of text, long enough for words and a tail.</p>".utf8)
        var seen: Set<UInt64> = [TextDigest.of(String(decoding: text, as: UTF8.self))]
        for index in text.indices {
            var changed = text
            changed[index] ^= 1
            seen.insert(TextDigest.of(String(decoding: changed, as: UTF8.self)))
            seen.insert(TextDigest.of(String(decoding: text.prefix(index), as: UTF8.self)))
        }
        #expect(seen.count == 1 + 2 * text.count)
    }
}
