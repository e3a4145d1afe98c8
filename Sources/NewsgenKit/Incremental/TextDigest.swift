/// A 64-bit digest of a long text, read eight bytes at a time (MurmurHash64A, seed 0), for the article
/// HTML a page key stands for (ADR 033). `PageKey`'s FNV-1a takes a dependent multiply per byte; this one
/// takes one per eight, so the whole archive's HTML is hashed in milliseconds once per build. Stable across
/// processes and machines: words are read little-endian.
enum TextDigest {
    private static let multiplier: UInt64 = 0xc6a4_a793_5bd1_e995
    private static let shift: UInt64 = 47

    /// The digest of `text`'s UTF-8 bytes.
    static func of(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* multiplier
        var offset = 0
        while offset + 8 <= count {
            var word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            word = word &* multiplier
            word ^= word >> shift
            word = word &* multiplier
            hash ^= word
            hash = hash &* multiplier
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in offset..<count { tail |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
            hash ^= tail
            hash = hash &* multiplier
        }
        hash ^= hash >> shift
        hash = hash &* multiplier
        hash ^= hash >> shift
        return hash
    }
}
