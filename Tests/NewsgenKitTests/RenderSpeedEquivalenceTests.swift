import Foundation
import Mustache
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The byte writers and caches that replaced slower general code must give exactly what that code gave.
@Suite("Archive lines without JSONEncoder")
struct ArchiveLineWriterTests {
    /// Every character Foundation's writer treats specially, and text around them.
    static let awkward: [String] = [
        "", "plain", "a/b</script>", "quote \" and backslash \\", "tab\tnew\nline\rreturn",
        String((0..<0x20).map { Character(UnicodeScalar(UInt8($0))) }), "\u{7F}del", "café, naïve, 東京, 🎉 emoji",
        "line\u{2028}separator\u{2029}paragraph", "e\u{301} combining", "\u{FEFF}bom", "&<>'",
    ]

    private func encoded(_ article: Article) throws -> String {
        String(decoding: try FoundationOracle.archiveEncoder().encode(article), as: UTF8.self)
    }

    private func written(_ article: Article) -> String {
        String(decoding: ArchiveLineWriter.line(article), as: UTF8.self)
    }

    @Test(arguments: awkward)
    func everyStringFieldIsWrittenAsTheEncoderWritesIt(text: String) throws {
        let article = Article(id: "0123456789abcdef", slug: text, sourceID: text, title: text, link: text, author: text,
                              published: Date(timeIntervalSince1970: 1_790_000_000), updated: nil,
                              summaryHTML: text, contentHTML: text, tags: [text, text + "2"], imageURL: text,
                              identityKey: text + "\u{0}2026-03-05T10:00:00Z")
        #expect(written(article) == (try encoded(article)))
    }

    @Test func theIdentityKeyFollowsTheIDInSortedOrder() throws {
        let article = Article(id: "id", slug: "s", sourceID: "src", title: "T", imageURL: "i", identityKey: "a&b")
        #expect(written(article) == #"{"id":"id","identityKey":"a&b","imageURL":"i","slug":"s","sourceID":"src","tags":[],"title":"T"}"#)
        #expect(written(article) == (try encoded(article)))
    }

    @Test func absentFieldsAreLeftOutAndNoTagsIsAnEmptyList() throws {
        let article = Article(id: "id", slug: "s", sourceID: "src", title: "T")
        #expect(written(article) == #"{"id":"id","slug":"s","sourceID":"src","tags":[],"title":"T"}"#)
        #expect(written(article) == (try encoded(article)))
    }

    @Test(arguments: [0.0, 1_790_000_000.5, 1_790_000_000.123, 1_790_000_000.9996, -1.25, -62_135_596_800, 253_402_300_799.0,
                      253_402_300_800.0, -62_200_000_000.0, 951_782_400.0])
    func datesAreWrittenAsRFC3339Writes(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let article = Article(id: "id", slug: "s", sourceID: "src", title: "T", published: date, updated: date)
        #expect(written(article) == (try encoded(article)))
    }

    @Test func theStoreWritesTheSameFilesItReadsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("line-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let articles = Self.awkward.enumerated().map { index, text in
            Article(id: String(format: "%016x", index), slug: "s\(index)", sourceID: "src", title: text, contentHTML: text,
                    tags: [text], imageURL: nil, identityKey: text)
        }
        let archive = Archive(articlesBySource: ["src": articles])
        let store = ArchiveStore(directory: folder, shownAs: "content/archive")
        try store.save(archive)
        #expect(try store.load() == archive)
        let data = try Data(contentsOf: folder.appendingPathComponent("src/undated.jsonl"))
        let expected = try articles.sorted { $0.id < $1.id }.map { try encoded($0) + "\n" }.joined()
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }
}

@Suite("Relative links from paths")
struct RelativeLinkTests {
    /// The link as the first `Route.relativeLink(from:)` made it, splitting both paths: the oracle
    /// the byte scan is held to.
    static func reference(to target: Route, from: Route) -> String {
        let fromFolders = from.path.split(separator: "/").dropLast(from.isPage ? 0 : 1)
        let parts = target.path.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < fromFolders.count, common < parts.count - (target.isPage ? 0 : 1),
              fromFolders[fromFolders.startIndex + common] == parts[common] {
            common += 1
        }
        let ups = String(repeating: "../", count: fromFolders.count - common)
        let rest = parts.dropFirst(common).joined(separator: "/") + (target.isPage && parts.count > common ? "/" : "")
        return (ups + rest).isEmpty ? "./" : ups + rest
    }

    static let routes: [Route] = [
        .home, .legacyPage(list: .home, page: 2), .legacyPage(list: .home, page: 12), .archive,
        .month(list: .home, YearMonth(year: 2026, month: 11)!), .article(slug: "a-story"), .article(slug: "b"),
        .bookmarks(page: 1), .bookmarks(page: 3), .bookmarksFeed, .sources(page: 1), .source(id: "harbor"),
        .legacyPage(list: .source(id: "harbor"), page: 2), .month(list: .source(id: "harbor"), YearMonth(year: 2025, month: 1)!),
        .source(id: "valley"), .tag(slug: "swift"), .legacyPage(list: .tag(slug: "swift"), page: 4),
        .month(list: .tag(slug: "swift"), YearMonth(year: 2026, month: 2)!),
        .search, .atomFeed, .jsonFeed, .sitemap, .sitemapPart(number: 2), .opml, .media(name: "abc.jpg"),
        .thumbnail(name: "abc-80.jpg"), .asset(name: "style.css"), .asset(name: "search.js"),
    ]

