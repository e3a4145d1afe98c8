/// Comparing and lowering names (elements, attributes) without allocating:
/// the readers ask for a name in any case thousands of times a feed, and
/// almost every name is ASCII, for which `lowercased()` would make a new string
/// only to compare it. Non-ASCII names take `lowercased()`, so the results are
/// exactly those of `a.lowercased() == b.lowercased()` and `lowercased()`.
enum ASCIICase {
    /// `a.lowercased() == b.lowercased()`.
    static func equal(_ a: String, _ b: String) -> Bool {
        guard isASCII(a), isASCII(b) else { return a.lowercased() == b.lowercased() }
        return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { lower($0) == lower($1) }
    }

    /// `text.lowercased()`, returning `text` itself when it has nothing to lower.
    static func lowercased(_ text: String) -> String {
        text.utf8.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) ? text.lowercased() : text
    }

    private static func isASCII(_ text: String) -> Bool {
        !text.utf8.contains(where: { $0 >= 0x80 })
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
