import Foundation

/// Header fields in the order they were sent or received; names compare without
/// regard to case (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) { self.fields = fields }

    /// The first value of `name`, as sent (outer spaces and tabs trimmed); nil when absent.
    public subscript(name: String) -> String? {
        fields.first { Self.same($0.name, name) }?.value
    }

    /// Adds a field, or replaces every field of that name by this one.
    public mutating func set(_ name: String, _ value: String) {
        let index = fields.firstIndex { Self.same($0.name, name) } ?? fields.endIndex
        fields.removeAll { Self.same($0.name, name) }
        fields.insert(Field(name, value), at: index)
    }

    public mutating func append(_ name: String, _ value: String) { fields.append(Field(name, value)) }

    /// Continues the last field's value (an obsolete folded line, RFC 9112 §5.2).
    mutating func continueLast(_ more: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += " " + more
    }

    /// `Content-Length` as a byte count; nil when absent or not a plain number.
    var contentLength: Int? {
        guard let text = self["Content-Length"], !text.isEmpty, text.utf8.count <= 18,
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// The content codings of `Content-Encoding`, lowercased, in the order applied; `identity` left out.
    var contentCodings: [String] {
        (self["Content-Encoding"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }
}
