import Dispatch
import Foundation
import NewsgenModel

/// The images a build shows, fetched once and kept: a memory tier for this
/// build (`MemoryLRU`, `imageCache.memoryMB`) over a disk tier kept between
/// builds (`DiskImageCache`, `imageCache.diskMB` in `imageCache.directory`),
/// both bounded in bytes of image data, least recently used out first.
///
/// For a URL: a memory hit is returned as is (one build never asks twice);
/// a disk copy is revalidated with a conditional GET (its ETag and
/// Last-Modified) and served on 304; a 200 is checked (magic bytes, never the
/// Content-Type; at most `imageCache.maxImageMB`) and stored; when the
/// request fails but a disk copy exists, that copy is served and said to be
/// stale. Safe to call from many threads at once; two callers asking for the
/// same URL at the same time share one request.
public final class ImageCache: @unchecked Sendable {
    /// The bounds, in bytes.
    public struct Limits: Sendable, Equatable {
        public var memoryBytes: Int
        public var diskBytes: Int
        /// The largest image accepted, downloaded or local.
        public var maxImageBytes: Int

        public init(memoryBytes: Int, diskBytes: Int, maxImageBytes: Int) {
            self.memoryBytes = memoryBytes
            self.diskBytes = diskBytes
            self.maxImageBytes = maxImageBytes
        }

        /// site.json's megabytes (MiB) in bytes.
        public init(_ config: ImageCacheConfig) {
            func bytes(_ megabytes: Int) -> Int {
                let (value, overflow) = max(0, megabytes).multipliedReportingOverflow(by: 1_048_576)
                return overflow ? Int.max : value
            }
            self.init(memoryBytes: bytes(config.memoryMB), diskBytes: bytes(config.diskMB),
                      maxImageBytes: bytes(config.maxImageMB))
        }
    }

    static let notCachedOffline = "not in the image cache, and --offline fetches nothing"

    /// Sent with image requests (`HTTPFetcher`'s default asks for feeds).
    static let accept = "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5"

    public let limits: Limits
    /// The disk tier's folder.
    public let directory: URL
    private let memory: MemoryLRU<String, CachedImage>
    private let disk: DiskImageCache
    private let fetcher: HTTPFetcher
    /// `newsgen build --offline`: the disk tier only, no request.
    private let offline: Bool

    private let lock = NSLock()
    private var counts = ImageCacheStatistics()
    /// URLs whose disk copy is good for the rest of this build (revalidated, downloaded or served stale).
    private var settled: Set<String> = []
    /// URLs that failed in this build, with the reason: not asked again.
    private var failed: [String: String] = [:]
    /// Requests under way, for callers asking for the same URL meanwhile.
    private var inFlight: [String: Pending] = [:]
    private var storeProblems: [String] = []

    /// The cache a site's build uses: `config` from site.json, its `directory`
    /// resolved against `siteFolder` (an absolute path stays as it is), each
    /// request allowed `timeoutSeconds` in all (`fetch.timeoutSeconds`).
    public convenience init(config: ImageCacheConfig, siteFolder: URL, timeoutSeconds: Double,
                            userAgent: String = HTTPFetcher.defaultUserAgent, offline: Bool = false, network: Network = .live) {
        self.init(config: config, siteFolder: siteFolder, bounds: nil, timeoutSeconds: timeoutSeconds, userAgent: userAgent,
                  offline: offline, network: network)
    }

    /// The cache a site's build uses, writing within the site's `bounds` (ADR 047); nil: only in its own folder.
    convenience init(config: ImageCacheConfig, siteFolder: URL, bounds: WriteBounds?, timeoutSeconds: Double,
                     userAgent: String = HTTPFetcher.defaultUserAgent, offline: Bool = false, network: Network = .live) {
        let directory = config.directory.hasPrefix("/")
            ? URL(fileURLWithPath: config.directory) : siteFolder.appendingPathComponent(config.directory)
        self.init(directory: directory, limits: Limits(config), timeoutSeconds: timeoutSeconds, userAgent: userAgent,
                  shownAs: config.directory, offline: offline, network: network, bounds: bounds ?? WriteBounds(folder: directory))
    }

