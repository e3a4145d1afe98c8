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

/// A JSON value for Foundation's encoder and decoder: each format's members as its Codable
/// conformance declared them, made from the value (`tree`), without a second copy of the type.
indirect enum OracleValue: Codable, Equatable {
    case string(String)
    case int(Int64)
    case unsigned(UInt64)
    case array([OracleValue])
    case object([String: OracleValue])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int64.self) { self = .int(value) }
        else if let value = try? container.decode(UInt64.self) { self = .unsigned(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([OracleValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: OracleValue].self)) }
    }

    /// An object of the members that are there (a nil optional is left out, as the encoder left it).
    static func members(_ members: [String: OracleValue?]) -> OracleValue { .object(members.compactMapValues { $0 }) }

    static func text(_ value: String?) -> OracleValue? { value.map(OracleValue.string) }

    /// A whole number as the decoder reads it back: `.int` where it fits, else `.unsigned`.
    static func whole(_ value: UInt64) -> OracleValue { value <= UInt64(Int64.max) ? .int(Int64(value)) : .unsigned(value) }
}

extension BuildRecord {
    var tree: OracleValue {
        .members(["version": .int(Int64(version)), "fingerprint": .string(fingerprint), "output": .string(output),
                  "files": .object(files.mapValues { .object(["size": .int(Int64($0.size)), "modified": .int($0.modified)]) }),
                  "articleCount": .int(Int64(articleCount)), "pageCount": .int(Int64(pageCount)), "warnings": .array(warnings.map(OracleValue.string)),
                  "pages": pages.map { .object($0.mapValues(OracleValue.whole)) }])
    }
}

extension FetchState {
    /// `hosts` as an optional dictionary: left out when empty.
    var tree: OracleValue {
        .members(["version": .int(Int64(version)), "sources": .object(sources.mapValues { entry in
            .members(["url": .string(entry.url), "etag": .text(entry.etag), "lastModified": .text(entry.lastModified),
                      "failures": entry.failures.map { .int(Int64($0)) }, "pausedUntil": .text(entry.pausedUntil)])
        }), "hosts": hosts.isEmpty ? nil : .object(hosts.mapValues { host in
            .members(["pausedUntil": .text(host.pausedUntil), "failures": host.failures.map { .int(Int64($0)) }])
        })])
    }
}

extension ImageCacheIndex {
    var tree: OracleValue {
        .object(["version": .int(Int64(version)), "uses": .whole(uses), "entries": .object(entries.mapValues { entry in
            .members(["sha256": .string(entry.sha256), "fileExtension": .string(entry.fileExtension), "bytes": .int(Int64(entry.bytes)),
                      "etag": .text(entry.etag), "lastModified": .text(entry.lastModified), "lastUsed": .whole(entry.lastUsed)])
        })])
    }
}
