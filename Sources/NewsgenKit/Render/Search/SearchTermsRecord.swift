/// One article's `SearchTerms` in the search cache (`.newsgen/cache/search/`, the Enrich cache's store):
/// key (32 bytes), the length (UInt32), the word count (UInt32), each word as its UTF-8 length (UInt32) and
/// bytes followed by its count (UInt8, as counts are capped at 255), then the FNV-1a checksum (UInt64) of
/// everything before it. Read only whole, for its own key, with every count in range.
enum SearchTermsRecord: CacheRecordCoding {
    static let magic = Array("NGSEARCH".utf8)
    private static let fixedBytes = EnrichKey.byteCount + 4 + 4 + 8

    static func encode(_ key: EnrichKey, _ terms: SearchTerms) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(encodedByteCount(terms)))
        key.append(to: &bytes)
        CacheBytes.append(UInt32(terms.length), to: &bytes)
        CacheBytes.append(UInt32(terms.words.count), to: &bytes)
        for (word, count) in zip(terms.words, terms.counts) {
            CacheBytes.append(word, to: &bytes)
            bytes.append(UInt8(count))
        }
        CacheBytes.append(CacheBytes.checksum(bytes), to: &bytes)
        return bytes
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, key: EnrichKey) -> SearchTerms? {
        guard bytes.count >= fixedBytes else { return nil }
        var tail = CacheByteReader(bytes, at: bytes.count - 8)
        guard CacheBytes.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<bytes.count - 8])) == tail.integer(UInt64.self) else { return nil }
        var reader = CacheByteReader(UnsafeRawBufferPointer(rebasing: bytes[0..<bytes.count - 8]))
        guard EnrichKey(reading: &reader) == key, let length = reader.integer(UInt32.self), let count = reader.integer(UInt32.self),
              Int(count) * 5 <= reader.remaining else { return nil }
        var words: [String] = []
        var counts: [Int] = []
        words.reserveCapacity(Int(count))
        counts.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let size = reader.integer(UInt32.self), let run = reader.run(Int(size)), let weight = reader.integer(UInt8.self),
                  weight > 0 else { return nil }
            words.append(String(decoding: run, as: UTF8.self))
            counts.append(Int(weight))
        }
        guard reader.remaining == 0 else { return nil }
        return SearchTerms(words: words, counts: counts, length: Int(length))
    }

    static func encodedByteCount(_ terms: SearchTerms) -> UInt64 {
        UInt64(fixedBytes + terms.words.reduce(0) { $0 + 5 + $1.utf8.count })
    }
}
