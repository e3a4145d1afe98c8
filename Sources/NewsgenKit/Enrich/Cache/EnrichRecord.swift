/// One cached result in a segment file: the key it answers, the prepared text, and a checksum over
/// both. Layout (little-endian): key (32 bytes), a byte of flags (which of the three texts are
/// present), the three texts' lengths (UInt32 each), their UTF-8 bytes, then the FNV-1a checksum
/// (UInt64) of everything before it. A record is read only where the index says one starts, and
/// only when its key and checksum agree: a damaged record reads as absent.
enum EnrichRecord: CacheRecordCoding {
    static let fixedBytes = EnrichKey.byteCount + 1 + 3 * 4 + 8
    static let magic = Array("NGENRICH".utf8)

    static func encodedByteCount(_ text: PreparedText) -> UInt64 { UInt64(fixedBytes) + text.byteCount }

    static func encode(_ key: EnrichKey, _ text: PreparedText) -> [UInt8] {
        let parts = [text.contentHTML, text.summaryHTML, text.summaryText]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fixedBytes + parts.reduce(0) { $0 + ($1?.utf8.count ?? 0) })
        key.append(to: &bytes)
        var flags: UInt8 = 0
        for (bit, part) in parts.enumerated() where part != nil { flags |= 1 << UInt8(bit) }
        bytes.append(flags)
        for part in parts { CacheBytes.append(UInt32(part?.utf8.count ?? 0), to: &bytes) }
        for part in parts { bytes.append(contentsOf: part?.utf8 ?? "".utf8) }
        CacheBytes.append(CacheBytes.checksum(bytes), to: &bytes)
        return bytes
    }

    /// The prepared text of the record `bytes` holds, when it is whole and answers `key`.
    static func decode(_ bytes: UnsafeRawBufferPointer, key: EnrichKey) -> PreparedText? {
        var tail = CacheByteReader(bytes, at: bytes.count - 8)
        guard bytes.count >= fixedBytes,
              CacheBytes.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<bytes.count - 8])) == tail.integer(UInt64.self) else { return nil }
        var reader = CacheByteReader(bytes)
        guard EnrichKey(reading: &reader) == key, let flags = reader.integer(UInt8.self), flags < 8 else { return nil }
        var lengths: [Int] = []
        for _ in 0..<3 {
            guard let length = reader.integer(UInt32.self) else { return nil }
            lengths.append(Int(length))
        }
        guard lengths.reduce(0, +) + fixedBytes == bytes.count else { return nil }
        var texts: [String?] = []
        for (bit, length) in lengths.enumerated() {
            guard let run = reader.run(length) else { return nil }
            texts.append(flags & (1 << UInt8(bit)) == 0 ? nil : String(decoding: run, as: UTF8.self))
        }
        return PreparedText(contentHTML: texts[0], summaryHTML: texts[1], summaryText: texts[2])
    }
}
