/// RFC 3629 UTF-8 validation over raw bytes: no overlong forms, no surrogates,
/// nothing above U+10FFFF, no truncated sequence at the end. One rule for the feed
/// decoder (is a document UTF-8?) and the JSON reader (is this string?).
public enum UTF8Validation {
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                // Runs of ASCII, most of a feed, eight bytes at a time.
                while index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                continue
            }
            guard let length = sequenceLength(at: index, in: bytes) else { return false }
            index += length
        }
        return true
    }

    /// The length of the valid multi-byte sequence whose lead byte is at `index`, nil when it is not one.
    @inline(__always)
    public static func sequenceLength(at index: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= lower, second <= upper else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }
}