    /// A cache over `directory` with bounds in bytes; `shownAs` names the folder in messages;
    /// `network` sends the requests and keeps their deadline (libcurl unless a test answers from memory).
    /// It writes only in `directory`.
    public convenience init(directory: URL, limits: Limits, timeoutSeconds: Double,
                            userAgent: String = HTTPFetcher.defaultUserAgent, shownAs: String? = nil, offline: Bool = false,
                            network: Network = .live) {
        self.init(directory: directory, limits: limits, timeoutSeconds: timeoutSeconds, userAgent: userAgent, shownAs: shownAs,
                  offline: offline, network: network, bounds: WriteBounds(folder: directory))
    }

    init(directory: URL, limits: Limits, timeoutSeconds: Double, userAgent: String, shownAs: String?, offline: Bool,
         network: Network, bounds: WriteBounds) {
        self.limits = limits
        self.offline = offline
        self.directory = directory
        memory = MemoryLRU(capacity: limits.memoryBytes)
        disk = DiskImageCache(directory: directory, capacity: limits.diskBytes, shownAs: shownAs, bounds: bounds)
        fetcher = network.fetcher(deadline: timeoutSeconds, maxBytes: max(0, limits.maxImageBytes), userAgent: userAgent)
    }

    /// What the cache has done so far.
    public var statistics: ImageCacheStatistics {
        var snapshot = lock.withLock { counts }
        snapshot.memoryBytesHighWater = memory.highWaterBytes
        return snapshot
    }

    /// What was repaired in the cache folder (a corrupt index, missing or
    /// damaged blobs, stray files) and images that could not be stored, for
    /// the build's warnings. The images themselves were still served.
    public var warnings: [String] {
        disk.repairs + lock.withLock { storeProblems }
    }

    /// Where the cache may write: its folder, or a build's bounds (ADR 047).
    var bounds: WriteBounds { disk.bounds }

    /// Writes the disk tier's index; call it once at the end of a build.
    public func save() throws(BuildError) {
        try disk.save()
    }

    // MARK: - Remote images

