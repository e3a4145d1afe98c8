/// Little-endian integers and strings written into and read from byte buffers, and the checksum
/// the files of newsgen's caches under `.newsgen/` carry (ADR 027): a reader that finds any number or checksum out of place treats the file
/// (or the record) as missing, never as data.
enum CacheBytes {
    static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// FNV-1a, 64 bits: cheap enough to check every record of a 100,000-article cache on load,
    /// and any flipped or truncated byte changes it. It guards against damage, not against an
    /// attacker: whoever can write `.newsgen/` can write the site's templates too.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { checksum($0) } }

    /// A string as its UTF-8 length (UInt32) and bytes; nil as a length no string has.
    static func append(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else { return append(UInt32.max, to: &bytes) }
        append(UInt32(text.utf8.count), to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    /// `bytes` followed by their checksum: a whole file of a cache.
    static func sealed(_ bytes: [UInt8]) -> [UInt8] {
        var sealed = bytes
        append(checksum(bytes), to: &sealed)
        return sealed
    }

    /// What `sealed` sealed, when the checksum at the end agrees; nil for a cut or damaged file.
    static func unsealed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var tail = CacheByteReader(bytes, at: bytes.count - 8)
        guard bytes.count >= 8, let stored = tail.integer(UInt64.self) else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[0..<bytes.count - 8])
        return checksum(body) == stored ? body : nil
    }
}

/// Reads little-endian integers and byte runs from a buffer, front to back; every read past the
/// end answers nil, so a truncated file reads as invalid rather than trapping.
struct CacheByteReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type = Integer.self) -> Integer? {
        let size = MemoryLayout<Integer>.size
        guard offset >= 0, remaining >= size else { return nil }
        var value: Integer = 0
        withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + size])) }
        offset += size
        return Integer(littleEndian: value)
    }

    /// A string `CacheBytes.append` wrote: `.some(nil)` for nil, nil when cut short.
    mutating func string() -> String?? {
        guard let length = integer(UInt32.self) else { return nil }
        if length == UInt32.max { return .some(nil) }
        return run(Int(length)).map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func run(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, offset >= 0, remaining >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }
}
