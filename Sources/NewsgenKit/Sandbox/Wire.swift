import Foundation

/// The bytes a job and its answer cross the worker's socket as: each value written field by
/// field in a fixed order, integers and doubles as eight little-endian bytes, strings and data
/// as their length and bytes, an optional as a flag and the value. Exact (a `Date` keeps every
/// bit, a string every scalar) and several times cheaper than a property list, whose coders
/// cost more than the parse they carried (ADR 046, "What it costs").
protocol WireCodable {
    func write(to wire: inout WireWriter)
    init(from wire: inout WireReader) throws(WireError)
}

/// A value the worker's answer could not be read back as: the answer is taken as lost.
struct WireError: Error, Equatable {
    var reason: String
}

struct WireWriter {
    private(set) var bytes: [UInt8] = []

    /// A writer with room for `capacity` bytes, so that a large message is not copied as it grows.
    init(reserving capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func data(_ value: Data) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func date(_ value: Date) { double(value.timeIntervalSinceReferenceDate) }

    mutating func value<Value: WireCodable>(_ value: Value) { value.write(to: &self) }

    mutating func optional<Value>(_ value: Value?, _ write: (inout WireWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func optional(_ value: String?) { optional(value) { $0.string($1) } }
    mutating func optional(_ value: Int?) { optional(value) { $0.int($1) } }
    mutating func optional(_ value: Date?) { optional(value) { $0.date($1) } }
    mutating func optional<Value: WireCodable>(_ value: Value?) { optional(value) { $0.value($1) } }

    mutating func array<Value>(_ values: [Value], _ write: (inout WireWriter, Value) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func array<Value: WireCodable>(_ values: [Value]) { array(values) { $0.value($1) } }
    mutating func array(_ values: [String]) { array(values) { $0.string($1) } }
}

struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True when every byte was read: an answer with bytes left over is not one.
    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(WireError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw WireError(reason: "the message ends too early") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func int() throws(WireError) -> Int {
        let slice = try take(8)
        var value: UInt64 = 0
        for (shift, byte) in slice.enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return Int(Int64(bitPattern: value))
    }

    mutating func bool() throws(WireError) -> Bool {
        switch try take(1).first {
        case 0: return false
        case 1: return true
        default: throw WireError(reason: "a flag is neither 0 nor 1")
        }
    }

    mutating func double() throws(WireError) -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }

    mutating func string() throws(WireError) -> String {
        String(decoding: try take(try int()), as: UTF8.self)
    }

    mutating func data() throws(WireError) -> Data { Data(try take(try int())) }

    mutating func date() throws(WireError) -> Date { Date(timeIntervalSinceReferenceDate: try double()) }

    mutating func value<Value: WireCodable>(_: Value.Type = Value.self) throws(WireError) -> Value { try Value(from: &self) }

    mutating func optional<Value>(_ read: (inout WireReader) throws(WireError) -> Value) throws(WireError) -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func optionalString() throws(WireError) -> String? { try optional { r throws(WireError) in try r.string() } }
    mutating func optionalInt() throws(WireError) -> Int? { try optional { r throws(WireError) in try r.int() } }
    mutating func optionalDate() throws(WireError) -> Date? { try optional { r throws(WireError) in try r.date() } }
    mutating func optional<Value: WireCodable>(_: Value.Type = Value.self) throws(WireError) -> Value? {
        try optional { r throws(WireError) in try Value(from: &r) }
    }

    mutating func array<Value>(_ read: (inout WireReader) throws(WireError) -> Value) throws(WireError) -> [Value] {
        let count = try int()
        // Each element takes at least a byte: a count past what is left is a broken message, not an allocation.
        guard count >= 0, count <= bytes.count - offset else { throw WireError(reason: "a list is longer than the message") }
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func array<Value: WireCodable>(_: Value.Type = Value.self) throws(WireError) -> [Value] {
        try array { r throws(WireError) in try Value(from: &r) }
    }

    mutating func strings() throws(WireError) -> [String] { try array { r throws(WireError) in try r.string() } }

    /// A value written as its raw string (an enumeration's case).
    mutating func raw<Value: RawRepresentable>(_: Value.Type) throws(WireError) -> Value where Value.RawValue == String {
        let text = try string()
        guard let value = Value(rawValue: text) else { throw WireError(reason: "'\(text)' is no \(Value.self)") }
        return value
    }

    /// The tag of an enumeration's case.
    mutating func tag() throws(WireError) -> UInt8 { try take(1).first! }

    static func unknown(_ tag: UInt8, of type: Any.Type) -> WireError { WireError(reason: "\(tag) is no case of \(type)") }
}

extension WireWriter {
    mutating func tag(_ value: UInt8) { bytes.append(value) }
}

extension WireCodable {
    /// The value's wire form; `reserving` is about how large it will be (a document's size).
    func wire(reserving capacity: Int = 0) -> [UInt8] {
        var writer = WireWriter(reserving: capacity)
        write(to: &writer)
        return writer.bytes
    }

    /// The value from its whole wire form.
    init(wire bytes: [UInt8]) throws(WireError) {
        var reader = WireReader(bytes)
        self = try Self(from: &reader)
        guard reader.isAtEnd else { throw WireError(reason: "bytes are left after the value") }
    }
}
