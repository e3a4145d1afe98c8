import Foundation

/// Finds where a value or key is written in a JSON document, so that errors about
/// a document's meaning (a missing title, a bad date) can say `file:line:column`
/// like syntax errors do. `JSONValue` keeps no positions, so the document's bytes
/// are scanned once more, following the key path through strings and nesting.
///
/// Duplicate keys resolve to the first occurrence, as `JSONDecoder` does.
public enum JSONLocation {
    /// One step of a key path: an object key or a list index.
    public enum Component: Sendable, Equatable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// A 1-based line and column; in JSON documents columns count characters, not bytes.
    public typealias Position = TextPlace

    /// Where the value at `path` starts (its first character); `[]` is the top-level value.
    /// Nil when the path is not in the document.
    public static func value(at path: [Component], in data: Data) -> Position? {
        offset(of: path, key: false, in: data).map { position(ofByte: $0, in: data) }
    }

    /// Where the key that ends `path` is written (its opening quote), for errors about the key
    /// itself such as an unknown key. Nil when the path does not end in a key present in the document.
    public static func key(at path: [Component], in data: Data) -> Position? {
        guard case .key = path.last else { return nil }
        return offset(of: path, key: true, in: data).map { position(ofByte: $0, in: data) }
    }

    /// Parses a key path as errors write it (`bookmarks[2].added`, `embeds.allow[0]`) into components.
    /// Keys containing `.` or `[` cannot be told apart from nesting; paths built from known keys never have them.
    static func components(_ path: String) -> [Component] {
        var result: [Component] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: true) {
            var rest = Substring(segment)
            let name = rest.prefix { $0 != "[" }
            if !name.isEmpty { result.append(.key(String(name))) }
            rest = rest.dropFirst(name.count)
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
                  let index = Int(rest[rest.index(after: rest.startIndex)..<close]) {
                result.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { result.append(.key(String(rest))) }
        }
        return result
    }

    /// The line and column of a byte offset (clamped to the document). A leading byte order mark is not a column.
    public static func position(ofByte offset: Int, in data: Data) -> Position {
        let bytes = [UInt8](data)
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        lineStart = min(lineStart, end)
        for index in lineStart..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return Position(line: line, column: column)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func offset(of path: [Component], key: Bool, in data: Data) -> Int? {
        var scanner = Scanner(bytes: [UInt8](data))
        if scanner.bytes.starts(with: byteOrderMark) { scanner.index = byteOrderMark.count }
        return scanner.find(path[...], key: key)
    }

    /// A forgiving walk over JSON bytes: it only needs to find things in documents
    /// that `JSONDecoder` has already accepted, and gives up (nil) on anything else.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func find(_ path: ArraySlice<Component>, key wantKey: Bool) -> Int? {
            skipWhitespace()
            guard let step = path.first else { return current == nil ? nil : index }
            let rest = path.dropFirst()
            switch step {
            case .key(let name):
                guard current == UInt8(ascii: "{") else { return nil }
                index += 1
                while true {
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    guard current == UInt8(ascii: "\"") else { return nil }
                    let keyStart = index
                    guard let found = readString() else { return nil }
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { return nil }
                    index += 1
                    if found == name {
                        return rest.isEmpty && wantKey ? keyStart : find(rest, key: wantKey)
                    }
                    guard skipValue() else { return nil }
                }
            case .index(let wanted):
                guard current == UInt8(ascii: "["), wanted >= 0 else { return nil }
                index += 1
                var count = 0
                while true {
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    guard current != nil, current != UInt8(ascii: "]") else { return nil }
                    if count == wanted { return find(rest, key: wantKey) }
                    guard skipValue() else { return nil }
                    count += 1
                }
            }
        }

        private mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// Skips one value of any kind; false at the end of the document or on a stray closing bracket.
        private mutating func skipValue() -> Bool {
            skipWhitespace()
            guard let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "\""):
                return readString() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let byte = current {
                    switch byte {
                    case UInt8(ascii: "\""):
                        guard readString() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { index += 1; return true }
                    default: break
                    }
                    index += 1
                }
                return false
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
                return false
            default:
                // A number or a literal: runs to the next delimiter.
                while let byte = current, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                    index += 1
                }
                return true
            }
        }

        /// Reads a string starting at its opening quote and decodes its escapes; nil when it is not terminated.
        private mutating func readString() -> String? {
            index += 1
            var raw: [UInt8] = []
            var pendingHigh: UInt16?
            func flushPending() {
                if pendingHigh != nil { raw += Array("\u{FFFD}".utf8); pendingHigh = nil }
            }
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flushPending()
                    return String(decoding: raw, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return nil }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        guard index + 4 <= bytes.count,
                              let unit = UInt16(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else { return nil }
                        index += 4
                        if let high = pendingHigh, (0xDC00...0xDFFF).contains(unit) {
                            let scalar = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                            raw += Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                            pendingHigh = nil
                        } else {
                            flushPending()
                            if (0xD800...0xDBFF).contains(unit) {
                                pendingHigh = unit
                            } else {
                                raw += Array(String(Character(Unicode.Scalar(unit) ?? "\u{FFFD}")).utf8)
                            }
                        }
                        continue
                    }
                    flushPending()
                    switch escaped {
                    case UInt8(ascii: "b"): raw.append(0x08)
                    case UInt8(ascii: "f"): raw.append(0x0C)
                    case UInt8(ascii: "n"): raw.append(0x0A)
                    case UInt8(ascii: "r"): raw.append(0x0D)
                    case UInt8(ascii: "t"): raw.append(0x09)
                    default: raw.append(escaped)
                    }
                default:
                    flushPending()
                    raw.append(byte)
                }
            }
            return nil
        }
    }
}
