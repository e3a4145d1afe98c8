import Foundation

/// One value of a `JSONDocument`, with where it is written. Reading one decodes only what
/// is asked for: a string when `string` is read, a member's key when it is compared.
public struct JSONElement: Sendable {
    public let document: JSONDocument
    /// The value's tape entry.
    let index: Int

    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    var entry: JSONDocument.Entry { document.tape[index] }

    /// The bytes the value is written at (a string's include its quotes, a container's its brackets).
    public var byteRange: Range<Int> { entry.start..<entry.end }

    /// Where the value starts, as diagnostics print it.
    public var place: TextPlace { document.place(ofByte: entry.start) }

    public var isNull: Bool { entry.kind == .null }
    public var isString: Bool { entry.kind == .string }
    public var isNumber: Bool { entry.kind == .number }
    public var isArray: Bool { entry.kind == .array }
    public var isObject: Bool { entry.kind == .object }

    /// The JSON type name as a person says it, for error messages.
    public var typeName: String {
        switch entry.kind {
        case .null: return "null"
        case .true, .false: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// The decoded string, nil for any other kind.
    public var string: String? { entry.kind == .string ? document.string(at: index) : nil }

    public var bool: Bool? {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The number as a Double (JSON numbers are checked to fit one when read).
    public var double: Double? {
        guard entry.kind == .number else { return nil }
        return Double(literal)
    }

    /// The number when it is a whole one that fits: `3`, and also `3.0` or `3e2`, as Foundation read them.
    public var int64: Int64? {
        guard entry.kind == .number else { return nil }
        guard entry.flag else {
            guard let (negative, magnitude) = plainDigits() else { return nil }
            if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }
        guard let value = double, value.rounded() == value, value >= -9.2e18, value <= 9.2e18 else { return nil }
        return Int64(value)
    }

    /// The number when it is a whole one from 0 to UInt64.max (page keys are 64-bit hashes).
    public var uint64: UInt64? {
        guard entry.kind == .number else { return nil }
        guard entry.flag else {
            guard let (negative, magnitude) = plainDigits() else { return nil }
            return negative && magnitude != 0 ? nil : magnitude
        }
        guard let value = double, value.rounded() == value, value >= 0, value <= 1.8e19 else { return nil }
        return UInt64(value)
    }

    /// The number as an Int (`int64` where it fits).
    public var int: Int? { int64.flatMap { Int(exactly: $0) } }

    /// A number without fraction or exponent as its sign and magnitude; nil past UInt64.max.
    private func plainDigits() -> (negative: Bool, magnitude: UInt64)? {
        var index = entry.start
        let negative = document.bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: UInt64 = 0
        while index < entry.end {
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(UInt64(document.bytes[index] - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { return nil }
            value = sum
            index += 1
        }
        return (negative, value)
    }

    /// Calls `body` with the tape entry of each element, or of each member's key (its value
    /// follows it), in order, until it returns false; nothing is allocated.
    @inline(__always)
    private func forEachChild(_ body: (Int) -> Bool) {
        var child = index + 1
        let valueOffset = entry.kind == .object ? 1 : 0
        for _ in 0..<entry.count {
            guard body(child) else { return }
            child = document.tape[child + valueOffset].next
        }
    }

    /// `make` of each child's tape entry, when the value is of `kind`.
    private func children<Child>(of kind: JSONDocument.Kind, _ make: (Int) -> Child) -> [Child] {
        guard entry.kind == kind else { return [] }
        var result: [Child] = []
        result.reserveCapacity(entry.count)
        forEachChild { result.append(make($0)); return true }
        return result
    }

    /// An array's elements (none for any other kind).
    public var elements: [JSONElement] { children(of: .array) { JSONElement(document: document, index: $0) } }

    /// An object's members in the order written, duplicates included (none for any other kind).
    public var members: [JSONMember] { children(of: .object) { JSONMember(document: document, keyIndex: $0) } }

    /// The value of the first member named `key` (the one Foundation's decoder took), nil when there is none.
    public func member(_ key: String) -> JSONElement? {
        member(key, last: false)
    }

    /// The first or the last member named `key`.
    func member(_ key: String, last: Bool) -> JSONElement? {
        guard entry.kind == .object else { return nil }
        var found: Int?
        forEachChild { keyIndex in
            guard document.string(at: keyIndex, equals: key) else { return true }
            found = keyIndex + 1
            return last
        }
        return found.map { JSONElement(document: document, index: $0) }
    }

    /// The member named `key`, with its key's place.
    public func memberEntry(_ key: String) -> JSONMember? {
        members.first { $0.key == key }
    }

    /// The value at `path` below this one (`[]` is this value), nil when the path is not in the document.
    public func element(at path: [JSONPath.Component]) -> JSONElement? {
        var current = self
        for step in path {
            switch step {
            case .key(let key):
                guard let next = current.member(key) else { return nil }
                current = next
            case .index(let wanted):
                let items = current.elements
                guard items.indices.contains(wanted) else { return nil }
                current = items[wanted]
            }
        }
        return current
    }

    /// The value as a plain `JSONValue` (an object keeps the first of duplicate keys).
    public var value: JSONValue {
        switch entry.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(double ?? 0)
        case .string: return .string(document.string(at: index))
        case .array: return .array(elements.map(\.value))
        case .object:
            var fields: [String: JSONValue] = [:]
            for member in members where fields[member.key] == nil { fields[member.key] = member.value.value }
            return .object(fields)
        }
    }
}

/// One member of an object: its key, where the key is written, and its value.
public struct JSONMember: Sendable {
    let document: JSONDocument
    let keyIndex: Int

    public var key: String { document.string(at: keyIndex) }
    /// Where the key's opening quote is, for errors about the key itself (an unknown key).
    public var keyPlace: TextPlace { document.place(ofByte: document.tape[keyIndex].start) }
    public var value: JSONElement { JSONElement(document: document, index: keyIndex + 1) }
    /// The byte offset of the key's opening quote, for an edit that takes the whole member out.
    public var keyStart: Int { document.tape[keyIndex].start }
}

extension JSONElement {
    /// The value's kind as Foundation's decoder named it in "Expected to decode String but found number instead.".
    public var foundName: String {
        switch entry.kind {
        case .null: return "null"
        case .true, .false: return "bool"
        case .number: return "number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }
}

extension JSONMember {
    /// True when the key is `name` (an ASCII name without escapes), compared byte for byte.
    func keyEquals(_ name: StaticString) -> Bool {
        let entry = document.tape[keyIndex]
        guard !entry.flag, entry.end - entry.start - 2 == name.utf8CodeUnitCount else { return !entry.flag ? false : key == "\(name)" }
        return name.withUTF8Buffer { $0.elementsEqual(document.bytes[(entry.start + 1)..<(entry.end - 1)]) }
    }
}

extension JSONElement {
    /// The value of the last member named `key`: what `JSONSerialization`'s dictionary kept,
    /// for the JSON Feed reader, whose items must stay what they were.
    public func lastMember(_ key: String) -> JSONElement? {
        member(key, last: true)
    }

    /// A number written without fraction or exponent.
    public var isWholeLiteral: Bool { entry.kind == .number && !entry.flag }

    /// The value's bytes as written.
    public var literal: String { String(decoding: document.bytes[entry.start..<entry.end], as: UTF8.self) }
}
