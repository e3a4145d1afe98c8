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
    /// Offsets are 32-bit, which halves the tape (a build record's is some 80,000 entries);
    /// `maxBytes` keeps every offset in range.
    struct Entry: Sendable {
        var kind: Kind
        /// A string holding a backslash, or a number with a fraction or exponent.
        var flag: Bool
        private var offsets: (start: Int32, end: Int32, next: Int32, count: Int32)

        init(kind: Kind, flag: Bool, start: Int, end: Int, next: Int, count: Int) {
            self.kind = kind
            self.flag = flag
            offsets = (Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: end), Int32(truncatingIfNeeded: next), Int32(truncatingIfNeeded: count))
        }

        var start: Int { Int(offsets.start) }
        var end: Int {
            get { Int(offsets.end) }
            set { offsets.end = Int32(truncatingIfNeeded: newValue) }
        }
        var next: Int {
            get { Int(offsets.next) }
            set { offsets.next = Int32(truncatingIfNeeded: newValue) }
        }
        var count: Int {
            get { Int(offsets.count) }
            set { offsets.count = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// The largest document read: 1 GiB, far above any file newsgen reads (feeds stop at `fetch.maxFeedMB`).
    public static let maxBytes = 1 << 30

    /// The document as read, byte order mark included.
    public let bytes: [UInt8]
    let tape: [Entry]
    /// 3 when the document starts with a byte order mark, else 0.
    let bodyStart: Int

    /// Parses `bytes`; throws the first syntax error.
    public init(_ bytes: [UInt8], maxDepth: Int = JSONDocument.maxDepth) throws(JSONSyntaxError) {
        let bytes = try Self.utf8(bytes)
        guard bytes.count <= Self.maxBytes else {
            throw JSONSyntaxError("The document is larger than \(Self.maxBytes) bytes.", offset: nil)
        }
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

    /// The document in UTF-8. Foundation's readers also took UTF-16 and UTF-32, told apart by a
    /// byte order mark or by where the first bytes are zero (RFC 4627), and so does this one,
    /// transcoding first; such a document's places are those of its UTF-8 text (lines and
    /// columns are the same).
    private static func utf8(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [UInt8] {
        guard bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 || bytes[0] >= 0xFE else { return bytes }
        var encoding: String.Encoding?
        if bytes.count >= 4, bytes.starts(with: [0xFF, 0xFE, 0, 0]) || (bytes[1] == 0 && bytes[2] == 0 && bytes[3] == 0) {
            encoding = .utf32LittleEndian
        } else if bytes.count >= 4, bytes.starts(with: [0, 0, 0xFE, 0xFF]) || (bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0) {
            encoding = .utf32BigEndian
        } else if bytes.starts(with: [0xFF, 0xFE]) || (bytes[0] != 0 && bytes[1] == 0) {
            encoding = .utf16LittleEndian
        } else if bytes.starts(with: [0xFE, 0xFF]) || bytes[0] == 0 {
            encoding = .utf16BigEndian
        }
        guard let encoding else { return bytes }
        var body = bytes[...]
        let marks: [[UInt8]] = [[0xFF, 0xFE, 0, 0], [0, 0, 0xFE, 0xFF], [0xFF, 0xFE], [0xFE, 0xFF]]
        let width = encoding == .utf32LittleEndian || encoding == .utf32BigEndian ? 4 : 2
        if let mark = marks.first(where: { $0.count == width && bytes.starts(with: $0) }) { body = body.dropFirst(mark.count) }
        guard let text = String(bytes: body, encoding: encoding) else { throw .unexpectedEnd(bytes.count) }
        return Array(text.utf8)
    }

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
