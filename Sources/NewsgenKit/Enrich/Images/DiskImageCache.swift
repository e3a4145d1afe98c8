import Foundation
import NewsgenModel

/// The disk tier of the image cache, in a folder CI can keep between runs:
/// `blobs/<sha256>.<ext>` hold the images by content (two URLs with the same
/// bytes share one blob, counted once), and `index.json` (`ImageCacheIndex`)
/// maps each URL to its blob, its validators and its last use.
///
/// The bound is in bytes of blobs; after each store the least recently used
/// URLs go (and their blobs, once no URL uses them) until the blobs fit.
///
/// The folder heals itself, because CI caches get cut short and people delete
/// things: an index that cannot be read means an empty cache; an entry whose
/// blob is missing or has the wrong size is dropped when the cache opens, one
/// whose bytes do not hash to the blob's name when it is read; files in
/// `blobs/` that no entry uses are deleted. Only `index.json` and `blobs/`
/// are ever touched, symbolic links are never followed (a link in their place
/// is removed, not its target), so nothing outside the folder is changed even
/// when `directory` is set to a folder holding other files.
final class DiskImageCache: @unchecked Sendable {
    /// A cached image read back and checked against its index entry.
    struct Stored: Sendable, Equatable {
        var data: Data
        var kind: ImageKind
        var sha256: String
        var etag: String?
        var lastModified: String?
    }

    static let indexName = "index.json"
    static let blobsName = "blobs"

    let directory: URL
    /// The most bytes of blobs kept.
    let capacity: Int
    /// How the folder is named in messages (as site.json names it).
    let shownAs: String
    /// Where it may write (ADR 047): its own folder, or the site's bounds in a build.
    let bounds: WriteBounds

    private let lock = NSLock()
    private var index: ImageCacheIndex
    /// Each blob's size and how many URLs use it.
    private var blobs: [String: (bytes: Int, users: Int)] = [:]
    private var total = 0
    private var notes: [String] = []

    var indexFile: URL { directory.appendingPathComponent(Self.indexName) }
    var blobsDirectory: URL { directory.appendingPathComponent(Self.blobsName) }

    /// Opens (and heals) the cache in `directory`; nothing is created until something is stored. It writes
    /// within `bounds`, by default only in `directory`.
    init(directory: URL, capacity: Int, shownAs: String? = nil, bounds: WriteBounds? = nil) {
        self.directory = directory
        self.capacity = max(0, capacity)
        self.shownAs = shownAs ?? directory.path
        self.bounds = bounds ?? WriteBounds(folder: directory)
        index = ImageCacheIndex()
        openAndHeal()
    }

    // MARK: - Reading

    /// The index entry for `url`, without marking it used.
    func entry(for url: String) -> ImageCacheIndex.Entry? {
        lock.withLock { index.entries[url] }
    }

    /// The image cached for `url`, read and checked (size, SHA-256, magic
    /// bytes); nil when there is none. A blob that fails the check is deleted
    /// with every entry that uses it. Does not mark the URL used.
    func load(_ url: String) -> Stored? {
        guard let entry = entry(for: url), let name = entry.blobName, let kind = entry.kind else { return nil }
        let data = Self.readRegularFile(blobsDirectory.appendingPathComponent(name))
        if let data, data.count == entry.bytes, ImageKind.sniff(data) == kind, FastSHA256.hex(data) == entry.sha256 {
            return Stored(data: data, kind: kind, sha256: entry.sha256, etag: entry.etag, lastModified: entry.lastModified)
        }
        lock.withLock {
            guard blobs[name] != nil else { return }
            let reason = data == nil ? "is missing" : "does not hold the image it is named for"
            note("\(shownBlob(name)) \(reason); dropped it from the image cache")
            dropBlob(name)
        }
        return nil
    }

    /// The URLs held, least recently used first (the order they would be evicted in).
    var urlsByRecency: [String] {
        lock.withLock { index.entries.sorted(by: Self.olderFirst).map(\.key) }
    }

    /// Bytes of blobs held now.
    var totalBytes: Int { lock.withLock { total } }

    /// What was repaired or could not be done, in words for the build's warnings.
    var repairs: [String] { lock.withLock { notes } }

    // MARK: - Writing

