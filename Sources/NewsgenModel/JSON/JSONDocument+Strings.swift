import Foundation

extension JSONDocument {
    /// The value of the string at tape entry `entry`: the one place JSON escapes are decoded.
    /// The parser has checked the escapes, paired every surrogate and validated the UTF-8,
    /// so decoding cannot fail; a lone surrogate never gets this far (ADR 020).
    func string(at entry: Int) -> String {
        let item = tape[entry]
        return bytes.withUnsafeBufferPointer { buffer in
            let body = UnsafeBufferPointer(rebasing: buffer[(item.start + 1)..<(item.end - 1)])
            guard item.flag else { return String(decoding: body, as: UTF8.self) }
            return Self.unescape(body)
        }
    }

    /// True when the string at `entry` is `key`, compared without decoding when it has no escapes.
    func string(at entry: Int, equals key: String) -> Bool {
        let item = tape[entry]
        guard !item.flag else { return string(at: entry) == key }
        return bytes.withUnsafeBufferPointer { buffer in
            var key = key
            return key.withUTF8 { $0.elementsEqual(buffer[(item.start + 1)..<(item.end - 1)]) }
        }
    }

    /// Decodes into the string's own storage (escapes only shorten the text): runs between
    /// backslashes are copied whole, which is most of an article's HTML.
    private static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: body.count) { out in
            var written = 0
            var index = 0
            func put(_ byte: UInt8) {
                out[written] = byte
                written += 1
            }
            while index < body.count {
                let start = body.baseAddress! + index, remaining = body.count - index
                let run = memchr(start, Int32(UInt8(ascii: "\\")), remaining).map { UnsafeRawPointer(start).distance(to: UnsafeRawPointer($0)) } ?? remaining
                if run > 0 {
                    (out.baseAddress! + written).update(from: body.baseAddress! + index, count: run)
                    written += run
                    index += run
                }
                guard index < body.count else { break }
                let escape = body[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "b"): put(0x08)
                case UInt8(ascii: "f"): put(0x0C)
                case UInt8(ascii: "n"): put(0x0A)
                case UInt8(ascii: "r"): put(0x0D)
                case UInt8(ascii: "t"): put(0x09)
                case UInt8(ascii: "u"):
                    var scalar = hex4(body, index)
                    index += 4
                    if (0xD800..<0xDC00).contains(scalar) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(body, index + 2) - 0xDC00)
                        index += 6
                    }
                    for byte in UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")! { put(byte) }
                default: put(escape)
                }
            }
            return written
        }
    }

    private static func hex4(_ body: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in at..<(at + 4) { value = value << 4 | UInt32(hexValue(body[offset]) ?? 0) }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
