import Foundation

/// Why a value is not the Swift value a format wants: the member at `path` (`title`, `tags[2]`)
/// is missing, null, of the wrong type, not a whole number or not a date. These are the kinds of
/// error Foundation's decoder reported for newsgen's files, each of which words them its own way
/// (`ArchiveJSON.describe`, `FetchStateStore.describe`), so the messages stay what they were.
public struct JSONFieldError: Error, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case missing
        /// `expected` as in `wrongType`.
        case null(expected: String)
        /// `expected` as Foundation's decoder named the type (`String`, `Array<Any>`), `found` as it named the value (`number`).
        case wrongType(expected: String, found: String)
        /// A number where a whole one is needed, which Foundation's decoder reported as "not valid JSON".
        case notWhole
        /// A string that is not an RFC 3339 date.
        case notADate(String)
    }

    public var path: [JSONPath.Component]
    public var problem: Problem

    public init(path: [JSONPath.Component], problem: Problem) {
        self.path = path
        self.problem = problem
    }
}

/// The members of one object, read as typed values with `JSONFieldError`s that name their path.
public struct JSONFieldReader: Sendable {
    public let element: JSONElement
    public let path: [JSONPath.Component]

    /// A reader for `element`, which must be an object.
    public init(_ element: JSONElement, path: [JSONPath.Component] = []) throws(JSONFieldError) {
        try element.expect(.object, at: path)
        self.element = element
        self.path = path
    }

    /// The member's value, nil when absent or null (an optional left out).
    public func optional(_ key: String) -> JSONElement? {
        guard let value = element.member(key), !value.isNull else { return nil }
        return value
    }

    /// The member's value, which must be there and not null; `type` names what it should be, for the error.
    public func required(_ key: String, _ type: JSONElement.Expected) throws(JSONFieldError) -> JSONElement {
        guard let value = element.member(key) else { throw JSONFieldError(path: path + [.key(key)], problem: .missing) }
        try value.expect(type, at: path + [.key(key)])
        return value
    }

    public func string(_ key: String) throws(JSONFieldError) -> String { try required(key, .string).string ?? "" }

    public func optionalString(_ key: String) throws(JSONFieldError) -> String? {
        guard let value = optional(key) else { return nil }
        return try value.decodeString(at: path + [.key(key)])
    }

    public func int(_ key: String) throws(JSONFieldError) -> Int { try required(key, .int).decodeInt(at: path + [.key(key)]) }

    public func optionalInt(_ key: String) throws(JSONFieldError) -> Int? {
        guard let value = optional(key) else { return nil }
        return try value.decodeInt(at: path + [.key(key)])
    }

    public func uint64(_ key: String) throws(JSONFieldError) -> UInt64 {
        let value = try required(key, .uint64)
        guard let number = value.uint64 else { throw JSONFieldError(path: [], problem: .notWhole) }
        return number
    }

    public func date(_ key: String) throws(JSONFieldError) -> Date { try required(key, .string).decodeDate(at: path + [.key(key)]) }

    /// An object member's reader.
    public func object(_ key: String) throws(JSONFieldError) -> JSONFieldReader {
        try JSONFieldReader(required(key, .object), path: path + [.key(key)])
    }

    /// An object member's members as readers of objects, in document order; of two with one key the first.
    public func objects(in key: String) throws(JSONFieldError) -> [(key: String, reader: JSONFieldReader)] {
        let container = try object(key)
        var seen: Set<String> = []
        var result: [(key: String, reader: JSONFieldReader)] = []
        for member in container.element.members where seen.insert(member.key).inserted {
            result.append((member.key, try JSONFieldReader(member.value, path: container.path + [.key(member.key)])))
        }
        return result
    }

    /// An array member's elements, each with its path.
    public func array(_ key: String) throws(JSONFieldError) -> [(path: [JSONPath.Component], value: JSONElement)] {
        try required(key, .array).elements.enumerated().map { (path + [.key(key), .index($0.offset)], $0.element) }
    }
}

extension JSONElement {
    /// What a value must be, named as Foundation's decoder named the type.
    public enum Expected: String, Sendable {
        case string = "String", int = "Int", uint64 = "UInt64", array = "Array<Any>", object = "Dictionary<String, Any>"
    }

    /// Throws unless the value is of the kind `type` wants (null included in the error).
    public func expect(_ type: Expected, at path: [JSONPath.Component]) throws(JSONFieldError) {
        guard !isNull else { throw JSONFieldError(path: path, problem: .null(expected: type.rawValue)) }
        let fits: Bool
        switch type {
        case .string: fits = isString
        case .int, .uint64: fits = isNumber
        case .array: fits = isArray
        case .object: fits = isObject
        }
        guard fits else { throw JSONFieldError(path: path, problem: .wrongType(expected: type.rawValue, found: foundName)) }
    }

    public func decodeString(at path: [JSONPath.Component]) throws(JSONFieldError) -> String {
        try expect(.string, at: path)
        return string ?? ""
    }

    public func decodeInt(at path: [JSONPath.Component]) throws(JSONFieldError) -> Int {
        try expect(.int, at: path)
        guard let number = int else { throw JSONFieldError(path: [], problem: .notWhole) }
        return number
    }

    public func decodeDate(at path: [JSONPath.Component]) throws(JSONFieldError) -> Date {
        let text = try decodeString(at: path)
        guard let date = RFC3339.date(from: text) else { throw JSONFieldError(path: path, problem: .notADate(text)) }
        return date
    }
}
