import Foundation

/// The one JSON writer: values appended in the order the caller gives (a format's key order is
/// the caller's to fix, and stays fixed), in one of three layouts, strings escaped as the
/// format's `Escapes` say. Each file newsgen writes is held to the bytes it wrote before this
/// writer by a test; the archive's lines, the build record, the fetch state, the image cache
/// index, the manifests, JSON Feed and the search index all come out of it.
public struct JSONWriter {
    /// Where line breaks and spaces go.
    public enum Layout: Sendable {
        /// No white space: archive lines, the build record, the journal, the search index.
        case compact
        /// One member or element per line, two-space indent, `"key": value`, empty containers
        /// as `{}` and `[]`: the manifests, JSON Feed, `bookmark list --json`.
        case pretty
        /// `JSONEncoder`'s `.prettyPrinted`: `"key" : value`, empty containers over two lines:
        /// the fetch state and the image cache index, whose bytes it wrote before.
        case foundationPretty
    }

    public private(set) var bytes: [UInt8] = []
    public let layout: Layout
    public let escapes: Escapes
    private var depth = 0
    private var needsComma = false
    private var justOpened = false
    private var afterKey = false

    public init(layout: Layout = .compact, escapes: Escapes = .standard, capacity: Int = 0) {
        self.layout = layout
        self.escapes = escapes
        bytes.reserveCapacity(capacity)
    }

    /// Writes into `bytes` (which keeps what it holds), for a caller that writes many documents into one buffer.
    public static func append(to bytes: inout [UInt8], layout: Layout = .compact, escapes: Escapes = .standard,
                              _ body: (inout JSONWriter) -> Void) {
        var writer = JSONWriter(layout: layout, escapes: escapes)
        swap(&writer.bytes, &bytes)
        body(&writer)
        swap(&writer.bytes, &bytes)
    }

    public mutating func beginObject() { beforeValue(); bytes.append(UInt8(ascii: "{")); open() }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { beforeValue(); bytes.append(UInt8(ascii: "[")); open() }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// A member's key; its value is the next thing written.
    public mutating func key(_ name: String) {
        beforeItem()
        Self.appendQuoted(name, to: &bytes, escaping: escapes)
        colon()
    }

    /// A key known to need no escaping (the archive's field names), copied as it is.
    public mutating func key(_ name: StaticString) {
        beforeItem()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        colon()
    }

    public mutating func string(_ text: String) {
        beforeValue()
        Self.appendQuoted(text, to: &bytes, escaping: escapes)
        needsComma = true
    }

    public mutating func integer<Integer: BinaryInteger>(_ value: Integer) {
        raw { $0.append(contentsOf: String(value).utf8) }
    }

    /// An object whose members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// An object of `members` in their order, each value written by `write` (which may nest an object).
    public mutating func object<Value>(_ members: [(key: String, value: Value)], _ write: (inout JSONWriter, Value) -> Void) {
        beginObject()
        for (name, value) in members {
            key(name)
            write(&self, value)
        }
        endObject()
    }

    /// A document as `JSONEncoder` wrote it with `.prettyPrinted`, `.sortedKeys` and
    /// `.withoutEscapingSlashes`, and a final newline; `body` writes the top object's members.
    public static func foundationPrettyDocument(_ body: (inout JSONWriter) -> Void) -> Data {
        var writer = JSONWriter(layout: .foundationPretty, escapes: .foundation)
        writer.object(body)
        return Data(writer.bytes + [0x0A])
    }

    /// The member `name`: an object of `dictionary`'s entries in `.sortedKeys` order, each an
    /// object whose members `write` writes.
    public mutating func sortedObjects<Value>(_ name: String, _ dictionary: [String: Value], _ write: (inout JSONWriter, Value) -> Void) {
        key(name)
        object(Self.sortedByKey(dictionary)) { writer, value in
            writer.object { write(&$0, value) }
        }
    }

    /// A member written only when there is a value, as `JSONEncoder` left out a nil optional.
    public mutating func optional(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// `dictionary`'s members in the order `JSONEncoder`'s `.sortedKeys` wrote them: by code point.
    public static func sortedByKey<Value>(_ dictionary: [String: Value]) -> [(key: String, value: Value)] {
        dictionary.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    public mutating func bool(_ value: Bool) { raw { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
    public mutating func null() { raw { $0.append(contentsOf: "null".utf8) } }

    /// A value whose bytes `body` appends itself (a date written digit by digit); it must be one JSON value.
    public mutating func raw(_ body: (inout [UInt8]) -> Void) {
        beforeValue()
        body(&bytes)
        needsComma = true
    }

    private mutating func colon() {
        switch layout {
        case .compact: bytes.append(UInt8(ascii: ":"))
        case .pretty: bytes.append(contentsOf: [UInt8(ascii: ":"), 0x20])
        case .foundationPretty: bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
        }
        afterKey = true
    }

    private mutating func beforeValue() {
        if afterKey { afterKey = false; return }
        beforeItem()
    }

    private mutating func beforeItem() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        justOpened = false
        if layout != .compact && depth > 0 { newline() }
    }

    private mutating func newline() {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    private mutating func open() {
        depth += 1
        needsComma = false
        justOpened = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if justOpened {
            if layout == .foundationPretty { bytes.append(0x0A); newline() }
        } else if layout != .compact {
            newline()
        }
        bytes.append(bracket)
        needsComma = true
        justOpened = false
    }
}
