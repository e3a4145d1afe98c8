/// JSON string literals, written by one routine over the string's UTF-8 bytes: `"`, `\`
/// and control characters are always escaped (`\n \r \t` short, the rest `\u00XX`); the
/// `Escapes` a format asks for add the rest. By default (manifest, JSON Feed, `init`) the
/// least escaping that is still safe: also `\b \f` short and U+2028/U+2029, which some
/// JavaScript parsers take for line breaks; `/` and other non-ASCII characters stay as they are.
extension JSONWriter {
    /// What a format escapes beyond `"`, `\` and control characters.
    public struct Escapes: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Backspace and form feed as `\b` and `\f` (else `\u0008`, `\u000c`).
        public static let shortBackspaceAndFormFeed = Escapes(rawValue: 1)
        /// U+2028 and U+2029 as `\u` escapes.
        public static let lineSeparators = Escapes(rawValue: 2)
        /// `/` as `\/`, as `JSONEncoder` writes it without `.withoutEscapingSlashes`.
        public static let slash = Escapes(rawValue: 4)
        /// `<`, `>` and `&` as `\u` escapes, so the text is inert wherever it is pasted.
        public static let htmlSignificant = Escapes(rawValue: 8)

        /// The manifest's, JSON Feed's and `init`'s dialect.
        public static let standard: Escapes = [.shortBackspaceAndFormFeed, .lineSeparators]
        /// What `JSONEncoder` escapes with `.withoutEscapingSlashes`: the archive's, the fetch state's
        /// and the image cache index's dialect.
        public static let foundation: Escapes = [.shortBackspaceAndFormFeed]
    }

    /// `string` as a quoted JSON literal.
    public static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }

    /// Appends `string` as a quoted JSON literal to `text`.
    public static func appendQuoted(_ string: String, to text: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &bytes, escaping: .standard)
        text += String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `string` as a quoted JSON literal to `bytes`, escaping what `escapes` asks for.
    /// Unescaped runs are copied whole; every byte to escape is ASCII but the two line
    /// separators (E2 80 A8 and E2 80 A9).
    public static func appendQuoted(_ string: String, to bytes: inout [UInt8], escaping escapes: Escapes) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                // Most bytes need no look: plain ASCII other than the few that may be escaped, and
                // every non-ASCII byte but the lead byte of U+2028/U+2029.
                if byte >= 0x80 ? byte != 0xE2 : byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x2F
                    && byte != 0x3C && byte != 0x3E && byte != 0x26 {
                    index += 1
                    continue
                }
                var short: UInt8?
                var unicode: UInt32?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): short = byte
                case 0x0A: short = UInt8(ascii: "n")
                case 0x0D: short = UInt8(ascii: "r")
                case 0x09: short = UInt8(ascii: "t")
                case 0x08 where escapes.contains(.shortBackspaceAndFormFeed): short = UInt8(ascii: "b")
                case 0x0C where escapes.contains(.shortBackspaceAndFormFeed): short = UInt8(ascii: "f")
                case 0..<0x20: unicode = UInt32(byte)
                case UInt8(ascii: "/") where escapes.contains(.slash): short = byte
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    // (A `where` on a case with several patterns would guard only the last one.)
                    if escapes.contains(.htmlSignificant) { unicode = UInt32(byte) }
                case 0xE2 where escapes.contains(.lineSeparators) && index + 2 < utf8.count
                    && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    unicode = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
                    length = 3
                default: break
                }
                if short != nil || unicode != nil {
                    if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                    bytes.append(UInt8(ascii: "\\"))
                    if let short {
                        bytes.append(short)
                    } else if let unicode {
                        bytes.append(UInt8(ascii: "u"))
                        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hexDigits[Int(unicode >> UInt32(shift) & 0xF)]) }
                    }
                    runStart = index + length
                }
                index += length
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
