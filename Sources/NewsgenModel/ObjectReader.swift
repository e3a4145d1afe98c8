import Foundation

/// Reads one JSON object key by key, remembering which keys were read so that
/// `finish()` can report the unknown ones; every error names the key path.
struct ObjectReader {
    let path: String
    let file: String
    private let fields: [String: JSONValue]
    private var read: Set<String> = []

    init(_ value: JSONValue, path: String, file: String) throws(ConfigError) {
        guard case .object(let fields) = value else {
            throw ConfigError(file: file, message: "\(path.isEmpty ? "the top level" : "'\(path)'") must be an object, found \(value.typeName)")
        }
        self.path = path
        self.file = file
        self.fields = fields
    }

    /// Parses a versioned JSON document (site.json, bookmarks.json) and checks its `version`.
    static func document(_ data: Data, file: String, supportedVersion: Int) throws(ConfigError) -> ObjectReader {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ConfigError(file: file, message: "not valid JSON (\(JSONErrorText.describe(error, in: data)))")
        }
        var root = try ObjectReader(json, path: "", file: file)
        if let version = try root.int("version", atLeast: 1), version != supportedVersion {
            throw root.error("version", "is \(version), but this newsgen reads version \(supportedVersion)")
        }
        return root
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(file: file, message: "'\(keyPath(key))' \(message)")
    }

    /// The raw value, or nil when absent or null (null means "use the default").
    mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        guard let value = fields[key], value != .null else { return nil }
        return value
    }

    mutating func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw error(key, "must be a string, found \(value.typeName)") }
        return text
    }

    mutating func requiredString(_ key: String) throws(ConfigError) -> String {
        guard let text = try string(key) else { throw error(key, "is required") }
        return text
    }

    mutating func int(_ key: String, atLeast minimum: Int) throws(ConfigError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e15 else {
            throw error(key, "must be an integer, found \(value.typeName == "a number" ? "a fraction" : value.typeName)")
        }
        guard Int(number) >= minimum else { throw error(key, "must be at least \(minimum), found \(Int(number))") }
        return Int(number)
    }

    mutating func array(_ key: String) throws(ConfigError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw error(key, "must be a list, found \(value.typeName)") }
        return items
    }

    mutating func object(_ key: String) throws(ConfigError) -> ObjectReader? {
        guard let value = value(key) else { return nil }
        return try ObjectReader(value, path: keyPath(key), file: file)
    }

    /// Throws for the first unknown key (in sorted order, so the message is stable), with a suggestion.
    func finish() throws(ConfigError) {
        for key in fields.keys.sorted() where !read.contains(key) {
            var message = "unknown key '\(keyPath(key))'"
            if let suggestion = Suggestion.closest(to: key, among: read) { message += " (did you mean '\(suggestion)'?)" }
            throw ConfigError(file: file, message: message)
        }
    }
}
