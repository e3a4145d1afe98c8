import Dispatch
import Foundation
import NewsgenModel
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

/// Temporary folders and what is on disk in a cache folder.
enum CacheFolder {
    static let manager = FileManager.default

    static func make() throws -> URL {
        let folder = manager.temporaryDirectory.appendingPathComponent("image-cache-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The names in `blobs/`, sorted.
    static func blobNames(_ folder: URL) -> [String] {
        ((try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent("blobs").path)) ?? []).sorted()
    }

    /// The bytes of the files in `blobs/`, as the file system counts them.
    static func blobBytes(_ folder: URL) -> Int {
        blobNames(folder).reduce(0) { sum, name in
            let path = folder.appendingPathComponent("blobs").appendingPathComponent(name).path
            return sum + (((try? manager.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0)
        }
    }

    static func blobName(_ data: Data) -> String { SHA256.hex(data) + ".gif" }
}

// MARK: - Memory tier

@Suite("Image cache: memory tier")
struct MemoryLRUTests {
    @Test func evictsTheLeastRecentlyUsed() {
        let lru = MemoryLRU<String, Int>(capacity: 20)
        #expect(lru.insert(1, cost: 10, for: "A") == [])
        #expect(lru.insert(2, cost: 10, for: "B") == [])
        #expect(lru.insert(3, cost: 10, for: "C") == ["A"])
        #expect(lru.keysByRecency == ["B", "C"])
        #expect(lru.value(for: "A") == nil)
        #expect(lru.totalBytes == 20)
    }

    @Test func aValueUsedIsKeptOverAnOlderOne() {
        let lru = MemoryLRU<String, Int>(capacity: 20)
        lru.insert(1, cost: 10, for: "A")
        lru.insert(2, cost: 10, for: "B")
        #expect(lru.value(for: "A") == 1)
        #expect(lru.insert(3, cost: 10, for: "C") == ["B"])
        #expect(lru.keysByRecency == ["A", "C"])
    }

    @Test func makesRoomForALargeValueByEvictingSeveral() {
        let lru = MemoryLRU<String, Int>(capacity: 30)
        lru.insert(1, cost: 10, for: "A")
        lru.insert(2, cost: 10, for: "B")
        lru.insert(3, cost: 10, for: "C")
        #expect(lru.insert(4, cost: 25, for: "D") == ["A", "B", "C"])
        #expect(lru.keysByRecency == ["D"])
        #expect(lru.totalBytes == 25)
    }

    @Test func aValueLargerThanTheBoundIsNotKeptAndItsOldValueGoes() {
        let lru = MemoryLRU<String, Int>(capacity: 20)
        lru.insert(1, cost: 10, for: "A")
        lru.insert(2, cost: 5, for: "B")
        #expect(lru.insert(3, cost: 21, for: "X") == [])
        #expect(lru.value(for: "X") == nil)
        #expect(lru.insert(4, cost: 21, for: "B") == [])
        #expect(lru.value(for: "B") == nil)
        #expect(lru.keysByRecency == ["A"])
        #expect(lru.totalBytes == 10)
    }

    @Test func replacingAValueRecountsItsCost() {
        let lru = MemoryLRU<String, Int>(capacity: 20)
        lru.insert(1, cost: 10, for: "A")
        lru.insert(2, cost: 10, for: "B")
        #expect(lru.insert(3, cost: 4, for: "A") == [])
        #expect(lru.totalBytes == 14)
        #expect(lru.keysByRecency == ["B", "A"])
    }

    @Test func theTotalNeverExceedsTheBoundAndTheHighWaterIsTheLargestTotal() {
        let lru = MemoryLRU<Int, Int>(capacity: 100)
        var largest = 0
        for step in 0..<2_000 {
            lru.insert(step, cost: (step * 37) % 61, for: step % 50)
            if step % 3 == 0 { _ = lru.value(for: (step * 7) % 50) }
            #expect(lru.totalBytes <= 100)
            largest = max(largest, lru.totalBytes)
        }
        #expect(lru.highWaterBytes == largest)
        #expect(lru.highWaterBytes == 100)
    }

    @Test func staysWithinItsBoundUnderConcurrentUse() {
        let lru = MemoryLRU<Int, Int>(capacity: 1_000)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<2_000 {
                lru.insert(step, cost: (step * 13 + worker) % 97, for: (step + worker * 31) % 200)
                _ = lru.value(for: (step * 3) % 200)
            }
        }
        #expect(lru.totalBytes <= 1_000)
        #expect(lru.highWaterBytes <= 1_000)
        #expect(lru.keysByRecency.count == lru.count)
    }
}

// MARK: - Disk tier

@Suite("Image cache: disk tier")
struct DiskImageCacheTests {
    typealias Server = ImageFixtureServer

    func store(_ cache: DiskImageCache, _ url: String, _ data: Data, etag: String? = nil) throws -> [String] {
        try cache.store(url, data: data, kind: .gif, sha256: SHA256.hex(data), etag: etag, lastModified: nil)
    }

    @Test func evictsTheLeastRecentlyUsedURL() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cache = DiskImageCache(directory: folder, capacity: 70)
        #expect(try store(cache, "A", Server.gif(1)) == [])
        #expect(try store(cache, "B", Server.gif(2)) == [])
        #expect(try store(cache, "C", Server.gif(3)) == ["A"])
        #expect(cache.urlsByRecency == ["B", "C"])
        #expect(CacheFolder.blobNames(folder) == [CacheFolder.blobName(Server.gif(2)), CacheFolder.blobName(Server.gif(3))].sorted())
    }

    @Test func aURLUsedIsKeptOverAnOlderOne() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cache = DiskImageCache(directory: folder, capacity: 70)
        _ = try store(cache, "A", Server.gif(1))
        _ = try store(cache, "B", Server.gif(2))
        cache.touch("A")
        #expect(try store(cache, "C", Server.gif(3)) == ["B"])
        #expect(cache.urlsByRecency == ["A", "C"])
    }

