import Foundation

/// A record cache (`RecordCacheStore`) as one build found it: its index and its segment files, mapped rather than
/// read, so that opening a 100,000-article cache costs a page-in of what is used. Read from any
/// number of threads at once; any record that does not read back whole is a miss.
struct RecordCache<Coding: CacheRecordCoding>: Sendable {
    let index: EnrichCacheIndex
    private let segments: [UInt32: Data]

    static var empty: RecordCache { RecordCache(index: EnrichCacheIndex(), segments: [:]) }

    init(index: EnrichCacheIndex, segments: [UInt32: Data]) {
        self.index = index
        self.segments = segments
    }

    /// The cached value for `key`, or nil (never cached, or its record damaged).
    func value(for key: EnrichKey) -> Coding.Value? {
        guard let location = index.entries[key], let data = segments[location.segment],
              location.offset + UInt64(location.length) <= UInt64(data.count) else { return nil }
        let start = Int(location.offset)
        return data.withUnsafeBytes { Coding.decode(UnsafeRawBufferPointer(rebasing: $0[start..<start + Int(location.length)]), key: key) }
    }
}

typealias EnrichCache = RecordCache<EnrichRecord>

extension RecordCache where Coding == EnrichRecord {
    /// The cached prepared text for `key`, or nil.
    func text(for key: EnrichKey) -> PreparedText? { value(for: key) }
}
