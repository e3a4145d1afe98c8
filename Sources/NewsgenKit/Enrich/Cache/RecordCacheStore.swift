#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The Enrich cache on disk, in `.newsgen/cache/enrich/` (ADR 027): `index.bin` (`EnrichCacheIndex`) and
/// append-only `segment-<n>.bin` files of records (`EnrichRecord`). The search cache
/// (`.newsgen/cache/search/`, ADR 030) is the same store with records of another kind (`Coding`).
///
/// A build appends only what it prepared anew, to the last segment, syncs it, and then replaces the
/// index atomically (`DurableFile`): a crash before the rename leaves the old index, which never
/// points past the bytes it knew. When more than half of the segments' bytes are dead (articles
/// gone, records damaged), the live records are written to one new segment and the old ones
/// removed. Whatever cannot be read back (a missing, cut, damaged or foreign index or record)
/// is a miss: the cache only ever makes a build faster, never different.
struct RecordCacheStore<Coding: CacheRecordCoding> {
    static var indexName: String { "index.bin" }
    let directory: URL
    /// Where it may write (ADR 047): the site's bounds in a build, by default only `directory`.
    let bounds: WriteBounds
    /// `EnrichCacheIndex.formatVersion`, unless a test plays another release.
    var formatVersion = EnrichCacheIndex.formatVersion
    /// A segment past this many bytes is not appended to; the next one is started.
    var segmentLimit: UInt64 = 256 << 20

    init(directory: URL, bounds: WriteBounds? = nil) {
        self.directory = directory
        self.bounds = bounds ?? WriteBounds(folder: directory)
    }

    static func segmentName(_ number: UInt32) -> String { "segment-\(number).bin" }

