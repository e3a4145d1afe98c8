/// Escaping for text we write into HTML ourselves, so that nothing a feed or an
/// author typed can open a tag or end an attribute.
public enum HTMLEscape {
    /// Escapes `&`, `<` and `>`: enough for element content (not for raw-text
    /// elements such as `script`, which newsgen never writes from input).
    public static func text(_ s: String) -> String {
        escape(s, quotes: false)
    }

    /// Escapes `&`, `<`, `>` and `"`: for a value written between double quotes,
    /// which is the only way newsgen writes attributes.
    public static func attribute(_ s: String) -> String {
        escape(s, quotes: true)
    }

    /// Whether any byte is `&`, `<`, `>` (or `"` with `quotes`): text runs, most of
    /// an article, are tested eight bytes at a time.
    private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, quotes: Bool) -> Bool {
        var start = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
                let x = word ^ (ones &* UInt64(byte))
                return (x &- ones) & ~x & highs != 0
            }
            while start + 8 <= bytes.count {
                let word = base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                if hasByte(word, 0x26) || hasByte(word, 0x3C) || hasByte(word, 0x3E) || (quotes && hasByte(word, 0x22)) { break }
                start += 8
            }
        }
        for byte in bytes[start...] {
            switch byte {
            case 0x26, 0x3C, 0x3E: return true
            case 0x22 where quotes: return true
            default: continue
            }
        }
        return false
    }

    private static func escape(_ s: String, quotes: Bool) -> String {
        // Fast path: most strings need no escaping at all (searched in the string's own bytes).
        guard s.utf8.withContiguousStorageIfAvailable({ needsEscaping($0, quotes: quotes) })
                ?? s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && $0 == 0x22) }) else {
            return s
        }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
