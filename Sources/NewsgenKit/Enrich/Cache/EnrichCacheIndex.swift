/// The index (`index.bin`) of a record cache (the Enrich cache's, the search cache's): which segment files hold
/// live records and how many of their bytes count, and where each key's record is. Layout (little-endian):
/// the record kind's magic (`NGENRICH`, `NGSEARCH`), the
/// format version (UInt32), the segment count (UInt32) and each segment's number (UInt32) and
/// length (UInt64), the entry count (UInt32) and each entry's key (32 bytes), segment number
/// (UInt32), offset (UInt64) and length (UInt32), sorted by key; then the FNV-1a checksum (UInt64)
/// of everything before it. Bytes of a segment past its length are left by a build that was
/// stopped while appending, and are not read.
struct EnrichCacheIndex: Equatable, Sendable {
    /// Bumped whenever the layout of the index or of a record changes: an index of another version is ignored.
    static let formatVersion: UInt32 = 1
    /// The Enrich cache's: the default of `encode` and `init`.
    static let magic = EnrichRecord.magic

    struct Segment: Equatable, Sendable {
        var number: UInt32
        var length: UInt64
    }

    struct Location: Equatable, Sendable {
        var segment: UInt32
        var offset: UInt64
        var length: UInt32
    }

    var segments: [Segment] = []
    var entries: [EnrichKey: Location] = [:]

    /// The bytes of live records, over all segments.
    var liveBytes: UInt64 { entries.values.reduce(0) { $0 + UInt64($1.length) } }
    var totalBytes: UInt64 { segments.reduce(0) { $0 + $1.length } }

    func encode(version: UInt32 = formatVersion, magic: [UInt8] = EnrichCacheIndex.magic) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(64 + segments.count * 12 + entries.count * 48)
        CacheBytes.append(version, to: &bytes)
        CacheBytes.append(UInt32(segments.count), to: &bytes)
        for segment in segments {
            CacheBytes.append(segment.number, to: &bytes)
            CacheBytes.append(segment.length, to: &bytes)
        }
        CacheBytes.append(UInt32(entries.count), to: &bytes)
        // Sorted, so that the same cache is always the same bytes.
        for (key, location) in entries.sorted(by: { $0.key < $1.key }) {
            key.append(to: &bytes)
            CacheBytes.append(location.segment, to: &bytes)
            CacheBytes.append(location.offset, to: &bytes)
            CacheBytes.append(location.length, to: &bytes)
        }
        CacheBytes.append(CacheBytes.checksum(bytes), to: &bytes)
        return bytes
    }

    /// The index `bytes` hold; nil for anything else: another format version, a cut or damaged file,
    /// an entry pointing outside its segment.
    init?(_ bytes: UnsafeRawBufferPointer, version: UInt32 = formatVersion, magic: [UInt8] = EnrichCacheIndex.magic) {
        var tail = CacheByteReader(bytes, at: bytes.count - 8)
        guard bytes.count >= magic.count + 20, Array(bytes[0..<magic.count]) == magic,
              CacheBytes.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<bytes.count - 8])) == tail.integer(UInt64.self) else { return nil }
        var reader = CacheByteReader(bytes, at: magic.count)
        guard reader.integer(UInt32.self) == version, let segmentCount = reader.integer(UInt32.self),
              Int(segmentCount) * 12 <= reader.remaining else { return nil }
        var lengths: [UInt32: UInt64] = [:]
        for _ in 0..<segmentCount {
            guard let number = reader.integer(UInt32.self), let length = reader.integer(UInt64.self), lengths[number] == nil else { return nil }
            lengths[number] = length
            segments.append(Segment(number: number, length: length))
        }
        guard let entryCount = reader.integer(UInt32.self), Int(entryCount) * 48 + 8 == reader.remaining else { return nil }
        entries.reserveCapacity(Int(entryCount))
        for _ in 0..<entryCount {
            guard let key = EnrichKey(reading: &reader), let segment = reader.integer(UInt32.self),
                  let offset = reader.integer(UInt64.self), let length = reader.integer(UInt32.self),
                  let segmentLength = lengths[segment], offset <= segmentLength, UInt64(length) <= segmentLength - offset else { return nil }
            entries[key] = Location(segment: segment, offset: offset, length: length)
        }
    }

    init(segments: [Segment] = [], entries: [EnrichKey: Location] = [:]) {
        self.segments = segments
        self.entries = entries
    }
}

extension EnrichKey: Comparable {
    static func < (lhs: EnrichKey, rhs: EnrichKey) -> Bool {
        (lhs.words.0, lhs.words.1, lhs.words.2, lhs.words.3) < (rhs.words.0, rhs.words.1, rhs.words.2, rhs.words.3)
    }
}