    /// The cache as the last build left it; empty when there is none or its index does not read.
    func load() -> RecordCache<Coding> {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(Self.indexName)),
              let index = data.withUnsafeBytes({ EnrichCacheIndex($0, version: formatVersion, magic: Coding.magic) }) else { return .empty }
        var segments: [UInt32: Data] = [:]
        for segment in index.segments {
            segments[segment.number] = try? Data(contentsOf: segmentURL(segment.number), options: .alwaysMapped)
        }
        return RecordCache(index: index, segments: segments)
    }

    /// Records this build's values (prepared texts, search terms): `results` are every article's key and value,
    /// `reused` the keys whose value came from the cache `previous` is the index of. Afterwards the index
    /// holds exactly `results`' keys. Writes nothing when that is what it held already.
    func save(_ results: [(key: EnrichKey, text: Coding.Value)], reused: Set<EnrichKey>, previous: EnrichCacheIndex) throws(DiskError) {
        // The last build's segments whose files still hold the bytes the index counts.
        let whole = previous.segments.filter { segment in fileLength(segment.number).map { $0 >= segment.length } ?? false }
        let wholeNumbers = Set(whole.map(\.number))
        var index = EnrichCacheIndex(segments: whole)
        var unique: [(key: EnrichKey, text: Coding.Value)] = []
        var fresh: [(key: EnrichKey, text: Coding.Value)] = []
        var seen = Set<EnrichKey>()
        for result in results where seen.insert(result.key).inserted {
            unique.append(result)
            if reused.contains(result.key), let location = previous.entries[result.key], wholeNumbers.contains(location.segment) {
                index.entries[result.key] = location
            } else {
                fresh.append(result)
            }
        }
        if fresh.isEmpty, index == previous { return }
        try DurableFile.makeFolder(directory, within: bounds)
        removeSegments(keeping: wholeNumbers)
        let nextNumber = (previous.segments.map(\.number).max() ?? 0) + 1
        let freshBytes = fresh.reduce(UInt64(0)) { $0 + Coding.encodedByteCount($1.text) }
        if (index.liveBytes + freshBytes) * 2 < index.totalBytes + freshBytes {
            // More than half dead: the live records alone, in a segment of their own.
            index = EnrichCacheIndex()
            try write(unique, toSegment: nextNumber, at: 0, in: &index, replacing: true)
        } else if !fresh.isEmpty {
            if let last = index.segments.last, last.length < segmentLimit {
                try write(fresh, toSegment: last.number, at: last.length, in: &index, replacing: false)
            } else {
                try write(fresh, toSegment: nextNumber, at: 0, in: &index, replacing: false)
            }
        }
        try DurableFile.replace(directory.appendingPathComponent(Self.indexName), with: Data(index.encode(version: formatVersion, magic: Coding.magic)),
                                within: bounds)
        removeSegments(keeping: Set(index.segments.map(\.number)))
    }

    /// Writes `records` into segment `number` from byte `offset` on, synced, and records where each
    /// is in `index`. Appending first cuts the file back to `offset` (bytes a stopped build left);
    /// `replacing` writes a whole new segment beside the old one and renames it into place.
    private func write(_ records: [(key: EnrichKey, text: Coding.Value)], toSegment number: UInt32, at offset: UInt64,
                       in index: inout EnrichCacheIndex, replacing: Bool) throws(DiskError) {
        let target = segmentURL(number)
        let file = replacing ? DurableFile.temporaryURL(for: target) : target
        let descriptor = try DurableFile.openInPlace(file, truncating: replacing, within: bounds)
        var failure: DiskError?
        if ftruncate(descriptor, off_t(offset)) != 0 || lseek(descriptor, off_t(offset), SEEK_SET) < 0 { failure = .fromErrno() }
        var end = offset
        var buffer: [UInt8] = []
        for record in records where failure == nil {
            let bytes = Coding.encode(record.key, record.text)
            index.entries[record.key] = EnrichCacheIndex.Location(segment: number, offset: end, length: UInt32(bytes.count))
            end += UInt64(bytes.count)
            buffer += bytes
            if buffer.count >= 4 << 20 {
                if !DurableFile.writeAll(Data(buffer), to: descriptor) { failure = .fromErrno() }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if failure == nil, !DurableFile.writeAll(Data(buffer), to: descriptor) { failure = .fromErrno() }
        if failure == nil, fsync(descriptor) != 0 { failure = .fromErrno() }
        if close(descriptor) != 0, failure == nil { failure = .fromErrno() }
        if let failure {
            if replacing { try? DurableFile.remove(file, within: bounds) }
            throw failure
        }
        if replacing { try DurableFile.move(file, over: target, within: bounds) }
        index.segments.removeAll { $0.number == number }
        index.segments.append(EnrichCacheIndex.Segment(number: number, length: end))
    }

    /// Removes the segment files not in `numbers`: left by a build stopped before its index was
    /// written, replaced by a compaction, or not listed by an index that did not read.
    private func removeSegments(keeping numbers: Set<UInt32>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix("segment-") && name.hasSuffix(".bin") {
            guard let number = UInt32(name.dropFirst("segment-".count).dropLast(".bin".count)), numbers.contains(number) else {
                try? DurableFile.remove(directory.appendingPathComponent(name), within: bounds)
                continue
            }
        }
    }

    private func segmentURL(_ number: UInt32) -> URL { directory.appendingPathComponent(Self.segmentName(number)) }

    private func fileLength(_ number: UInt32) -> UInt64? {
        var status = stat()
        guard stat(segmentURL(number).path, &status) == 0 else { return nil }
        return UInt64(status.st_size)
    }
}

typealias EnrichCacheStore = RecordCacheStore<EnrichRecord>

/// What a kind of record is, for `RecordCacheStore`: its bytes, which read back only whole and for
/// their own key, and the magic of its index, so that one cache's folder is never read as another's.
protocol CacheRecordCoding {
    associatedtype Value: Sendable
    static var magic: [UInt8] { get }
    static func encode(_ key: EnrichKey, _ value: Value) -> [UInt8]
    /// The value `bytes` hold, when they are whole and answer `key`; nil otherwise.
    static func decode(_ bytes: UnsafeRawBufferPointer, key: EnrichKey) -> Value?
    /// About the bytes `encode` gives, for deciding when to compact without encoding twice.
    static func encodedByteCount(_ value: Value) -> UInt64
}
