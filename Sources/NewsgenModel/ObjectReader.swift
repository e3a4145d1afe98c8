import Foundation

/// Reads one JSON object key by key, remembering which keys were read so that
/// `finish()` can report the unknown ones; every error names the key path and,
/// when the reader has the document's bytes, where in the file the problem is.
struct ObjectReader {
    let path: String
    let file: String
    /// `path` as components, to find positions in `document`.
    private let components: [JSONLocation.Component]
    /// The whole document, when known; readers made from it pass it on.
    private let document: Data?
    private let fields: [String: JSONValue]
    private var read: Set<String> = []

    /// A reader for `value` at `path`. Give `document` (the whole file's bytes) so errors carry a line and column.
    init(_ value: JSONValue, path: String, file: String, document: Data? = nil) throws(ConfigError) {
        try self.init(value, path: path, components: JSONLocation.components(path), file: file, document: document)
    }

    private init(_ value: JSONValue, path: String, components: [JSONLocation.Component], file: String, document: Data?) throws(ConfigError) {
        guard case .object(let fields) = value else {
            throw ConfigError(file: file, message: "\(path.isEmpty ? "the top level" : "'\(path)'") must be an object, found \(value.typeName)",
                              at: document.flatMap { JSONLocation.value(at: components, in: $0) })
        }
        self.path = path
        self.file = file
        self.components = components
        self.document = document
        self.fields = fields
    }

    /// Parses a versioned JSON document (site.json, bookmarks.json) and checks its `version`.
    static func document(_ data: Data, file: String, supportedVersion: Int) throws(ConfigError) -> ObjectReader {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            if let (position, reason) = JSONErrorText.locate(in: data) {
                throw ConfigError(file: file, message: "not valid JSON (\(reason))", at: position)
            }
            throw ConfigError(file: file, message: "not valid JSON (\(JSONErrorText.describe(error, in: data)))")
        }
        var root = try ObjectReader(json, path: "", file: file, document: data)
        if let version = try root.int("version", atLeast: 1), version != supportedVersion {
            throw root.error("version", version > supportedVersion
                ? "is \(version), newer than this newsgen reads (\(supportedVersion)): a newer newsgen wrote it, update newsgen"
                : "is \(version), but this newsgen reads version \(supportedVersion)")
        }
        return root
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about `key` (which may go deeper, such as `allow[0]`), placed at its value,
    /// or at this object when the key is absent (a required key that is missing).
    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(file: file, message: "'\(keyPath(key))' \(message)",
                    at: document.flatMap { JSONLocation.value(at: components + JSONLocation.components(key), in: $0) } ?? position)
    }

    /// An error about this object as a whole ("'sources[0]' needs a 'url' or a 'path'"), placed at its opening brace.
    func objectError(_ message: String) -> ConfigError {
        ConfigError(file: file, message: "'\(path)' \(message)", at: position)
    }

    /// Where this object starts in the document, when the reader has it.
    private var position: JSONLocation.Position? {
        document.flatMap { JSONLocation.value(at: components, in: $0) }
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
        return try ObjectReader(value, path: keyPath(key), components: components + [.key(key)], file: file, document: document)
    }

    /// A list of objects (`bookmarks`, `sources`), one reader per entry, each knowing its
    /// index so that its errors say `bookmarks[2].added` and where that is in the file.
    mutating func objects(_ key: String) throws(ConfigError) -> [ObjectReader]? {
        guard let items = try array(key) else { return nil }
        var readers: [ObjectReader] = []
        for (index, item) in items.enumerated() {
            readers.append(try ObjectReader(item, path: "\(keyPath(key))[\(index)]", components: components + [.key(key), .index(index)],
                                            file: file, document: document))
        }
        return readers
    }

    /// Throws for the first unknown key (in sorted order, so the message is stable), with a suggestion,
    /// placed at the key itself.
    func finish() throws(ConfigError) {
        for key in fields.keys.sorted() where !read.contains(key) {
            var message = "unknown key '\(keyPath(key))'"
            if let suggestion = Suggestion.closest(to: key, among: read) {
                message += " (did you mean '\(suggestion)'?)"
            } else {
                message += " (if a newer newsgen added it, update newsgen)"
            }
            throw ConfigError(file: file, message: message,
                              at: document.flatMap { JSONLocation.key(at: components + [.key(key)], in: $0) } ?? position)
        }
    }
}
