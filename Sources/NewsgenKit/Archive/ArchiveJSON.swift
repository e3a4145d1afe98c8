import Foundation
import NewsgenModel

/// The archive's JSON dialect, shared by both layouts and the takedown list: key-sorted,
/// slashes unescaped, dates as RFC 3339 in UTC (`Article.fields`, `JSONWriter`); and its
/// errors in a person's words, as they read when Foundation's decoder found them.
enum ArchiveJSON {
    /// `JSONEncoder`'s escaping with `.withoutEscapingSlashes`, which the archive was first written with.
    static let escapes = JSONWriter.Escapes.foundation

    /// Why one object did not read as an article: "'title' is missing", "'tags[2]' must be a string", …
    static func describe(_ error: JSONFieldError) -> String {
        let path = self.path(error.path)
        switch error.problem {
        case .missing: return "'\(path)' is missing"
        case .null: return path.isEmpty ? "not a JSON object" : "'\(path)' is null"
        case .wrongType(let expected, _):
            return path.isEmpty ? "not a JSON object" : "'\(path)' must be \(kind(expected))"
        case .notADate(let text): return "'\(path)': '\(text)' is not an RFC 3339 date"
        case .notWhole: return "not valid JSON"
        }
    }

    /// The same error as Foundation's decoder described it, for the version-1 files' messages:
    /// "at articles[1].title: Expected to decode String but found number instead.".
    static func decoderDescription(_ error: JSONFieldError) -> String {
        var place = error.path
        let text: String
        switch error.problem {
        case .missing:
            let key = place.popLast()?.description ?? ""
            text = "No value associated with key CodingKeys(stringValue: \"\(key)\", intValue: nil) (\"\(key)\")."
        case .null(let type) where type.hasPrefix("Dictionary"):
            text = "Cannot get keyed decoding container -- found null value instead"
        case .null(let type) where type.hasPrefix("Array"):
            text = "Cannot get unkeyed decoding container -- found null value instead"
        case .null(let type):
            text = "Cannot get value of type \(type) -- found null value instead"
        case .wrongType(let expected, let found):
            text = "Expected to decode \(expected) but found \(found) instead."
        case .notADate(let date):
            text = "'\(date)' is not an RFC 3339 date"
        case .notWhole:
            text = "The given data was not valid JSON."
        }
        let path = self.path(place)
        return path.isEmpty ? text : "at \(path): \(text)"
    }

    /// `tags[2]`, `published`: a path as the JSON reads.
    static func path(_ components: [JSONPath.Component]) -> String {
        let text = components.map { component -> String in
            if case .index = component { return component.description }
            return "." + component.description
        }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    private static func kind(_ type: String) -> String {
        switch type {
        case "String": return "a string"
        case "Bool": return "true or false"
        case "Int", "Double": return "a number"
        default:
            if type.hasPrefix("Array") { return "a list" }
            if type.hasPrefix("Dictionary") { return "an object" }
            return "a \(type)"
        }
    }
}
