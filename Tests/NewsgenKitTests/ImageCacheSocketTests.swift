import Foundation
import Testing
import NewsgenTestSupport
@testable import NewsgenKit

/// The image size limit as libcurl applies it over a socket: a Content-Length over it, a
/// body without one ended by closing the connection, and a compression bomb inflated only
/// up to the limit. The cache's logic is in `ImageCacheTests`, over the stub.
@Suite("Image cache over sockets", .serialized, Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the fixture server"))
struct ImageCacheSocketTests {
    func cache(_ folder: URL, _ limits: ImageCache.Limits = ImageCacheTests.limits) -> ImageCache {
        ImageCache(directory: folder, limits: limits, timeoutSeconds: 5, shownAs: "cache")
    }

    @Test(arguments: ["/big", "/big-unannounced"])
    func anImageOverTheLimitIsRefused(path: String) throws {
        let server = try ImageFixtureServer.start()
        defer { server.stop() }
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        #expect(cache(folder).image(for: server.endpoint(path)) == .failed(reason: "larger than imageCache.maxImageMB (1000 bytes)"))
        #expect(CacheFolder.blobNames(folder) == [])
    }

    /// 2 MB sent that inflate to 2 GB of a "JPEG": inflating stops at the image limit.
    @Test func anImageThatIsACompressionBombIsRefusedAtTheLimit() throws {
        let server = try HostileHTTPServer.start()
        defer { server.stop() }
        let folder = try CacheFolder.make()
        defer { try? CacheFolder.manager.removeItem(at: folder) }
        let limits = ImageCache.Limits(memoryBytes: 50 * 1_048_576, diskBytes: 50 * 1_048_576, maxImageBytes: 10 * 1_048_576)
        let images = cache(folder, limits)
        #expect(images.image(for: server.endpoint("/image-bomb"))
                == .failed(reason: "larger than imageCache.maxImageMB (10 MB) once decompressed"))
        #expect(CacheFolder.blobNames(folder) == [])
        #expect(images.statistics.memoryBytesHighWater == 0)
    }

}
