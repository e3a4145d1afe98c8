import Foundation
import NewsgenModel

/// The disk tier's `index.json`: which URL holds which blob, with the
/// validators for a conditional GET and a use counter for least-recently-used
/// eviction. The counter is not the clock (a build never depends on the time),
/// and it lives in the file so the LRU order carries over from one build to the
/// next. Encoded pretty and key-sorted, so the same cache gives the same bytes.
struct ImageCacheIndex: Equatable, Sendable {
    static let formatVersion = 1

    /// One URL's cached image.
    struct Entry: Equatable, Sendable {
        /// SHA-256 of the image bytes, 64 lowercase hex digits: the blob's name.
        var sha256: String
        /// The blob's extension, from the bytes' magic number (`ImageKind.fileExtension`).
        var fileExtension: String
        /// The blob's size in bytes.
        var bytes: Int
        /// `ETag` and `Last-Modified` as the server sent them.
        var etag: String?
        var lastModified: String?
        /// The value of the use counter when the URL was last used: larger is more recent.
        var lastUsed: UInt64

        /// `<sha256>.<ext>`, or nil when the hash or extension is not valid (a hand-edited index).
        var blobName: String? {
            guard let kind = ImageKind.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
            return SafeName.mediaName(sha256Hex: sha256, fileExtension: kind.fileExtension)
        }

        var kind: ImageKind? { ImageKind.allCases.first { $0.fileExtension == fileExtension } }
    }

    var version: Int = formatVersion
    /// The last value of the use counter handed out.
    var uses: UInt64 = 0
    /// By URL (absolute string).
    var entries: [String: Entry] = [:]

    /// The file's bytes as `JSONEncoder` wrote them: pretty-printed, keys sorted, a final newline.
    func encoded() -> Data {
        JSONWriter.foundationPrettyDocument { writer in
            writer.sortedObjects("entries", entries) { writer, entry in
                writer.key("bytes"); writer.integer(entry.bytes)
                writer.optional("etag", entry.etag)
                writer.key("fileExtension"); writer.string(entry.fileExtension)
                writer.optional("lastModified", entry.lastModified)
                writer.key("lastUsed"); writer.integer(entry.lastUsed)
                writer.key("sha256"); writer.string(entry.sha256)
            }
            writer.key("uses"); writer.integer(uses)
            writer.key("version"); writer.integer(version)
        }
    }
}

extension ImageCacheIndex {
    /// Reads `index.json`; what Foundation's decoder required is required, unknown members are ignored.
    init(json data: Data) throws {
        let root = try JSONFieldReader(JSONDocument(data).root)
        version = try root.int("version")
        uses = try root.uint64("uses")
        for (url, entry) in try root.objects(in: "entries") {
            entries[url] = Entry(sha256: try entry.string("sha256"), fileExtension: try entry.string("fileExtension"),
                                 bytes: try entry.int("bytes"), etag: try entry.optionalString("etag"),
                                 lastModified: try entry.optionalString("lastModified"), lastUsed: try entry.uint64("lastUsed"))
        }
    }
}