    @Test func everyPairLinksAsRouteDoes() {
        for from in Self.routes {
            for to in Self.routes {
                #expect(to.relativeLink(from: from) == Self.reference(to: to, from: from), "\(from) → \(to)")
            }
        }
    }

    @Test func nonASCIIComponentsCompareAsStringsDo() {
        // "é" precomposed and decomposed: equal strings, different bytes, so one folder as `Route` sees it.
        let from = "/media/caf\u{E9}/", to = "/media/cafe\u{301}/x.jpg"
        #expect(Route.relativeLink(toPath: to, fromPath: from) == "x.jpg")
        #expect(Route.relativeLink(toPath: "/", fromPath: "/") == "./")
    }
}

@Suite("Render caches")
struct RenderCacheTests {
    @Test func datesShowAsFormatWouldShowThem() throws {
        let date = Date(timeIntervalSince1970: 1_793_491_500)  // 2026-11-01T00:05:00Z
        #expect(DateDisplay(timeZone: try #require(TimeZone(identifier: "UTC"))).iso(date) == "2026-11-01T00:05:00Z")
        #expect(DateDisplay(timeZone: try #require(TimeZone(identifier: "America/St_Johns"))).iso(date) == "2026-10-31T21:35:00-02:30")
        #expect(DateDisplay(timeZone: try #require(TimeZone(identifier: "Asia/Kolkata"))).displayWithTime(date) == "1 Nov 2026, 05:35 UTC+05:30")
        #expect(DateDisplay(timeZone: try #require(TimeZone(identifier: "UTC"))).iso(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(DateDisplay.padded(-5, 3) == "-05")
        #expect(DateDisplay.padded(12345, 4) == "12345")
    }

    @Test func tagsMadeOnceAreTheTagsMadeEachTime() {
        let spellings = ["Swift", " swift ", "SWIFT", "", "  ", "Kelvin \u{212A}", "Kelvin K", "Caf\u{E9}", "Cafe\u{301}", "Rust"]
        let articles = spellings.indices.map { index in
            PreparedArticle(Article(id: "id\(index)", slug: "s\(index)", sourceID: "src", title: "T",
                                    tags: [spellings[index], spellings[(index + 3) % spellings.count], spellings[index]]))
        }
        let made = TagIndex.tagsByArticle(articles)
        for prepared in articles {
            let once = made[prepared.article.id]?.map { [$0.slug, $0.name] }
            let each = TagIndex.tags(of: prepared.article).map { [$0.slug, $0.name] }
            // Byte for byte: String's == would let canonically equal spellings pass.
            #expect(once.map { $0.map { $0.map { Array($0.utf8) } } } == each.map { $0.map { Array($0.utf8) } })
        }
    }

    @Test func theSearchIndexEscapesWhatItAlwaysEscaped() throws {
        let title = "a\"b\\c\n\t\r<&>\u{2028}\u{2029}\u{1}\u{1F}é/🎉"
        let article = Article(id: "id", slug: "s", sourceID: "src", title: title, tags: ["x<y", " "])
        let document = SearchDocument(PreparedArticle(article), source: "src!", date: "", tags: TagIndex.tags(of: article))
        let chunk = try #require(SearchIndex([document]).files().first { $0.path == "search/m/0.json" })
        #expect(String(decoding: chunk.data, as: UTF8.self)
            == #"[["a\"b\\c\n\t\r\u003c\u0026\u003e\u2028\u2029\u0001\u001fé/🎉","../articles/s/","src!","",["x\u003cy"],""]]"# + "\n")
    }

    @Test func outputPathsThatNeedNoCleaningAreKeptAndTheOthersCleaned() {
        #expect(OutputFile.contained("articles/a/index.html") == "articles/a/index.html")
        #expect(OutputFile.contained("a/.../b") == "a/.../b")
        #expect(OutputFile.contained("/a//b/") == "a/b")
        #expect(OutputFile.contained("a/./b/../c") == "a/b/c")
        #expect(OutputFile.contained("a\\b\u{0}c") == "a/bc")
        #expect(OutputFile.contained("..") == "index.html")
        #expect(OutputFile.contained("") == "index.html")
        #expect(OutputFile.contained(".x/..y") == ".x/..y")
    }