    @Test func aBlobSharedByTwoURLsCountsOnceAndStaysWhileOneUsesIt() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cache = DiskImageCache(directory: folder, capacity: 70)
        _ = try store(cache, "A", Server.gif(1))
        _ = try store(cache, "B", Server.gif(1))
        #expect(cache.totalBytes == 35)
        #expect(CacheFolder.blobNames(folder) == [CacheFolder.blobName(Server.gif(1))])
        #expect(try store(cache, "C", Server.gif(2)) == [])
        #expect(cache.totalBytes == 70)
        // Evicting A frees nothing (B still uses the blob), so B goes too.
        #expect(try store(cache, "D", Server.gif(3)) == ["A", "B"])
        #expect(CacheFolder.blobNames(folder) == [CacheFolder.blobName(Server.gif(2)), CacheFolder.blobName(Server.gif(3))].sorted())
        #expect(CacheFolder.blobBytes(folder) == 70)
    }

    @Test func anImageLargerThanTheBoundIsNotKept() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cache = DiskImageCache(directory: folder, capacity: 30)
        #expect(try store(cache, "A", Server.gif(1)) == [])
        #expect(cache.entry(for: "A") == nil)
        #expect(CacheFolder.blobNames(folder) == [])
    }

    @Test func theBlobsOnDiskNeverExceedTheBound() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cache = DiskImageCache(directory: folder, capacity: 500)
        for step in 0..<60 {
            let data = Server.gif(UInt8(step % 7), padding: (step * 53) % 200)
            _ = try store(cache, "u\(step % 15)", data)
            if step % 4 == 0 { cache.touch("u\((step * 3) % 15)") }
            #expect(CacheFolder.blobBytes(folder) <= 500)
            #expect(CacheFolder.blobBytes(folder) == cache.totalBytes)
        }
    }

    @Test func theLeastRecentlyUsedOrderCarriesOverToTheNextBuild() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = DiskImageCache(directory: folder, capacity: 105)
        _ = try store(first, "A", Server.gif(1))
        _ = try store(first, "B", Server.gif(2))
        _ = try store(first, "C", Server.gif(3))
        first.touch("A")
        try first.save()

        let second = DiskImageCache(directory: folder, capacity: 105)
        #expect(second.urlsByRecency == ["B", "C", "A"])
        #expect(second.repairs == [])
        #expect(try store(second, "D", Server.gif(4)) == ["B"])
    }

    @Test func aSmallerBoundEvictsWhenTheCacheOpens() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = DiskImageCache(directory: folder, capacity: 105)
        _ = try store(first, "A", Server.gif(1))
        _ = try store(first, "B", Server.gif(2))
        _ = try store(first, "C", Server.gif(3))
        try first.save()
        let second = DiskImageCache(directory: folder, capacity: 70)
        #expect(second.urlsByRecency == ["B", "C"])
        #expect(CacheFolder.blobBytes(folder) == 70)
    }

    @Test func theIndexIsPrettySortedAndCountsUsesNotTime() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cache = DiskImageCache(directory: folder, capacity: 1_000)
        let data = Server.gif(1)
        try cache.store("http://example.com/b.gif", data: data, kind: .gif, sha256: SHA256.hex(data),
                        etag: "\"e1\"", lastModified: "Mon, 05 Jan 2026 10:00:00 GMT")
        _ = try store(cache, "http://example.com/a.gif", data)
        try cache.save()
        let text = try String(contentsOf: folder.appendingPathComponent("index.json"), encoding: .utf8)
        let hash = SHA256.hex(data)
        #expect(text == """
        {
          "entries" : {
            "http://example.com/a.gif" : {
              "bytes" : 35,
              "fileExtension" : "gif",
              "lastUsed" : 2,
              "sha256" : "\(hash)"
            },
            "http://example.com/b.gif" : {
              "bytes" : 35,
              "etag" : "\\"e1\\"",
              "fileExtension" : "gif",
              "lastModified" : "Mon, 05 Jan 2026 10:00:00 GMT",
              "lastUsed" : 1,
              "sha256" : "\(hash)"
            }
          },
          "uses" : 2,
          "version" : 1
        }

        """)
    }

    @Test func anEmptyCacheWritesNoFolder() throws {
        let folder = try CacheFolder.make().appendingPathComponent("cache")
        defer { try? CacheFolder.manager.removeItem(at: folder.deletingLastPathComponent()) }
        try DiskImageCache(directory: folder, capacity: 100).save()
        #expect(!FileSystem.exists(folder))
    }

    // MARK: Healing

    @Test func anUnreadableIndexMeansAnEmptyCacheAndItsBlobsAreDeleted() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = DiskImageCache(directory: folder, capacity: 100)
        _ = try store(first, "A", Server.gif(1))
        try first.save()
        try Data("{ \"version\": 1, \"entries\": ".utf8).write(to: folder.appendingPathComponent("index.json"))

        let second = DiskImageCache(directory: folder, capacity: 100, shownAs: "cache")
        #expect(second.repairs == [
            "cache/index.json cannot be read (not valid JSON); the image cache starts empty",
            "deleted 1 file in cache/blobs that no entry uses",
        ])
        #expect(second.urlsByRecency == [])
        #expect(CacheFolder.blobNames(folder) == [])
    }

    @Test func anIndexOfAnotherVersionMeansAnEmptyCache() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        try Data(#"{"version": 2, "uses": 0, "entries": {}}"#.utf8).write(to: folder.appendingPathComponent("index.json"))
        let cache = DiskImageCache(directory: folder, capacity: 100, shownAs: "cache")
        #expect(cache.repairs == ["cache/index.json has version 2, but this newsgen reads version 1; the image cache starts empty"])
    }

    @Test func entriesWhoseBlobIsMissingOrTheWrongSizeAreDropped() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = DiskImageCache(directory: folder, capacity: 1_000)
        _ = try store(first, "A", Server.gif(1))
        _ = try store(first, "B", Server.gif(2))
        _ = try store(first, "C", Server.gif(3))
        try first.save()
        let blobs = folder.appendingPathComponent("blobs")
        try CacheFolder.manager.removeItem(at: blobs.appendingPathComponent(CacheFolder.blobName(Server.gif(1))))
        try Server.gif(2, padding: 1).write(to: blobs.appendingPathComponent(CacheFolder.blobName(Server.gif(2))))

        let second = DiskImageCache(directory: folder, capacity: 1_000, shownAs: "cache")
        #expect(second.repairs == [
            "cache/blobs/\(CacheFolder.blobName(Server.gif(1))) (for A) is missing; dropped it from the image cache",
            "cache/blobs/\(CacheFolder.blobName(Server.gif(2))) (for B) has 36 bytes, not 35; dropped it from the image cache",
            "deleted 1 file in cache/blobs that no entry uses",
        ])
        #expect(second.urlsByRecency == ["C"])
        #expect(CacheFolder.blobNames(folder) == [CacheFolder.blobName(Server.gif(3))])
    }

    @Test func aBlobWhoseBytesDoNotHashToItsNameIsDroppedWhenRead() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = DiskImageCache(directory: folder, capacity: 1_000)
        _ = try store(first, "A", Server.gif(1))
        _ = try store(first, "B", Server.gif(1))
        try first.save()
        let name = CacheFolder.blobName(Server.gif(1))
        try Server.gif(99).write(to: folder.appendingPathComponent("blobs").appendingPathComponent(name))

        let second = DiskImageCache(directory: folder, capacity: 1_000, shownAs: "cache")
        #expect(second.repairs == [])
        #expect(second.load("A") == nil)
        #expect(second.repairs == ["cache/blobs/\(name) does not hold the image it is named for; dropped it from the image cache"])
        #expect(second.urlsByRecency == [])
        #expect(CacheFolder.blobNames(folder) == [])
    }

    @Test func anEntryNamingAPathInsteadOfAHashIsDropped() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let index = #"{"version": 1, "uses": 1, "entries": {"A": {"sha256": "../../outside", "fileExtension": "gif", "bytes": 3, "lastUsed": 1}}}"#
        try Data(index.utf8).write(to: folder.appendingPathComponent("index.json"))
        let cache = DiskImageCache(directory: folder, capacity: 100, shownAs: "cache")
        #expect(cache.repairs == ["the image cache entry for A names no valid blob; dropped it"])
        #expect(cache.load("A") == nil)
    }

    @Test func linksAreRemovedNeverFollowed() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cacheFolder = folder.appendingPathComponent("cache")
        let outside = folder.appendingPathComponent("outside")
        try CacheFolder.manager.createDirectory(at: outside, withIntermediateDirectories: true)
        let precious = outside.appendingPathComponent("precious.gif")
        try Server.gif(1).write(to: precious)

        let first = DiskImageCache(directory: cacheFolder, capacity: 1_000)
        _ = try store(first, "A", Server.gif(1))
        try first.save()
        let blobs = cacheFolder.appendingPathComponent("blobs")
        let name = CacheFolder.blobName(Server.gif(1))
        // A's blob replaced by a link to a file with the same bytes, and stray links, files and folders.
        try CacheFolder.manager.removeItem(at: blobs.appendingPathComponent(name))
        try CacheFolder.manager.createSymbolicLink(at: blobs.appendingPathComponent(name), withDestinationURL: precious)
        try CacheFolder.manager.createSymbolicLink(at: blobs.appendingPathComponent("outside"), withDestinationURL: outside)
        try Data("x".utf8).write(to: blobs.appendingPathComponent(".hidden"))
        try CacheFolder.manager.createDirectory(at: blobs.appendingPathComponent("folder/inner"), withIntermediateDirectories: true)
        try CacheFolder.manager.createSymbolicLink(at: blobs.appendingPathComponent("folder/inner/up"), withDestinationURL: outside)

        let second = DiskImageCache(directory: cacheFolder, capacity: 1_000, shownAs: "cache")
        #expect(second.repairs == [
            "cache/blobs/\(name) (for A) is not a regular file; dropped it from the image cache",
            "deleted 4 files in cache/blobs that no entry uses",
        ])
        #expect(second.load("A") == nil)
        #expect(CacheFolder.blobNames(cacheFolder) == [])
        #expect(try Data(contentsOf: precious) == Server.gif(1))
        #expect(try CacheFolder.manager.contentsOfDirectory(atPath: outside.path) == ["precious.gif"])
    }

    @Test func anIndexOrBlobsFolderThatIsALinkIsRemovedNotFollowed() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let cacheFolder = folder.appendingPathComponent("cache")
        let outside = folder.appendingPathComponent("outside")
        try CacheFolder.manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try CacheFolder.manager.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        let outsideIndex = outside.appendingPathComponent("index.json")
        let gif = Server.gif(5)
        try Server.gif(5).write(to: outside.appendingPathComponent(CacheFolder.blobName(gif)))
        let index = #"{"version": 1, "uses": 1, "entries": {"A": {"sha256": "\#(SHA256.hex(gif))", "fileExtension": "gif", "bytes": 35, "lastUsed": 1}}}"#
        try Data(index.utf8).write(to: outsideIndex)
        try CacheFolder.manager.createSymbolicLink(at: cacheFolder.appendingPathComponent("index.json"), withDestinationURL: outsideIndex)
        try CacheFolder.manager.createSymbolicLink(at: cacheFolder.appendingPathComponent("blobs"), withDestinationURL: outside)

        let cache = DiskImageCache(directory: cacheFolder, capacity: 1_000, shownAs: "cache")
        #expect(cache.repairs == [
            "cache/index.json is not a regular file; the image cache starts empty",
            "cache/blobs is not a folder; it was removed",
        ])
        #expect(cache.load("A") == nil)
        _ = try store(cache, "B", Server.gif(2))
        try cache.save()
        #expect(DiskImageCache.kind(of: cacheFolder.appendingPathComponent("blobs")) == .directory)
        #expect(try CacheFolder.manager.contentsOfDirectory(atPath: outside.path).sorted() == [CacheFolder.blobName(gif), "index.json"])
        #expect(try String(contentsOf: outsideIndex, encoding: .utf8) == index)
    }
}

// MARK: - The façade, over HTTP

/// The cache's logic over `HTTPStub` (`ImageFixtureServer.stub()`): downloads, conditional
/// requests for cached images, stale copies served on failure, failures retried by the
/// next build, healing. The size limits as libcurl applies them are in `ImageCacheSocketTests`.
@Suite("Image cache")
struct ImageCacheTests {
    typealias Server = ImageFixtureServer

    /// A new stub for each test: its own counts.
    let server = Server.stub()

    static let limits = ImageCache.Limits(memoryBytes: 1_000_000, diskBytes: 1_000_000, maxImageBytes: 1_000)

    func cache(_ folder: URL, _ limits: ImageCache.Limits = limits) -> ImageCache {
        ImageCache(directory: folder, limits: limits, timeoutSeconds: 5, shownAs: "cache", network: server.network)
    }

    func origin(_ result: ImageResult) -> ImageOrigin? { result.image?.origin }

    @Test func aMissIsDownloadedThenServedFromMemory() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let images = cache(folder)

        let first = images.image(for: Server.endpoint("/gif/1"))
        let gif = Server.gif(1)
        #expect(first == .image(CachedImage(data: gif, kind: .gif, sha256: SHA256.hex(gif),
                                            mediaName: SHA256.hex(gif) + ".gif", origin: .downloaded)))
        #expect(origin(images.image(for: Server.endpoint("/gif/1"))) == .memory)
        #expect(server.answers(200, Server.host + "/gif/1") == 1)
        var expected = ImageCacheStatistics()
        expected.downloads = 1
        expected.memoryHits = 1
        expected.memoryBytesHighWater = 35
        #expect(images.statistics == expected)
        #expect(CacheFolder.blobNames(folder) == [CacheFolder.blobName(gif)])
    }

    @Test func theNextBuildRevalidatesAndGetsA304() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = cache(folder)
        #expect(origin(first.image(for: Server.endpoint("/gif/1"))) == .downloaded)
        try first.save()

        let second = cache(folder)
        let result = second.image(for: Server.endpoint("/gif/1"))
        #expect(origin(result) == .disk)
        #expect(result.image?.data == Server.gif(1))
        #expect(origin(second.image(for: Server.endpoint("/gif/1"))) == .memory)
        #expect(server.answers(200, Server.host + "/gif/1") == 1)
        #expect(server.answers(304, Server.host + "/gif/1") == 1)
        #expect(Server.lastIfNoneMatch(server, "/gif/1") == "\"gif-1\"")
        #expect(second.statistics.revalidated == 1)
        #expect(second.statistics.downloads == 0)
    }

    @Test func aURLIsRevalidatedOncePerBuildEvenWhenMemoryCannotHoldIt() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let noMemory = ImageCache.Limits(memoryBytes: 0, diskBytes: 1_000, maxImageBytes: 1_000)
        let first = cache(folder, noMemory)
        #expect(origin(first.image(for: Server.endpoint("/gif/1"))) == .downloaded)
        #expect(origin(first.image(for: Server.endpoint("/gif/1"))) == .disk)
        try first.save()

        let second = cache(folder, noMemory)
        #expect(origin(second.image(for: Server.endpoint("/gif/1"))) == .disk)
        #expect(origin(second.image(for: Server.endpoint("/gif/1"))) == .disk)
        #expect(server.answers(200, Server.host + "/gif/1") == 1)
        #expect(server.answers(304, Server.host + "/gif/1") == 1)
        #expect(second.statistics.memoryBytesHighWater == 0)
    }

    @Test func theMemoryTierEvictsTheLeastRecentlyUsedWithinItsBound() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let images = cache(folder, ImageCache.Limits(memoryBytes: 70, diskBytes: 1_000, maxImageBytes: 1_000))
        for shade in 1...3 { #expect(origin(images.image(for: Server.endpoint("/gif/\(shade)"))) == .downloaded) }
        // Memory holds 2 then 3; using 3 then 2 leaves 3 the oldest.
        #expect(origin(images.image(for: Server.endpoint("/gif/3"))) == .memory)
        #expect(origin(images.image(for: Server.endpoint("/gif/2"))) == .memory)
        #expect(origin(images.image(for: Server.endpoint("/gif/1"))) == .disk)
        #expect(origin(images.image(for: Server.endpoint("/gif/2"))) == .memory)
        #expect(origin(images.image(for: Server.endpoint("/gif/3"))) == .disk)
        #expect(images.statistics.memoryBytesHighWater == 70)
        #expect(images.statistics.downloads == 3)
        #expect(images.statistics.memoryHits == 3)
        #expect((1...3).map { server.answers(200, Server.host + "/gif/\($0)") } == [1, 1, 1])
        #expect((1...3).map { server.answers(304, Server.host + "/gif/\($0)") } == [0, 0, 0])
    }

    @Test func theDiskTierEvictsTheLeastRecentlyUsedWithinItsBound() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let limits = ImageCache.Limits(memoryBytes: 1_000, diskBytes: 70, maxImageBytes: 1_000)
        let first = cache(folder, limits)
        _ = first.image(for: Server.endpoint("/gif/1"))
        _ = first.image(for: Server.endpoint("/gif/2"))
        #expect(origin(first.image(for: Server.endpoint("/gif/1"))) == .memory)  // 1 is now newer than 2
        _ = first.image(for: Server.endpoint("/gif/3"))
        #expect(CacheFolder.blobNames(folder) == [CacheFolder.blobName(Server.gif(1)), CacheFolder.blobName(Server.gif(3))].sorted())
        #expect(CacheFolder.blobBytes(folder) == 70)
        try first.save()

        let second = cache(folder, limits)
        #expect(origin(second.image(for: Server.endpoint("/gif/2"))) == .downloaded)
        #expect(origin(second.image(for: Server.endpoint("/gif/3"))) == .disk)
        #expect(CacheFolder.blobBytes(folder) <= 70)
        #expect(server.answers(200, Server.host + "/gif/2") == 2)
        #expect(server.answers(304, Server.host + "/gif/3") == 1)
    }

    @Test func anHTMLPageServedAsAJPEGIsRefused() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let images = cache(folder)
        #expect(images.image(for: Server.endpoint("/html-as-jpeg"))
            == .failed(reason: #"not a JPEG, PNG, GIF, WebP, AVIF or ICO image (it starts with "<!DOCTYPE html> <html><h…")"#))
        #expect(CacheFolder.blobNames(folder) == [])
        #expect(images.statistics.failures == 1)
    }

    /// A revalidation sends both validators the disk copy was stored with, and asks for images.
    @Test func theRevalidationSendsTheStoredValidators() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = cache(folder)
        _ = first.image(for: Server.endpoint("/gif/4"))
        try first.save()
        _ = cache(folder).image(for: Server.endpoint("/gif/4"))
        let sent = server.requests(to: Server.host + "/gif/4").map(\.headers)
        let asked = [HTTPHeaders.Field("User-Agent", "newsgen/0.1"), .init("Accept", ImageCache.accept)]
        #expect(sent == [HTTPHeaders(asked),
                         HTTPHeaders(asked + [.init("If-Modified-Since", "Mon, 05 Jan 2026 10:00:00 GMT"), .init("If-None-Match", #""gif-4""#)])])
    }

    /// A URL that failed is not asked again in this build, and is asked again by the next one.
    @Test func aFailedImageIsTriedAgainByTheNextBuild() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let address = Server.host + "/later/8"
        server.on(address, .failure(.transport("could not connect (connection refused)")), .response(HTTPStub.status(503)),
                  .response(HTTPResponse(status: 200, headers: HTTPHeaders([.init("Content-Type", "image/gif")]), body: Server.gif(8))))
        let first = cache(folder)
        #expect(first.image(for: Server.endpoint("/later/8")) == .failed(reason: "could not connect (connection refused)"))
        #expect(first.image(for: Server.endpoint("/later/8")) == .failed(reason: "could not connect (connection refused)"))
        try first.save()
        #expect(cache(folder).image(for: Server.endpoint("/later/8")) == .failed(reason: "the server answered HTTP 503 (service unavailable)"))
        #expect(origin(cache(folder).image(for: Server.endpoint("/later/8"))) == .downloaded)
        #expect(server.requests(to: address).count == 3)
    }

    /// A 304 to a request that sent no validators has nothing to stand for.
    @Test func a304WithoutACachedCopyFails() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        server.on(Server.host + "/odd", HTTPStub.status(304))
        #expect(cache(folder).image(for: Server.endpoint("/odd"))
                == .failed(reason: "the server answered HTTP 304 (not modified) to a request without validators"))
    }

    @Test func anImageServedAsTextIsAcceptedByItsMagicBytes() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let result = cache(folder).image(for: Server.endpoint("/plain/5"))
        #expect(result.image?.kind == .gif)
        #expect(result.image?.data == Server.gif(5))
        #expect(origin(result) == .downloaded)
    }

    @Test func aFailureIsReportedOncePerBuildWithTheStatus() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let images = cache(folder)
        #expect(images.image(for: Server.endpoint("/missing")) == .failed(reason: "the server answered HTTP 404 (not found)"))
        #expect(images.image(for: Server.endpoint("/missing")) == .failed(reason: "the server answered HTTP 404 (not found)"))
        #expect(server.answers(404, Server.host + "/missing") == 1)
        #expect(images.statistics.failures == 2)
    }

    @Test(arguments: [("ftp://example.com/a.gif", "ftp"), ("file:///etc/passwd", "file"), ("data:image/gif;base64,R0lG", "data")])
    func onlyHTTPAndHTTPSAreFetched(address: String, scheme: String) throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let url = try #require(URL(string: address))
        #expect(cache(folder).image(for: url) == .failed(reason: "unsupported URL scheme '\(scheme)' (only http and https are fetched)"))
    }

    @Test func whenTheServerFailsTheDiskCopyIsServedAsStale() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = cache(folder)
        #expect(origin(first.image(for: Server.endpoint("/once/7"))) == .downloaded)
        try first.save()

        let second = cache(folder)
        let result = second.image(for: Server.endpoint("/once/7"))
        #expect(origin(result) == .stale(reason: "the server answered HTTP 500 (internal server error)"))
        #expect(result.image?.data == Server.gif(7))
        #expect(origin(second.image(for: Server.endpoint("/once/7"))) == .memory)
        #expect(server.answers(500, Server.host + "/once/7") == 1)
        #expect(second.statistics.staleServed == 1)
        #expect(second.statistics.failures == 0)
    }

    @Test func callersAskingForTheSameURLAtOnceShareOneRequest() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let images = cache(folder)
        let results = CollectedImageResults()
        let group = DispatchGroup()
        let url = Server.endpoint("/slow/3")
        for _ in 0..<8 {
            group.enter()
            Thread {
                results.append(images.image(for: url))
                group.leave()
            }.start()
        }
        group.wait()
        #expect(results.all.count == 8)
        #expect(results.all.allSatisfy { $0.image?.data == Server.gif(3) })
        #expect(results.all.filter { origin($0) == .downloaded }.count == 1)
        #expect(server.answers(200, Server.host + "/slow/3") == 1)
        #expect(images.statistics.downloads == 1)
        #expect(images.statistics.memoryHits == 7)
    }

    // MARK: Healing, end to end

    @Test func aCorruptIndexHealsAndTheImageIsFetchedAgain() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = cache(folder)
        _ = first.image(for: Server.endpoint("/gif/1"))
        try first.save()
        try Data("not json".utf8).write(to: folder.appendingPathComponent("index.json"))

        let second = cache(folder)
        #expect(second.warnings == [
            "cache/index.json cannot be read (not valid JSON); the image cache starts empty",
            "deleted 1 file in cache/blobs that no entry uses",
        ])
        #expect(origin(second.image(for: Server.endpoint("/gif/1"))) == .downloaded)
        try second.save()
        #expect(server.answers(200, Server.host + "/gif/1") == 2)
        #expect(Server.lastIfNoneMatch(server, "/gif/1") == nil)
        #expect(cache(folder).warnings == [])
    }

    @Test func aDeletedBlobHealsAndTheImageIsFetchedAgain() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = cache(folder)
        _ = first.image(for: Server.endpoint("/gif/1"))
        try first.save()
        let name = CacheFolder.blobName(Server.gif(1))
        try CacheFolder.manager.removeItem(at: folder.appendingPathComponent("blobs").appendingPathComponent(name))

        let second = cache(folder)
        #expect(second.warnings == ["cache/blobs/\(name) (for \(Server.host)/gif/1) is missing; dropped it from the image cache"])
        #expect(origin(second.image(for: Server.endpoint("/gif/1"))) == .downloaded)
        #expect(CacheFolder.blobNames(folder) == [name])
        #expect(server.answers(200, Server.host + "/gif/1") == 2)
        #expect(Server.lastIfNoneMatch(server, "/gif/1") == nil)
    }

    @Test func aBlobWithWrongBytesHealsAndTheImageIsFetchedAgain() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let first = cache(folder)
        _ = first.image(for: Server.endpoint("/gif/1"))
        try first.save()
        let name = CacheFolder.blobName(Server.gif(1))
        let blob = folder.appendingPathComponent("blobs").appendingPathComponent(name)
        try Server.gif(99).write(to: blob)

        let second = cache(folder)
        #expect(second.warnings == [])
        let result = second.image(for: Server.endpoint("/gif/1"))
        #expect(origin(result) == .downloaded)
        #expect(result.image?.data == Server.gif(1))
        #expect(second.warnings == ["cache/blobs/\(name) does not hold the image it is named for; dropped it from the image cache"])
        #expect(try Data(contentsOf: blob) == Server.gif(1))
        #expect(server.answers(200, Server.host + "/gif/1") == 2)
        #expect(server.answers(304, Server.host + "/gif/1") == 0)
    }
}

// MARK: - Local images, checks and configuration (no server)

@Suite("Image cache: local files and checks")
struct ImageCacheLocalTests {
    typealias Server = ImageFixtureServer

    static let limits = ImageCache.Limits(memoryBytes: 1_000_000, diskBytes: 1_000_000, maxImageBytes: 1_000)

    @Test func aLocalImageIsReadOnceThenServedFromMemoryAndNeverStoredOnDisk() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let file = folder.appendingPathComponent("photo.png")
        try Server.png.write(to: file)
        let images = ImageCache(directory: folder.appendingPathComponent("cache"), limits: Self.limits, timeoutSeconds: 1)
        #expect(images.localImage(at: file) == .image(CachedImage(data: Server.png, kind: .png, sha256: SHA256.hex(Server.png),
                                                                  mediaName: SHA256.hex(Server.png) + ".png", origin: .file)))
        #expect(images.localImage(at: file).image?.origin == .memory)
        try images.save()
        #expect(!FileSystem.exists(folder.appendingPathComponent("cache")))
    }

    @Test func aLocalFileThatIsNotAnImageIsRefusedWithTheReason() throws {
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let images = ImageCache(directory: folder.appendingPathComponent("cache"), limits: Self.limits, timeoutSeconds: 1)
        let svg = folder.appendingPathComponent("logo.png")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: svg)
        let big = folder.appendingPathComponent("big.gif")
        try Server.gif(1, padding: 1_000).write(to: big)
        let empty = folder.appendingPathComponent("empty.jpg")
        try Data().write(to: empty)
        #expect(images.localImage(at: svg) == .failed(reason: #"not a JPEG, PNG, GIF, WebP, AVIF or ICO image (it starts with "<svg xmlns="http://www.w…")"#))
        #expect(images.localImage(at: big) == .failed(reason: "larger than imageCache.maxImageMB (1000 bytes)"))
        #expect(images.localImage(at: empty) == .failed(reason: "not an image (it is empty)"))
        #expect(images.localImage(at: folder.appendingPathComponent("none.png")) == .failed(reason: "not found"))
        #expect(images.localImage(at: folder) == .failed(reason: "is a folder, not an image"))
        #expect(images.statistics.failures == 5)
    }

    @Test(arguments: [
        (Data([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]), "the bytes 00 01 02 03 04 05 06 07 …"),
        (Data([0x42, 0x4D, 0x00]), "the bytes 42 4d 00"),
        (Data("<html>\r\n\t<body>".utf8), "\"<html> <body>\""),
        (Data("%PDF-1.7\n%âãÏÓ".utf8), "the bytes 25 50 44 46 2d 31 2e 37 …"),
    ])
    func whatANonImageStartsWithIsShownReadably(data: Data, preview: String) {
        #expect(ImageCache.preview(data) == preview)
    }

    @Test(arguments: [
        (Server.gif(1), ImageKind.gif),
        (Server.png, ImageKind.png),
        (Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]), ImageKind.jpeg),
    ])
    func imagesAreRecognisedByTheirBytes(data: Data, kind: ImageKind) {
        #expect(ImageCache.check(data, limit: 1_000) == .success(kind))
    }

    @Test func theLimitIsNamedInMegabytesAsSiteJSONSetsIt() {
        #expect(ImageCache.tooLarge(10 * 1_048_576) == "larger than imageCache.maxImageMB (10 MB)")
        #expect(ImageCache.check(Server.gif(1), limit: 34) == .failure(ImageRefusal(reason: "larger than imageCache.maxImageMB (34 bytes)")))
    }

    @Test func theConfigurationIsResolvedAgainstTheSiteFolder() {
        var config = ImageCacheConfig()
        let site = URL(fileURLWithPath: "/srv/site")
        let images = ImageCache(config: config, siteFolder: site, timeoutSeconds: 20)
        #expect(images.directory.path == "/srv/site/.newsgen/cache/images")
        #expect(images.limits == ImageCache.Limits(memoryBytes: 52_428_800, diskBytes: 209_715_200, maxImageBytes: 10_485_760))
        config.directory = "/var/cache/newsgen"
        config.memoryMB = 0
        #expect(ImageCache(config: config, siteFolder: site, timeoutSeconds: 20).directory.path == "/var/cache/newsgen")
        #expect(ImageCache(config: config, siteFolder: site, timeoutSeconds: 20).limits.memoryBytes == 0)
    }
}

/// Answers collected from several threads.
final class CollectedImageResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ImageResult] = []
    func append(_ result: ImageResult) { lock.withLock { stored.append(result) } }
    var all: [ImageResult] { lock.withLock { stored } }
}