    /// Marks `url` as just used; validators a 304 sent replace the ones kept.
    func touch(_ url: String, etag: String? = nil, lastModified: String? = nil) {
        lock.withLock {
            guard var entry = index.entries[url] else { return }
            index.uses += 1
            entry.lastUsed = index.uses
            if let etag { entry.etag = etag }
            if let lastModified { entry.lastModified = lastModified }
            index.entries[url] = entry
        }
    }

    /// Keeps `data` as `url`'s image (the most recently used), then evicts the
    /// least recently used URLs until the blobs fit the bound. An image larger
    /// than the whole bound is not kept, and `url`'s old image is dropped (it
    /// is outdated). Returns the URLs evicted, oldest first.
    @discardableResult
    func store(_ url: String, data: Data, kind: ImageKind, sha256: String,
               etag: String?, lastModified: String?) throws(BuildError) -> [String] {
        guard let name = SafeName.mediaName(sha256Hex: sha256, fileExtension: kind.fileExtension) else {
            throw BuildError(path: shownAs, "'\(sha256)' is not a SHA-256 in hex")
        }
        lock.lock()
        defer { lock.unlock() }
        if var same = index.entries[url], same.blobName == name, blobs[name] != nil {
            // The same bytes again (a server without validators): new validators, newly used.
            index.uses += 1
            same.lastUsed = index.uses
            same.etag = etag
            same.lastModified = lastModified
            index.entries[url] = same
            return []
        }
        removeEntry(url)
        guard data.count <= capacity else { return [] }
        if blobs[name] == nil {
            try prepareBlobsDirectory()
            let file = blobsDirectory.appendingPathComponent(name)
            try FileSystem.writeAtomically(data, to: file, shownAs: shownBlob(name), within: bounds)
            blobs[name] = (data.count, 0)
            total += data.count
        }
        blobs[name]?.users += 1
        index.uses += 1
        index.entries[url] = ImageCacheIndex.Entry(sha256: sha256, fileExtension: kind.fileExtension, bytes: data.count,
                                                   etag: etag, lastModified: lastModified, lastUsed: index.uses)
        return evictToBound()
    }

    /// Writes `index.json` (atomically, and only when its bytes change); an
    /// empty cache that never had a folder gets none.
    func save() throws(BuildError) {
        let snapshot = lock.withLock { index }
        if snapshot.entries.isEmpty && !FileSystem.exists(indexFile) { return }
        let data = snapshot.encoded()
        if Self.readRegularFile(indexFile) == data { return }
        if Self.kind(of: indexFile) == .other { remove(indexFile) }
        try FileSystem.writeAtomically(data, to: indexFile, shownAs: "\(shownAs)/\(Self.indexName)", within: bounds)
    }

    // MARK: - Opening and healing

    private func openAndHeal() {
        let shownIndex = "\(shownAs)/\(Self.indexName)"
        switch Self.kind(of: indexFile) {
        case .missing:
            break
        case .regular:
            do {
                // Not Data(contentsOf:), which leaks 4 KB on an empty file (see FileSystem.read).
                let decoded = try ImageCacheIndex(json: Self.readRegularFile(indexFile) ?? Data())
                if decoded.version == ImageCacheIndex.formatVersion {
                    index = decoded
                } else {
                    note("\(shownIndex) has version \(decoded.version), but this newsgen reads version \(ImageCacheIndex.formatVersion); the image cache starts empty")
                }
            } catch {
                note("\(shownIndex) cannot be read (\(FetchStateStore.describe(error))); the image cache starts empty")
            }
        case .directory, .other:
            note("\(shownIndex) is not a regular file; the image cache starts empty")
            remove(indexFile)
        }

        // The blobs on disk: regular files by name and size.
        var present: [String: Int] = [:]
        var strays: [String] = []
        switch Self.kind(of: blobsDirectory) {
        case .missing:
            break
        case .directory:
            let names = (try? FileManager.default.contentsOfDirectory(atPath: blobsDirectory.path)) ?? []
            for name in names.sorted() {
                if case .regular(let size) = Self.kind(of: blobsDirectory.appendingPathComponent(name)) {
                    present[name] = size
                } else {
                    strays.append(name)
                }
            }
        case .regular, .other:
            note("\(shownAs)/\(Self.blobsName) is not a folder; it was removed")
            remove(blobsDirectory)
        }

        var kept: [String: ImageCacheIndex.Entry] = [:]
        for (url, entry) in index.entries.sorted(by: { $0.key < $1.key }) {
            guard let name = entry.blobName else {
                note("the image cache entry for \(url) names no valid blob; dropped it")
                continue
            }
            guard let size = present[name] else {
                let what = strays.contains(name) ? "is not a regular file" : "is missing"
                note("\(shownBlob(name)) (for \(url)) \(what); dropped it from the image cache")
                continue
            }
            guard size == entry.bytes else {
                note("\(shownBlob(name)) (for \(url)) has \(size) bytes, not \(entry.bytes); dropped it from the image cache")
                continue
            }
            kept[url] = entry
            index.uses = max(index.uses, entry.lastUsed)
        }
        index.entries = kept
        for entry in kept.values {
            guard let name = entry.blobName else { continue }
            if blobs[name] == nil {
                blobs[name] = (entry.bytes, 0)
                total += entry.bytes
            }
            blobs[name]?.users += 1
        }
        strays += present.keys.filter { blobs[$0] == nil }
        for name in strays.sorted() {
            remove(blobsDirectory.appendingPathComponent(name))
        }
        if !strays.isEmpty {
            note("deleted \(strays.count) file\(strays.count == 1 ? "" : "s") in \(shownAs)/\(Self.blobsName) that no entry uses")
        }
        // The bound may have shrunk since the last build.
        _ = evictToBound()
    }

