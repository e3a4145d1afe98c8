import Foundation

/// Reads one JSON object key by key, remembering which keys were read so that
/// `finish()` can report the unknown ones; every error names the key path and
/// where in the file the problem is (the reader holds the value's `JSONElement`).
struct ObjectReader {
    let path: String
    let file: String
    private let element: JSONElement
    private var read: Set<String> = []
    /// The document's table of keys by path (`SiteConfig.keys`), when it has one: every key read must
    /// be in it, read as its kind, so that a key decoded but missing from the table fails every decode
    /// that reaches it (ADR 060). Nil for a document without a table (bookmarks.json).
    private var keys: [String: SiteConfigKey.Kind]?

    /// A reader for `element`, the value at `path`.
    init(_ element: JSONElement, path: String, file: String, keys: [String: SiteConfigKey.Kind]? = nil) throws(ConfigError) {
        guard element.isObject else {
            throw ConfigError(file: file, message: "\(path.isEmpty ? "the top level" : "'\(path)'") must be an object, found \(element.typeName)",
                              at: element.place)
        }
        self.path = path
        self.file = file
        self.element = element
        self.keys = keys
    }

    /// Parses a versioned JSON document (site.json, bookmarks.json) and checks its `version`. A key
    /// given twice in one object is refused, naming both places (a hand edit to the second copy would
    /// otherwise be silently ignored), and so is a string over `maxStringBytes` when given.
    static func document(_ data: Data, file: String, supportedVersion: Int, maxStringBytes: Int? = nil,
                         keys: [String: SiteConfigKey.Kind]? = nil) throws(ConfigError) -> ObjectReader {
        let document = try parse(data, file: file)
        if let problem = document.firstProblem(maxStringBytes: maxStringBytes) {
            throw ConfigError(file: file, message: problem.message, at: problem.place)
        }
        var root = try ObjectReader(document.root, path: "", file: file, keys: keys)
        if let version = try root.int("version", atLeast: 1), version != supportedVersion {
            throw root.error("version", version > supportedVersion
                ? "is \(version), newer than this newsgen reads (\(supportedVersion)): a newer newsgen wrote it, update newsgen"
                : "is \(version), but this newsgen reads version \(supportedVersion)")
        }
        return root
    }

    /// `data` as a document, or "not valid JSON (invalid value)" at the place the syntax breaks.
    static func parse(_ data: Data, file: String) throws(ConfigError) -> JSONDocument {
        let bytes = [UInt8](data)
        do {
            return try JSONDocument(bytes)
        } catch {
            guard let place = JSONDocument.place(of: error, in: bytes) else {
                throw ConfigError(file: file, message: "not valid JSON (\(error.message))")
            }
            throw ConfigError(file: file, message: "not valid JSON (\(error.shortReason))", at: place)
        }
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about `key` (which may go deeper, such as `allow[0]`), placed at its value,
    /// or at this object when the key is absent (a required key that is missing).
    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(file: file, message: "'\(keyPath(key))' \(message)",
                    at: element.element(at: JSONPath.components(key))?.place ?? element.place)
    }

    /// An error about this object as a whole ("'sources[0]' needs a 'url' or a 'path'"), placed at its opening brace.
    func objectError(_ message: String) -> ConfigError {
        ConfigError(file: file, message: "'\(path)' \(message)", at: element.place)
    }

    /// The raw value, or nil when absent or null (null means "use the default"). With a table of keys,
    /// a key it lacks, or gives another kind than the one read, is newsgen's own mistake, said as one.
    mutating func value(_ key: String, as kind: SiteConfigKey.Kind) throws(ConfigError) -> JSONElement? {
        if let keys {
            let tablePath = SiteConfigKey.tablePath(keyPath(key))
            guard let listed = keys[tablePath], listed.isRead(as: kind) else {
                throw ConfigError(file: file, message: "newsgen reads '\(tablePath)' as \(kind.text), but its table of keys (SiteConfig.keys) "
                                  + (keys[tablePath].map { "gives \($0.text)" } ?? "lacks it") + ": this is a bug in newsgen, please report it")
            }
        }
        read.insert(key)
        guard let value = element.member(key), !value.isNull else { return nil }
        return value
    }

    mutating func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = try value(key, as: .string) else { return nil }
        guard let text = value.string else { throw error(key, "must be a string, found \(value.typeName)") }
        return text
    }

    mutating func requiredString(_ key: String) throws(ConfigError) -> String {
        guard let text = try string(key) else { throw error(key, "is required") }
        return text
    }

    mutating func int(_ key: String, atLeast minimum: Int) throws(ConfigError) -> Int? {
        guard let value = try value(key, as: .integer(atLeast: minimum)) else { return nil }
        guard let number = value.double, number.rounded() == number, abs(number) < 1e15 else {
            throw error(key, "must be an integer, found \(value.isNumber ? "a fraction" : value.typeName)")
        }
        guard Int(number) >= minimum else { throw error(key, "must be at least \(minimum), found \(Int(number))") }
        return Int(number)
    }

    /// A number that may have a fraction (seconds).
    mutating func number(_ key: String, atLeast minimum: Double) throws(ConfigError) -> Double? {
        guard let value = try value(key, as: .number(atLeast: minimum)) else { return nil }
        guard let number = value.double, number.isFinite else { throw error(key, "must be a number, found \(value.typeName)") }
        let shown = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        guard number >= minimum else { throw error(key, "must be at least \(Int(minimum)), found \(shown)") }
        return number
    }

    mutating func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = try value(key, as: .bool) else { return nil }
        guard let flag = value.bool else { throw error(key, "must be true or false, found \(value.typeName)") }
        return flag
    }

    mutating func array(_ key: String) throws(ConfigError) -> [JSONElement]? {
        try list(key, as: .stringList)
    }

    private mutating func list(_ key: String, as kind: SiteConfigKey.Kind) throws(ConfigError) -> [JSONElement]? {
        guard let value = try value(key, as: kind) else { return nil }
        guard value.isArray else { throw error(key, "must be a list, found \(value.typeName)") }
        return value.elements
    }

    mutating func object(_ key: String) throws(ConfigError) -> ObjectReader? {
        guard let value = try value(key, as: .object) else { return nil }
        return try ObjectReader(value, path: keyPath(key), file: file, keys: keys)
    }

    /// A list of objects (`bookmarks`, `sources`), one reader per entry, each knowing its
    /// index so that its errors say `bookmarks[2].added` and where that is in the file.
    mutating func objects(_ key: String) throws(ConfigError) -> [ObjectReader]? {
        guard let items = try list(key, as: .objectList) else { return nil }
        var readers: [ObjectReader] = []
        for (index, item) in items.enumerated() {
            readers.append(try ObjectReader(item, path: "\(keyPath(key))[\(index)]", file: file, keys: keys))
        }
        return readers
    }

    /// Throws for the first unknown key (in sorted order, so the message is stable), with a suggestion,
    /// placed at the key itself.
    func finish() throws(ConfigError) {
        let members = element.members
        for key in Set(members.map(\.key)).sorted() where !read.contains(key) {
            var message = "unknown key '\(keyPath(key))'"
            if let suggestion = Suggestion.closest(to: key, among: read) {
                message += " (did you mean '\(suggestion)'?)"
            } else {
                message += " (if a newer newsgen added it, update newsgen)"
            }
            throw ConfigError(file: file, message: message, at: members.first { $0.key == key }?.keyPlace ?? element.place)
        }
    }
}
