import Foundation
import NewsgenModel

/// What the last build's parse of each source gave (ADR 027), kept in `.newsgen/cache/parsed-sources.bin`,
/// so that a source whose document came back byte for byte the same is not parsed and merged again:
/// its parse would give the same articles, and the archive already holds what their merge made.
///
/// Only a clean parse is remembered (fresh, no warning of any kind), and only while every article
/// it gave is still in the archive exactly as that build left it (its line's bytes, hashed once by the
/// load or the save, `ArchiveDigests`): an article pruned, taken down, edited by hand or lost with an older archive makes the
/// source parsed again. Whatever else could change the parse is in the document's fingerprint.
struct ParseMemo: Equatable, Sendable {
    /// Bump whenever the file's layout changes: a file of another version is ignored.
    static let formatVersion: UInt32 = 2
    /// Bump whenever the Parse stage may make other articles of the same document (the feed readers,
    /// `IncomingArticle`, the item cap) within one release: it is part of every fingerprint.
    static let parseVersion = "1"
    static let magic = Array("NGPARSED".utf8)

    struct Entry: Equatable, Sendable {
        /// `ParseMemo.fingerprint` of the document parsed.
        var document: [UInt8]
        var itemCount: Int
        /// What `SourceInfo` the parse made.
        var title: String
        var url: String?
        var feedURL: String?
        /// The archive's ids of the articles the parse gave, each with the SHA-256 of its archive line after that build.
        var articles: [String: [UInt8]]
    }

    var sources: [String: Entry] = [:]
    /// `ParseMemo.digest` of the takedown list the memo was made under: a takedown lifted since must
    /// bring its article back from the feed, so another list voids the whole memo.
    var takedowns: [UInt8] = Array(repeating: 0, count: 32)

    /// SHA-256 of the taken-down ids, sorted.
    static func digest(takenDown: Set<String>) -> [UInt8] { FastSHA256.digest(Array(takenDown.sorted().joined(separator: "\n").utf8)) }

    /// SHA-256 over everything a source's parse depends on besides the parser (newsgen's release):
    /// the source's settings, the fetch settings the Parse stage reads, `--offline`, and the
    /// document's address, type and bytes.
    static func fingerprint(_ document: FetchedDocument, source: SourceConfig, config: SiteConfig, offline: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(document.data.count + 512)
        for part in [NewsgenVersion.current, parseVersion, String(reflecting: source), "\(config.fetch.maxFeedMB) \(config.fetch.maxItemsPerFeed) \(offline)",
                     document.url.absoluteString, document.baseURL.absoluteString, document.contentType ?? "-"] {
            CacheBytes.append(part, to: &bytes)
        }
        bytes.append(contentsOf: document.data)
        return FastSHA256.digest(bytes)
    }

    /// The entries whose articles `archive` still holds as they were: the sources that need no parse
    /// when their document is the same. `digests` are the lines' as loaded with `archive`.
    func holding(_ archive: Archive, takenDown: Set<String>, digests: ArchiveDigests = ArchiveDigests()) -> ParseMemo {
        guard takedowns == Self.digest(takenDown: takenDown) else { return ParseMemo(takedowns: Self.digest(takenDown: takenDown)) }
        return ParseMemo(sources: sources.filter { id, entry in
            let stored = archive.articlesBySource[id] ?? []
            return entry.articles.allSatisfy { articleID, stamp in
                stored.binarySearch(id: articleID).map { digests.digest(of: $0) == stamp } ?? false
            }
        }, takedowns: takedowns)
    }
}

extension ParseMemo {
    func encode() -> [UInt8] {
        var bytes = Self.magic
        CacheBytes.append(Self.formatVersion, to: &bytes)
        bytes += takedowns
        CacheBytes.append(UInt32(sources.count), to: &bytes)
        for (id, entry) in sources.sorted(by: { $0.key < $1.key }) {
            CacheBytes.append(id, to: &bytes)
            bytes += entry.document
            CacheBytes.append(UInt32(entry.itemCount), to: &bytes)
            CacheBytes.append(entry.title, to: &bytes)
            CacheBytes.append(entry.url, to: &bytes)
            CacheBytes.append(entry.feedURL, to: &bytes)
            CacheBytes.append(UInt32(entry.articles.count), to: &bytes)
            for (articleID, stamp) in entry.articles.sorted(by: { $0.key < $1.key }) {
                CacheBytes.append(articleID, to: &bytes)
                bytes += stamp
            }
        }
        return CacheBytes.sealed(bytes)
    }

    /// The memo `bytes` hold; nil for a cut, damaged or foreign file.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let body = CacheBytes.unsealed(bytes), body.count >= Self.magic.count, Array(body.prefix(Self.magic.count)) == Self.magic else { return nil }
        var reader = CacheByteReader(body, at: Self.magic.count)
        guard reader.integer(UInt32.self) == Self.formatVersion, let takedowns = reader.run(32).map(Array.init),
              let count = reader.integer(UInt32.self) else { return nil }
        self.takedowns = takedowns
        for _ in 0..<count {
            guard let id = reader.string() ?? nil, let document = reader.run(32).map(Array.init), let itemCount = reader.integer(UInt32.self),
                  let title = reader.string() ?? nil, let url = reader.string(), let feedURL = reader.string(), let articleCount = reader.integer(UInt32.self) else { return nil }
            var articles: [String: [UInt8]] = [:]
            for _ in 0..<articleCount {
                guard let articleID = reader.string() ?? nil, let stamp = reader.run(32).map(Array.init) else { return nil }
                articles[articleID] = stamp
            }
            sources[id] = Entry(document: document, itemCount: Int(itemCount), title: title, url: url, feedURL: feedURL, articles: articles)
        }
        guard reader.remaining == 0 else { return nil }
    }
}

/// The `ParseMemo`'s file; any trouble reading is an empty memo, any trouble writing is
/// no memo next time (the file is removed): either only makes the next build parse more.
typealias ParseMemoStore = CacheFile<ParseMemo>

extension ParseMemo: CacheFileValue {}

extension CacheFile where Value == ParseMemo {
    init(site: Site) {
        self.init(file: site.directory.appendingPathComponent(".newsgen/cache/parsed-sources.bin"), bounds: site.bounds)
    }
}

extension Array where Element == Article {
    /// The article with `id` in a list sorted by id (`Archive.articlesBySource`).
    func binarySearch(id: String) -> Article? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low].id == id ? self[low] : nil
    }
}