    // MARK: - Under the lock

    private func note(_ text: String) { notes.append(text) }

    /// A blob as messages name it.
    private func shownBlob(_ name: String) -> String { "\(shownAs)/\(Self.blobsName)/\(name)" }

    private static func olderFirst(_ a: (key: String, value: ImageCacheIndex.Entry),
                                   _ b: (key: String, value: ImageCacheIndex.Entry)) -> Bool {
        a.value.lastUsed != b.value.lastUsed ? a.value.lastUsed < b.value.lastUsed : a.key < b.key
    }

    /// Drops `url`'s entry, and its blob when no other URL uses it.
    private func removeEntry(_ url: String) {
        guard let old = index.entries.removeValue(forKey: url), let name = old.blobName, let blob = blobs[name] else { return }
        if blob.users > 1 {
            blobs[name]?.users -= 1
        } else {
            blobs[name] = nil
            total -= blob.bytes
            remove(blobsDirectory.appendingPathComponent(name))
        }
    }

    /// Drops a blob and every entry that uses it.
    private func dropBlob(_ name: String) {
        index.entries = index.entries.filter { $0.value.blobName != name }
        if let blob = blobs.removeValue(forKey: name) { total -= blob.bytes }
        remove(blobsDirectory.appendingPathComponent(name))
    }

    /// Evicts least recently used URLs until the blobs fit; returns them, oldest first.
    private func evictToBound() -> [String] {
        guard total > capacity else { return [] }
        var evicted: [String] = []
        for (url, _) in index.entries.sorted(by: Self.olderFirst) {
            guard total > capacity else { break }
            removeEntry(url)
            evicted.append(url)
        }
        return evicted
    }

    /// Makes sure `blobs/` is a real folder (not a link to somewhere else).
    private func prepareBlobsDirectory() throws(BuildError) {
        switch Self.kind(of: blobsDirectory) {
        case .directory: return
        case .missing: break
        case .regular, .other: remove(blobsDirectory)
        }
        do {
            try DurableFile.makeFolder(blobsDirectory, within: bounds)
        } catch {
            throw BuildError(path: "\(shownAs)/\(Self.blobsName)", "cannot be created (\(error.reason))")
        }
    }

    // MARK: - The file system, without following links

    enum EntryKind: Equatable {
        case missing, directory, other
        case regular(size: Int)
    }

    /// What is at `url` itself (`lstat`: a symbolic link is `.other`, whatever it points to).
    static func kind(of url: URL) -> EntryKind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The bytes of a regular file; nil for anything else, a link included.
    static func readRegularFile(_ url: URL) -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (try? handle.readToEnd()) ?? Data()
    }

    /// Removes what is at `url`: a link or file is unlinked (never its target), a folder emptied the same way
    /// (`DurableFile.removeTree`), within the bounds.
    private func remove(_ url: URL) {
        try? DurableFile.removeTree(url, within: bounds)
    }
}