    @Test func pageKeysHashTextAsBytesWithTheirLength() {
        var fast = PageKey()
        fast.add("héllo")
        fast.add(number: 42)
        var slow = PageKey()
        slow.add(bytes: withUnsafeBytes(of: UInt64(6).littleEndian) { Array($0) })
        slow.add(bytes: Array("héllo".utf8))
        slow.add(bytes: withUnsafeBytes(of: UInt64(42).littleEndian) { Array($0) })
        #expect(fast.value == slow.value)
        // FNV-1a of the empty string: its length, eight zero bytes, and nothing after.
        var empty = PageKey()
        empty.add("")
        #expect(empty.value == 0xa8c7_f832_281a_39c5)
    }
}

@Suite("Build record without JSONEncoder")
struct BuildRecordJSONTests {
    @Test(arguments: [true, false])
    func theRecordIsWrittenAsTheEncoderWritesIt(withPages: Bool) throws {
        var record = BuildRecord(fingerprint: "ab/cd\"e", output: "/dev/shm/site/public",
                                 files: ["index.html": FileStamp(size: 12, modified: 1_796_023_460_980_873_097),
                                         "articles/a-b/index.html": FileStamp(size: 0, modified: -5),
                                         "page/10/index.html": FileStamp(size: 3, modified: 7), "page/9/index.html": FileStamp(size: 4, modified: 8)],
                                 articleCount: 3, pageCount: 2, warnings: ["feeds/x.xml:1:2: a \"warning\"\twith a tab", "é"])
        record.pages = withPages ? ["index.html": UInt64.max, "articles/a-b/index.html": 0, "page/10/index.html": 42] : nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: record.json(), as: UTF8.self) == String(decoding: try encoder.encode(record.tree), as: UTF8.self))
        #expect(try JSONDecoder().decode(OracleValue.self, from: record.json()) == record.tree)
        #expect(BuildRecord(json: record.json()) == record)
        // What JSONEncoder writes in other shapes (pretty, keys in any order) reads the same.
        encoder.outputFormatting = [.prettyPrinted]
        #expect(BuildRecord(json: try encoder.encode(record.tree)) == record)
    }

    /// Escapes the writer never makes but JSON allows: \u escapes, a surrogate pair, \b \f \n \r \/.
    @Test func theReaderDecodesEveryEscape() {
        let json = #"{"articleCount":1,"files":{"a\u00e9\ud83d\ude00\/b":{"modified":-1,"size":2}},"fingerprint":"x\b\f\n\r\t\"\\","#
            + #""output":"o","pageCount":0,"version":1,"warnings":[]}"#
        let record = BuildRecord(json: Data(json.utf8))
        #expect(record?.files == ["aé😀/b": FileStamp(size: 2, modified: -1)])
        #expect(record?.fingerprint == "x\u{08}\u{0C}\n\r\t\"\\")
        #expect(record?.pages == nil)
    }

    /// A record that is not exactly this shape is no record: the next build is a full one.
    @Test(arguments: [
        "", "{}", "[]", #"{"articleCount":1}"#,
        #"{"articleCount":1,"files":{},"fingerprint":"f","output":"o","pageCount":0,"version":1,"warnings":[]} x"#,
        #"{"articleCount":1,"files":{},"fingerprint":"f","output":"o","pageCount":0,"version":1,"warnings":[],"extra":1}"#,
        #"{"articleCount":1.5,"files":{},"fingerprint":"f","output":"o","pageCount":0,"version":1,"warnings":[]}"#,
        #"{"articleCount":1,"files":{"a":{"size":1}},"fingerprint":"f","output":"o","pageCount":0,"version":1,"warnings":[]}"#,
        #"{"articleCount":1,"files":{},"fingerprint":"f\u12","output":"o","pageCount":0,"version":1,"warnings":[]}"#,
        #"{"articleCount":1,"files":{},"fingerprint":"f","output":"o","pageCount":0,"pages":{"a":-1},"version":1,"warnings":[]}"#,
        #"{"articleCount":99999999999999999999,"files":{},"fingerprint":"f","output":"o","pageCount":0,"version":1,"warnings":[]}"#,
    ])
    func anythingElseIsNoRecord(json: String) {
        #expect(BuildRecord(json: Data(json.utf8)) == nil)
    }

    /// Inside the site the output is named relative to it, so the name survives a move; elsewhere by its full path.
    @Test(arguments: [
        ("/srv/site/public", "/srv/site", "public"), ("/srv/site/out/www/", "/srv/site/", "out/www"),
        ("/srv/site/../site/public", "/srv/site", "public"), ("/srv/www", "/srv/site", "/srv/www"),
        ("/srv/site-2/public", "/srv/site", "/srv/site-2/public"), ("/srv/site", "/srv/site", "/srv/site"),
    ])
    func theOutputIsNamedRelativeToTheSite(output: String, site: String, name: String) {
        #expect(BuildRecord.outputName(URL(fileURLWithPath: output), site: URL(fileURLWithPath: site)) == name)
    }

    @Test func anEmptyRecordToo() throws {
        let record = BuildRecord(fingerprint: "", output: "", files: [:], articleCount: 0, pageCount: 0, warnings: [], pages: [:])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(record.json() == (try encoder.encode(record.tree)))
    }
}
