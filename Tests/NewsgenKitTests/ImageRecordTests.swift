import Foundation
import NewsgenModel
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

/// The image records (ADR 035): an article whose prepared text and images' outcomes are what they were
/// is not scanned or rewritten again, and whatever the records say, the articles are what a build
/// without them makes.
@Suite("Image records")
struct ImageRecordTests {
    typealias Server = ImageFixtureServer

    let server = Server.stub()

    /// A site-like folder of its own: the Enrich cache, the image cache, the records and the media folder.
    struct Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("image-records-\(UUID().uuidString)")
        var records: ImageRecordStore { ImageRecordStore(directory: url.appendingPathComponent("records")) }
        var enrich: EnrichCacheStore { EnrichCacheStore(directory: url.appendingPathComponent("enrich")) }
        func remove() { try? FileManager.default.removeItem(at: url) }
        func file(_ path: String) -> URL { url.appendingPathComponent(path) }
    }

    /// Articles with images in their content and summary (the same one in both, one twice), an item image,
    /// an image `/later/8` whose server fails before it answers, and an article without images.
    static func articles() -> [Article] {
        let later = Server.host + "/later/8"
        return [
            Article(id: "a", slug: "a", sourceID: "src", title: "A", link: "https://example.org/a/",
                    summaryHTML: "<p>See <img src=\"\(Server.host)/gif/1\" alt=\"one\"></p>",
                    contentHTML: "<p><img src=\"\(Server.host)/gif/1\" alt=\"one\"> and <img src=\"\(Server.host)/gif/2\" srcset=\"\(Server.host)/gif/3 2x\"></p>"),
            Article(id: "b", slug: "b", sourceID: "src", title: "B", link: "https://example.org/b/",
                    contentHTML: "<p>Later: <img src=\"\(later)\" alt=\"later\"> <img src=\"\(Server.host)/missing\" alt=\"gone\"></p>",
                    imageURL: Server.host + "/gif/4"),
            Article(id: "c", slug: "c", sourceID: "src", title: "C", link: "https://example.org/c/", contentHTML: "<p>No pictures.</p>"),
        ]
    }

    /// One build's image stage over `articles`, prepared through the Enrich cache in `folder`: with the records
    /// (saved afterwards), or without any (`records: false`), which is what every build must equal.
    func build(_ articles: [Article], in folder: Folder, records: Bool = true) -> ImageStage.Output {
        let prepared = CachedPreparation.make(articles, embedHosts: [], store: folder.enrich, parallel: false).articles
        let cache = ImageCache(directory: folder.file("images"), limits: ImageCacheTests.limits, timeoutSeconds: 5, shownAs: "cache",
                               network: server.network)
        let stage = ImageStage(cache: cache, thumbnailer: Thumbnailer(), concurrency: 2, articlesDirectory: folder.file("articles"),
                               mediaFolder: folder.file("media-\(UUID().uuidString)"))
        let output = records ? stage.run(prepared, recordsIn: folder.records) : stage.run(prepared)
        try? cache.save()
        return output
    }

    /// What a page shows of each article.
    static func shown(_ output: ImageStage.Output) -> [[String?]] {
        output.articles.map { [$0.contentHTML, $0.summaryHTML, $0.imagesShownAsLinks.joined(separator: "|"), $0.image?.media] }
    }

    func laterFailsOnce() {
        server.on(Server.host + "/later/8", .response(HTTPStub.status(503)),
                  .response(HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "image/gif")]), body: Server.gif(8))))
    }

    @Test func anUnchangedArticleTakesItsRewriteFromItsRecord() throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles()
        let first = build(articles, in: folder)
        #expect(first.records?.reused == [])
        #expect(first.records?.entries.count == 3)
        let second = build(articles, in: folder)
        #expect(second.records?.reused.count == 3)
        #expect(Self.shown(second) == Self.shown(first))
        #expect(Self.shown(second) == Self.shown(build(articles, in: folder, records: false)))
        #expect(second.files.map(\.path) == first.files.map(\.path))
        let a = try #require(second.articles.first?.contentHTML)
        #expect(!a.contains(Server.host), "every image of A is served from the site: \(a)")
    }

    @Test func anImageFetchedInALaterBuildChangesThePage() throws {
        laterFailsOnce()
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles()
        let first = build(articles, in: folder)
        let before = try #require(first.articles[1].contentHTML)
        #expect(before.contains("<a href=\"\(Server.host)/later/8\" class=\"image-link\""))
        #expect(first.articles[1].imagesShownAsLinks == [Server.host + "/later/8", Server.host + "/missing"])

        let second = build(articles, in: folder)
        let after = try #require(second.articles[1].contentHTML)
        let name = SHA256.hex(Server.gif(8)) + ".gif"
        #expect(after.contains("src=\"../../media/\(name)\""), "\(after)")
        #expect(second.articles[1].imagesShownAsLinks == [Server.host + "/missing"])
        #expect(second.records?.reused == Set([first.articles[0], first.articles[2]].compactMap(\.enrichKey)))
        #expect(second.files.contains { $0.path == "media/\(name)" })
        // And the record of the new rewrite serves the build after it.
        let third = build(articles, in: folder)
        #expect(third.records?.reused.count == 3)
        #expect(Self.shown(third) == Self.shown(second))
    }

    @Test func aFailedImageIsTriedAgainEveryBuild() {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles()
        for _ in 0..<3 { _ = build(articles, in: folder) }
        #expect(server.requests(to: Server.host + "/missing").count == 3)
    }

    @Test func anImageThatStopsWorkingIsALinkAgain() throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles()
        _ = build(articles, in: folder)
        // The cache forgets /gif/1 and its server now fails: the record's rewrite (served from the site) no longer applies.
        try FileManager.default.removeItem(at: folder.file("images"))
        server.on(Server.host + "/gif/1", .response(HTTPStub.status(500)))
        let second = build(articles, in: folder)
        #expect(try #require(second.articles[0].contentHTML).contains("<a href=\"\(Server.host)/gif/1\" class=\"image-link\""))
        #expect(second.records?.reused == Set(second.articles.dropFirst().compactMap(\.enrichKey)))
        #expect(Self.shown(second) == Self.shown(build(articles, in: folder, records: false)))
    }

    @Test(arguments: ["flip", "cut", "index"])
    func aDamagedRecordOnlyCostsTime(_ damage: String) throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles()
        let first = build(articles, in: folder)
        let segment = folder.file("records/segment-1.bin")
        var bytes = try Data(contentsOf: segment)
        switch damage {
        case "flip": for offset in stride(from: 40, to: bytes.count, by: 97) { bytes[offset] ^= 0x20 }
        case "cut": bytes = bytes.prefix(bytes.count / 2)
        default: try Data("not an index".utf8).write(to: folder.file("records/index.bin"))
        }
        if damage != "index" { try bytes.write(to: segment) }
        let second = build(articles, in: folder)
        #expect(second.records?.reused.count ?? 0 < 3)
        #expect(Self.shown(second) == Self.shown(first))
        #expect(build(articles, in: folder).records?.reused.count == 3, "the next build has whole records again")
    }

    @Test func recordsRoundTripAndReadOnlyWholeForTheirKey() {
        let key = EnrichKey(digest: Array(0..<32))
        for record in [ImageRecord(references: [], decisions: [], imagesShownAsLinks: []),
                       ImageRecord(references: ["https://x/1.png", "é.png"], decisions: [.local("../../media/a.png"), .link],
                                   contentHTML: "<p>é</p>", summaryHTML: "", imagesShownAsLinks: ["é.png", "é.png"])] {
            let bytes = ImageRecordCoding.encode(key, record)
            #expect(UInt64(bytes.count) == ImageRecordCoding.encodedByteCount(record))
            #expect(bytes.withUnsafeBytes { ImageRecordCoding.decode($0, key: key) } == record)
            #expect(bytes.withUnsafeBytes { ImageRecordCoding.decode($0, key: EnrichKey(digest: Array(1...32))) } == nil)
            for cut in [1, 8, bytes.count - 1] {
                #expect(bytes.withUnsafeBytes { ImageRecordCoding.decode(UnsafeRawBufferPointer(rebasing: $0[0..<bytes.count - cut]), key: key) } == nil)
            }
        }
    }
}
