/// A forward-only reader of JSON bytes for files newsgen writes itself (the build record):
/// strings, integers, objects and arrays, read straight into Swift values. `JSONDecoder`
/// built a tree of 24,000 entries first and was 40% of a no-change rebuild. Anything it
/// does not expect fails the read (nil), and a cache that cannot be read is rebuilt.
struct JSONScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True when only white space is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    /// Consumes `byte` (after white space) or fails.
    mutating func expect(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Each member of an object, key first; `body` reads the value and returns false to fail.
    mutating func object(_ body: (inout JSONScanner, String) -> Bool) -> Bool {
        guard expect(UInt8(ascii: "{")) else { return false }
        if expect(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), expect(UInt8(ascii: ":")), body(&self, key) else { return false }
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "}"))
    }

    /// Each element of an array; `body` reads it and returns false to fail.
    mutating func array(_ body: (inout JSONScanner) -> Bool) -> Bool {
        guard expect(UInt8(ascii: "[")) else { return false }
        if expect(UInt8(ascii: "]")) { return true }
        repeat {
            guard body(&self) else { return false }
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "]"))
    }

    /// A whole number that fits an Int64 (no fraction, no exponent).
    mutating func integer() -> Int64? {
        skipSpace()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let magnitude = digits() else { return nil }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// A whole number from 0 to UInt64.max (page keys are 64-bit hashes).
    mutating func unsigned() -> UInt64? {
        skipSpace()
        return digits()
    }

    /// The decimal digits at the cursor as a UInt64; nil for none or for one that overflows.
    private mutating func digits() -> UInt64? {
        let start = index
        var value: UInt64 = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { return nil }
            value = sum
            index += 1
        }
        return index > start ? value : nil
    }

    /// A string, its escapes decoded (`\uXXXX` with surrogate pairs included).
    mutating func string() -> String? {
        guard expect(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard expectRaw(UInt8(ascii: "\\")), expectRaw(UInt8(ascii: "u")), let low = hex4(),
                              (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    decoded.append(contentsOf: String(Character(unicode)).utf8)
                default: return nil
                }
            default: decoded.append(byte)
            }
        }
        return nil
    }

    private mutating func expectRaw(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }
}
