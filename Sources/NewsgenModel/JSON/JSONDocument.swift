import Foundation

/// A parsed JSON document: its bytes, and one entry per value in document order (a
/// "tape") holding the value's kind and the byte range it is written at. Strings and
/// numbers are decoded only when asked for, so reading a document is one pass over its
/// bytes, and every value keeps its place: diagnostics name a line and column, and a
/// command can rewrite one value of `site.json` in place, keeping the user's formatting.
///
/// The dialect is RFC 8259 as newsgen has always read it (ADR 020): one value (any kind)
/// with white space around it and an optional leading UTF-8 byte order mark; strings of
/// valid UTF-8 whose `\u` escapes pair their surrogates; numbers without leading zeros
/// that fit a Double; nesting at most `maxDepth` deep. A comma before a closing bracket
/// is accepted, as Foundation's readers accepted it in every file newsgen reads.
public struct JSONDocument: Sendable {
    /// As deep as Foundation's readers went, so a document they read still reads.
    public static let maxDepth = 512

    /// What a tape entry holds.
    enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    /// One value: `start..<end` are its bytes (a string's include its quotes). A container's
    /// children follow it (an object's as key, value, key, value), `next` is the entry after
    /// its last descendant, and `count` the number of elements or members.
    struct Entry: Sendable {
        var kind: Kind
        /// A string holding a backslash, or a number with a fraction or exponent.
        var flag: Bool
        var start: Int
        var end: Int
        var next: Int
        var count: Int
    }

    /// The document as read, byte order mark included.
    public let bytes: [UInt8]
    let tape: [Entry]
    /// 3 when the document starts with a byte order mark, else 0.
    let bodyStart: Int

    /// Parses `bytes`; throws the first syntax error.
    public init(_ bytes: [UInt8], maxDepth: Int = JSONDocument.maxDepth) throws(JSONSyntaxError) {
        self.bytes = bytes
        let start = bytes.starts(with: JSONDocument.byteOrderMark) ? 3 : 0
        bodyStart = start
        let parsed: Result<[Entry], JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: start, maxDepth: maxDepth)
            do throws(JSONSyntaxError) {
                try parser.parseDocument()
                return .success(parser.tape)
            } catch {
                return .failure(error)
            }
        }
        tape = try parsed.get()
    }

    /// Parses `data`.
    public init(_ data: Data) throws(JSONSyntaxError) {
        try self.init([UInt8](data))
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The top-level value.
    public var root: JSONElement { JSONElement(document: self, index: 0) }

    /// The 1-based line and column of a byte offset (clamped to the document); columns count
    /// characters, and a leading byte order mark is not a column.
    public func place(ofByte offset: Int) -> TextPlace {
        Self.place(ofByte: offset, in: bytes)
    }

    /// `place(ofByte:)` for bytes that did not parse.
    public static func place(ofByte offset: Int, in bytes: [UInt8]) -> TextPlace {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = min(bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0, end)
        for index in lineStart..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return TextPlace(line: line, column: column)
    }

    /// Where a syntax error is, as newsgen has always placed it: at the offset the message
    /// names (counted after a byte order mark, placed as if counted from the first byte);
    /// nil when the message names no place.
    public static func place(of error: JSONSyntaxError, in bytes: [UInt8]) -> TextPlace? {
        error.offset.map { place(ofByte: $0, in: bytes) }
    }
}
