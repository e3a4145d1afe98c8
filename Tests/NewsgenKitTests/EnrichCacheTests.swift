import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The Enrich cache (ADR 027): what it gives back is what sanitizing gives, whatever was done to its files.
@Suite("Enrich cache")
struct EnrichCacheTests {
    /// A folder of its own for each test, removed by `remove`.
    struct Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("enrich-cache-\(UUID().uuidString)")
        var store: EnrichCacheStore { EnrichCacheStore(directory: url) }
        func remove() { try? FileManager.default.removeItem(at: url) }
        func file(_ name: String) -> URL { url.appendingPathComponent(name) }
        var segmentNames: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasPrefix("segment-") }.sorted()
        }
    }

    /// Articles that exercise every branch of `PreparedText.make`: content, summary, neither, full text, an iframe.
    static func articles(_ count: Int, tag: String = "") -> [Article] {
        (0..<count).map { n in
            var article = Article(id: "id\(n)\(tag)", slug: "s\(n)", sourceID: "src", title: "Title \(n)", link: "https://example.org/\(n)\(tag)/",
                                  summaryHTML: n % 3 == 0 ? nil : "<p onclick=x>Summary <b>\(n)\(tag)</b> <a href=\"rel\">more</a></p>",
                                  contentHTML: n % 4 == 1 ? nil : "<div><p>Body \(n)\(tag) caf\u{E9} \u{1F600}</p><iframe src=\"https://video.example/e/\(n)\"></iframe><script>x()</script></div>")
            if n % 5 == 2 {
                article.fullText = FullText(html: "<p>Full text \(n)\(tag) <img src=\"i.png\"></p>", url: "https://example.org/\(n)/",
                                            finalURL: "https://example.org/final/\(n)/", extractedAt: Date(timeIntervalSince1970: 0),
                                            extractor: "1", feedStamp: "0")
            }
            if n % 7 == 6 { article.summaryHTML = "   " }
            return article
        }
    }

    /// What sanitizing everything again gives: the reference every cached build must equal.
    static func uncached(_ articles: [Article], embedHosts: [String] = []) -> [PreparedText] {
        articles.map { PreparedText.make($0, embedHosts: embedHosts) }
    }

    static func prepare(_ articles: [Article], in folder: Folder, embedHosts: [String] = []) -> CachedPreparation {
        CachedPreparation.make(articles, embedHosts: embedHosts, store: folder.store, parallel: false)
    }

    static func flipByte(in file: URL, at offset: Int) throws {
        var data = try Data(contentsOf: file)
        data[offset] ^= 0x20
        try data.write(to: file)
    }

    static func truncate(_ file: URL, by count: Int) throws {
        let data = try Data(contentsOf: file)
        try data.prefix(data.count - count).write(to: file)
    }

    @Test func aSecondBuildReusesEveryArticleAndGetsTheSameText() {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles(40)
        let first = Self.prepare(articles, in: folder)
        #expect(first.statistics == EnrichStatistics(sanitized: 40, reused: 0))
        #expect(first.warnings.isEmpty)
        let second = Self.prepare(articles, in: folder)
        #expect(second.statistics == EnrichStatistics(sanitized: 0, reused: 40))
        #expect(second.articles.map(\.text) == Self.uncached(articles))
        #expect(first.articles.map(\.text) == Self.uncached(articles))
        // Nothing new: no second segment, nothing appended.
        #expect(folder.segmentNames == ["segment-1.bin"])
    }

    @Test func recordsRoundTripWithAbsentAndEmptyTexts() throws {
        let key = EnrichKey(digest: Array(0..<32))
        for text in [PreparedText(), PreparedText(contentHTML: "", summaryHTML: nil, summaryText: "é"),
                     PreparedText(contentHTML: "<p>a</p>", summaryHTML: "<p>b</p>", summaryText: "b")] {
            let bytes = EnrichRecord.encode(key, text)
            #expect(bytes.withUnsafeBytes { EnrichRecord.decode($0, key: key) } == text)
            #expect(bytes.withUnsafeBytes { EnrichRecord.decode($0, key: EnrichKey(digest: Array(1...32))) } == nil)
            for cut in [1, 8, bytes.count - 1] {
                #expect(bytes.withUnsafeBytes { EnrichRecord.decode(UnsafeRawBufferPointer(rebasing: $0[0..<bytes.count - cut]), key: key) } == nil)
            }
            for offset in stride(from: 0, to: bytes.count, by: 3) {
                var flipped = bytes
                flipped[offset] ^= 0x01
                #expect(flipped.withUnsafeBytes { EnrichRecord.decode($0, key: key) } == nil)
            }
        }
    }

    @Test func onlyNewArticlesAreSanitizedAndAppended() throws {
        let folder = Folder()
        defer { folder.remove() }
        let old = Self.articles(30)
        _ = Self.prepare(old, in: folder)
        let size = try Data(contentsOf: folder.file("segment-1.bin")).count
        let next = Self.articles(3, tag: "-new") + old
        let second = Self.prepare(next, in: folder)
        #expect(second.statistics == EnrichStatistics(sanitized: 3, reused: 30))
        #expect(second.articles.map(\.text) == Self.uncached(next))
        #expect(try Data(contentsOf: folder.file("segment-1.bin")).count > size)
        #expect(Self.prepare(next, in: folder).statistics == EnrichStatistics(sanitized: 0, reused: 33))
    }

    @Test func aTruncatedSegmentLosesOnlyTheRecordsItCut() throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles(20)
        _ = Self.prepare(articles, in: folder)
        try Self.truncate(folder.file("segment-1.bin"), by: 10)
        let again = Self.prepare(articles, in: folder)
        #expect(again.statistics.sanitized >= 1)
        #expect(again.statistics.reused >= 1)
        #expect(again.articles.map(\.text) == Self.uncached(articles))
        // The segment that no longer holds what the index counted is not appended to: the next build reuses everything.
        #expect(Self.prepare(articles, in: folder).statistics == EnrichStatistics(sanitized: 0, reused: 20))
    }

    @Test func aFlippedByteInASegmentLosesOnlyItsRecord() throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles(20)
        _ = Self.prepare(articles, in: folder)
        try Self.flipByte(in: folder.file("segment-1.bin"), at: 100)
        let again = Self.prepare(articles, in: folder)
        #expect(again.statistics == EnrichStatistics(sanitized: 1, reused: 19))
        #expect(again.articles.map(\.text) == Self.uncached(articles))
        #expect(Self.prepare(articles, in: folder).statistics == EnrichStatistics(sanitized: 0, reused: 20))
    }

    @Test func aDamagedIndexIsACacheThatIsNotThere() throws {
        let articles = Self.articles(12)
        for damage in ["truncate", "flip", "empty", "garbage"] {
            let folder = Folder()
            defer { folder.remove() }
            _ = Self.prepare(articles, in: folder)
            let index = folder.file(EnrichCacheStore.indexName)
            switch damage {
            case "truncate": try Self.truncate(index, by: 5)
            case "flip": try Self.flipByte(in: index, at: 60)
            case "empty": try Data().write(to: index)
            default: try Data("not an index at all, but long enough to be read as one maybe".utf8).write(to: index)
            }
            let again = Self.prepare(articles, in: folder)
            #expect(again.statistics == EnrichStatistics(sanitized: 12, reused: 0), "\(damage)")
            #expect(again.articles.map(\.text) == Self.uncached(articles), "\(damage)")
            #expect(again.warnings.isEmpty, "\(damage)")
            // Rebuilt: the next build reuses it all, and the old segment was not kept beside the new one.
            #expect(Self.prepare(articles, in: folder).statistics == EnrichStatistics(sanitized: 0, reused: 12), "\(damage)")
            #expect(folder.segmentNames.count == 1, "\(damage)")
        }
    }

    @Test func anIndexOfAnotherFormatVersionIsIgnored() throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles(10)
        var other = folder.store
        other.formatVersion = EnrichCacheIndex.formatVersion + 1
        _ = CachedPreparation.make(articles, embedHosts: [], store: other, parallel: false)
        #expect(folder.store.load().index.entries.isEmpty)
        #expect(other.load().index.entries.count == 10)
        let again = Self.prepare(articles, in: folder)
        #expect(again.statistics == EnrichStatistics(sanitized: 10, reused: 0))
        #expect(again.articles.map(\.text) == Self.uncached(articles))
    }

    @Test func keysChangeWithEveryVersionAndSettingAndField() {
        let article = Self.articles(3)[2]
        let base = EnrichKey(article, settings: .init(embedHosts: []))
        #expect(EnrichKey(article, settings: .init(embedHosts: [])) == base)
        var otherVersions = EnrichKey.Settings.currentVersions
        otherVersions[3] = "prepared 999"
        #expect(EnrichKey(article, settings: .init(embedHosts: [], versions: otherVersions)) != base)
        #expect(EnrichKey(article, settings: .init(embedHosts: ["video.example"])) != base)
        var edits: [Article] = Array(repeating: article, count: 5)
        edits[0].link = "https://example.org/other/"
        edits[1].summaryHTML = nil
        edits[2].contentHTML = (article.contentHTML ?? "") + " "
        edits[3].fullText?.finalURL = "https://example.org/elsewhere/"
        edits[4].fullText?.html = ""
        for edit in edits { #expect(EnrichKey(edit, settings: .init(embedHosts: [])) != base) }
        // The key is the article's stored line (ADR 034): a title edit sanitizes it again too.
        var retitled = article
        retitled.title = "Another title"
        #expect(EnrichKey(retitled, settings: .init(embedHosts: [])) != base)
        // A field's bytes cannot run into the next one's.
        var a = article, b = article
        a.summaryHTML = "ab"; a.contentHTML = "c"
        b.summaryHTML = "a"; b.contentHTML = "bc"
        #expect(EnrichKey(a, settings: .init(embedHosts: [])) != EnrichKey(b, settings: .init(embedHosts: [])))
    }

    /// The digest the load read from the disk and the one of the line the save writes give the same key, so that an
    /// article saved in one build and loaded in the next is found; another line's digest is another key.
    @Test func theKeyIsTheStoredLinesDigest() {
        let articles = Self.articles(12)
        let settings = EnrichKey.Settings(embedHosts: [])
        for article in articles {
            let stored = SHA256.digest(ArchiveLineWriter.line(article))
            #expect(EnrichKey(lineDigest: stored, settings: settings) == EnrichKey(article, settings: settings))
        }
        let folder = Folder()
        defer { folder.remove() }
        _ = Self.prepare(articles, in: folder)
        let digests = ArchiveDigests(byID: Dictionary(uniqueKeysWithValues: articles.map { ($0.id, ArchiveDigests.line($0)) }))
        let again = CachedPreparation.make(articles, digests: digests, embedHosts: [], store: folder.store, parallel: false)
        #expect(again.statistics == EnrichStatistics(sanitized: 0, reused: 12))
        var other = digests
        other[articles[3].id] = Array(repeating: 5, count: 32)
        let missed = CachedPreparation.make(articles, digests: other, embedHosts: [], store: folder.store, parallel: false)
        #expect(missed.statistics == EnrichStatistics(sanitized: 1, reused: 11))
        #expect(missed.articles.map(\.text) == Self.uncached(articles))
    }

    @Test func anotherSitesCacheGivesThisSitesText() throws {
        let mine = Folder(), theirs = Folder()
        defer { mine.remove(); theirs.remove() }
        let their = Self.articles(15, tag: "-theirs") + Self.articles(5)
        _ = CachedPreparation.make(their, embedHosts: ["video.example"], store: theirs.store, parallel: false)
        try FileManager.default.copyItem(at: theirs.url, to: mine.url)
        // Same five articles but other embeds here, and ten of this site's own.
        let articles = Self.articles(5) + Self.articles(10, tag: "-mine")
        let built = Self.prepare(articles, in: mine)
        #expect(built.statistics == EnrichStatistics(sanitized: 15, reused: 0))
        #expect(built.articles.map(\.text) == Self.uncached(articles))
        // With the same embeds, the five shared articles are reused, and still give this site's text.
        try FileManager.default.removeItem(at: mine.url)
        try FileManager.default.copyItem(at: theirs.url, to: mine.url)
        let same = Self.prepare(articles, in: mine, embedHosts: ["video.example"])
        #expect(same.statistics == EnrichStatistics(sanitized: 10, reused: 5))
        #expect(same.articles.map(\.text) == Self.uncached(articles, embedHosts: ["video.example"]))
    }

    @Test func aCacheMostlyDeadIsCompactedIntoOneSegment() throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles(30)
        _ = Self.prepare(articles, in: folder)
        _ = Self.prepare(Self.articles(2, tag: "-a") + articles, in: folder)
        #expect(folder.segmentNames == ["segment-1.bin"])
        // Two thirds gone: the third left is written alone, to a new segment.
        let kept = Array(articles.prefix(10))
        let compacted = Self.prepare(kept, in: folder)
        #expect(compacted.statistics == EnrichStatistics(sanitized: 0, reused: 10))
        #expect(folder.segmentNames == ["segment-2.bin"])
        let index = folder.store.load().index
        #expect(index.entries.count == 10)
        #expect(index.liveBytes == index.totalBytes)
        #expect(try Data(contentsOf: folder.file("segment-2.bin")).count == Int(index.totalBytes))
        let again = Self.prepare(kept, in: folder)
        #expect(again.statistics == EnrichStatistics(sanitized: 0, reused: 10))
        #expect(again.articles.map(\.text) == Self.uncached(kept))
    }

    @Test func bytesAStoppedBuildAppendedAreCutAndNeverRead() throws {
        let folder = Folder()
        defer { folder.remove() }
        let articles = Self.articles(10)
        _ = Self.prepare(articles, in: folder)
        let segment = folder.file("segment-1.bin")
        let whole = try Data(contentsOf: segment)
        // As if a build was killed after appending half a record, before it wrote the index.
        let handle = try FileHandle(forWritingTo: segment)
        handle.seekToEndOfFile()
        handle.write(Data(EnrichRecord.encode(EnrichKey(digest: Array(repeating: 7, count: 32)), PreparedText(contentHTML: "x")).prefix(20)))
        try handle.close()
        // Leftover segments of a killed compaction go too.
        try Data("stray".utf8).write(to: folder.file("segment-9.bin"))
        let more = Self.articles(1, tag: "-more") + articles
        let next = Self.prepare(more, in: folder)
        #expect(next.statistics == EnrichStatistics(sanitized: 1, reused: 10))
        #expect(folder.segmentNames == ["segment-1.bin"])
        let grown = try Data(contentsOf: segment)
        #expect(grown.prefix(whole.count) == whole)
        #expect(grown.count == Int(folder.store.load().index.totalBytes))
        #expect(Self.prepare(more, in: folder).articles.map(\.text) == Self.uncached(more))
    }

    @Test func anUnwritableFolderIsAWarningNotAFailure() throws {
        let folder = Folder()
        defer { folder.remove() }
        // A file where the folder should be: nothing can be saved, everything is still prepared.
        try Data("in the way".utf8).write(to: folder.url)
        let articles = Self.articles(4)
        let built = Self.prepare(articles, in: folder)
        #expect(built.articles.map(\.text) == Self.uncached(articles))
        #expect(built.warnings.count == 1)
    }
}
