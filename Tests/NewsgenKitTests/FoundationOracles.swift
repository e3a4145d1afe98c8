import Foundation
import NewsgenModel
@testable import NewsgenKit

/// Foundation's encoder as newsgen configured it before it wrote its files with `JSONWriter`:
/// the oracle the writers are held to, byte for byte (ADR 014, ADR 020).
enum FoundationOracle {
    /// The archive's encoder: sorted keys, slashes unescaped, dates as `RFC3339.string`.
    static func archiveEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        return encoder
    }

    /// The fetch state's and the image cache index's encoder.
    static func prettyEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// `BuildRecord`'s members as the Codable conformance it had declared them.
struct BuildRecordOracle: Codable, Equatable {
    struct Stamp: Codable, Equatable { var size: Int; var modified: Int64 }
    var version: Int
    var fingerprint: String
    var output: String
    var files: [String: Stamp]
    var articleCount: Int
    var pageCount: Int
    var warnings: [String]
    var pages: [String: UInt64]?

    init(_ record: BuildRecord) {
        version = record.version
        fingerprint = record.fingerprint
        output = record.output
        files = record.files.mapValues { Stamp(size: $0.size, modified: $0.modified) }
        articleCount = record.articleCount
        pageCount = record.pageCount
        warnings = record.warnings
        pages = record.pages
    }
}

/// `FetchState`'s members as its Codable conformance declared them.
struct FetchStateOracle: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var url: String
        var etag: String?
        var lastModified: String?
        var lastAttempt: String?
        var lastSuccess: String?
        var failures: Int?
    }
    var version: Int
    var sources: [String: Entry]

    init(_ state: FetchState) {
        version = state.version
        sources = state.sources.mapValues {
            Entry(url: $0.url, etag: $0.etag, lastModified: $0.lastModified, lastAttempt: $0.lastAttempt, lastSuccess: $0.lastSuccess, failures: $0.failures)
        }
    }
}

/// `ImageCacheIndex`'s members as its Codable conformance declared them.
struct ImageCacheIndexOracle: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var sha256: String
        var fileExtension: String
        var bytes: Int
        var etag: String?
        var lastModified: String?
        var lastUsed: UInt64
    }
    var version: Int
    var uses: UInt64
    var entries: [String: Entry]

    init(_ index: ImageCacheIndex) {
        version = index.version
        uses = index.uses
        entries = index.entries.mapValues {
            Entry(sha256: $0.sha256, fileExtension: $0.fileExtension, bytes: $0.bytes, etag: $0.etag, lastModified: $0.lastModified, lastUsed: $0.lastUsed)
        }
    }
}
