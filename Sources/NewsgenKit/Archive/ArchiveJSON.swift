import Foundation
import NewsgenModel

/// The archive's JSON dialect, shared by both layouts: key-sorted, slashes
/// unescaped, dates as RFC 3339 in UTC; and its errors in a person's words.
enum ArchiveJSON {
    /// Compact: one article is one line of a `.jsonl` file.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an RFC 3339 date")
            }
            return date
        }
        return decoder
    }

    /// Why one line did not decode as an article: "'title' is missing", "not valid JSON", …
    static func describe(_ error: Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "'\(path(context.codingPath + [key]))' is missing"
        case .valueNotFound(_, let context) where !context.codingPath.isEmpty:
            return "'\(path(context.codingPath))' is null"
        case .typeMismatch(let type, let context) where !context.codingPath.isEmpty:
            return "'\(path(context.codingPath))' must be \(kind(type))"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "'\(path(context.codingPath))': \(context.debugDescription)"
        case .dataCorrupted:
            return "not valid JSON"
        case .valueNotFound, .typeMismatch:
            return "not a JSON object"
        @unknown default:
            return "\(error)"
        }
    }

    /// `tags[2]`, `published`: a coding path as the JSON reads.
    static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Date.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Double.Type: return "a number"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "a \(name)"
        }
    }
}
