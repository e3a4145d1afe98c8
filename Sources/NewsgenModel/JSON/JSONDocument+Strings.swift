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

    private static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = body[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(body, index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(body, index + 2) - 0xDC00)
                    index += 6
                }
                appendUTF8(scalar, to: &out)
            default: out.append(escape)
            }
        }
        return String(decoding: out, as: UTF8.self)
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

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80: out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18)); out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