    /// The image at `url` (http or https only). Blocks until it is known; call
    /// it from worker threads, as many at once as the build allows.
    public func image(for url: URL) -> ImageResult {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return fail(FetchError.unsupportedScheme(scheme).description)
        }
        let key = url.absoluteString
        enum Role { case answered(ImageResult), wait(Pending), fetch(Pending) }
        let role: Role = lock.withLock {
            if let hit = memory.value(for: key) {
                counts.memoryHits += 1
                return .answered(.image(Self.with(hit, origin: .memory)))
            }
            if let reason = failed[key] {
                if reason == Self.notCachedOffline { counts.offlineMisses += 1 } else { counts.failures += 1 }
                return .answered(.failed(reason: reason))
            }
            if let pending = inFlight[key] { return .wait(pending) }
            let pending = Pending()
            inFlight[key] = pending
            return .fetch(pending)
        }
        switch role {
        case .answered(let result):
            if result.image != nil { disk.touch(key) }
            return result
        case .wait(let pending):
            pending.group.wait()
            let result = pending.result ?? .failed(reason: "the request was abandoned")
            lock.withLock {
                if result.image != nil { counts.memoryHits += 1 } else { counts.failures += 1 }
            }
            return result.image.map { .image(Self.with($0, origin: .memory)) } ?? result
        case .fetch(let pending):
            let result = resolve(url, key: key)
            lock.withLock {
                inFlight[key] = nil
                pending.result = result
            }
            pending.group.leave()
            return result
        }
    }

    /// The copy of `url` the cache holds, asking no server: for an image the build has no reason to ask
    /// about again (a source's icon between two weekly looks, `SourceIcons`).
    func kept(for url: URL) -> ImageResult {
        let key = url.absoluteString
        if let hit = memory.value(for: key) { return .image(Self.with(hit, origin: .memory)) }
        guard let cached = disk.load(key) else { return .failed(reason: "not in the image cache") }
        disk.touch(key)
        return keep(cached.data, kind: cached.kind, sha256: cached.sha256, key: key, origin: .disk)
    }

    /// The disk tier, then the network, for a URL not in memory.
    private func resolve(_ url: URL, key: String) -> ImageResult {
        let cached = disk.load(key)
        if let cached, lock.withLock({ settled.contains(key) }) {
            disk.touch(key)
            return keep(cached.data, kind: cached.kind, sha256: cached.sha256, key: key, origin: .disk)
        }
        if offline {
            guard let cached else {
                lock.withLock {
                    failed[key] = Self.notCachedOffline
                    counts.offlineMisses += 1
                }
                return .failed(reason: Self.notCachedOffline)
            }
            lock.withLock { _ = settled.insert(key) }
            disk.touch(key)
            return keep(cached.data, kind: cached.kind, sha256: cached.sha256, key: key, origin: .disk)
        }
        var headers = ["Accept": Self.accept]
        if let cached {
            if let etag = cached.etag { headers["If-None-Match"] = etag }
            if let lastModified = cached.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let reason: String
        switch fetcher.exchange(url, headers: headers).result {
        case .success(let document) where document.status == 304:
            guard let cached else {
                reason = "the server answered HTTP 304 (not modified) to a request without validators"
                break
            }
            disk.touch(key, etag: document.etag, lastModified: document.lastModified)
            lock.withLock {
                counts.revalidated += 1
                settled.insert(key)
            }
            return keep(cached.data, kind: cached.kind, sha256: cached.sha256, key: key, origin: .disk)
        case .success(let document):
            switch Self.check(document.data, limit: limits.maxImageBytes) {
            case .success(let kind):
                let sha256 = FastSHA256.hex(document.data)
                do {
                    try disk.store(key, data: document.data, kind: kind, sha256: sha256,
                                   etag: document.etag, lastModified: document.lastModified)
                } catch {
                    lock.withLock { storeProblems.append("\(key): not kept in the image cache (\(error.description))") }
                }
                lock.withLock {
                    counts.downloads += 1
                    settled.insert(key)
                }
                return keep(document.data, kind: kind, sha256: sha256, key: key, origin: .downloaded)
            case .failure(let refusal):
                reason = refusal.reason
            }
        case .failure(.tooLarge):
            reason = Self.tooLarge(limits.maxImageBytes)
        case .failure(.decompressedTooLarge):
            reason = Self.tooLarge(limits.maxImageBytes) + " once decompressed"
        case .failure(let error):
            reason = error.description
        }
        if let cached {
            lock.withLock {
                counts.staleServed += 1
                settled.insert(key)
            }
            disk.touch(key)
            return keep(cached.data, kind: cached.kind, sha256: cached.sha256, key: key, origin: .stale(reason: reason))
        }
        lock.withLock { failed[key] = reason }
        return fail(reason)
    }

    // MARK: - Local images

    /// An image file next to a Markdown article: checked like a download
    /// (magic bytes, `maxImageBytes`, judged from its size before it is read)
    /// and kept in memory only; the disk tier is for what the network gave.
    /// `file` is read as given (links followed): which paths are allowed is the caller's rule.
    public func localImage(at file: URL) -> ImageResult {
        let file = file.standardizedFileURL
        let key = file.absoluteString
        if let hit = memory.value(for: key) {
            lock.withLock { counts.memoryHits += 1 }
            return .image(Self.with(hit, origin: .memory))
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)
        } catch {
            return fail(FileSystem.exists(file) ? "cannot be read (\(FileSystem.reason(error)))" : "not found")
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory { return fail("is a folder, not an image") }
        if let size = attributes[.size] as? Int, size > limits.maxImageBytes { return fail(Self.tooLarge(limits.maxImageBytes)) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return fail("cannot be read (\(FileSystem.reason(error)))")
        }
        switch Self.check(data, limit: limits.maxImageBytes) {
        case .success(let kind):
            return keep(data, kind: kind, sha256: FastSHA256.hex(data), key: key, origin: .file)
        case .failure(let refusal):
            return fail(refusal.reason)
        }
    }

    // MARK: - Helpers

    /// Puts an image in memory and makes the answer.
    private func keep(_ data: Data, kind: ImageKind, sha256: String, key: String, origin: ImageOrigin) -> ImageResult {
        guard let name = SafeName.mediaName(sha256Hex: sha256, fileExtension: kind.fileExtension) else {
            return fail("'\(sha256)' is not a SHA-256 in hex")
        }
        let image = CachedImage(data: data, kind: kind, sha256: sha256, mediaName: name, origin: origin)
        memory.insert(Self.with(image, origin: .memory), cost: data.count, for: key)
        return .image(image)
    }

    private func fail(_ reason: String) -> ImageResult {
        lock.withLock { counts.failures += 1 }
        return .failed(reason: reason)
    }

    private static func with(_ image: CachedImage, origin: ImageOrigin) -> CachedImage {
        var copy = image
        copy.origin = origin
        return copy
    }
}

/// One request under way; other callers for its URL wait on `group`.
private final class Pending: @unchecked Sendable {
    let group: DispatchGroup
    /// Set (under the cache's lock) before `group` is left.
    var result: ImageResult?

    init() {
        group = DispatchGroup()
        group.enter()
    }
}
