import Foundation

/// The Enrich cache as one build found it: its index and its segment files, mapped rather than
/// read, so that opening a 100,000-article cache costs a page-in of what is used. Read from any
/// number of threads at once; any record that does not read back whole is a miss.
struct EnrichCache: Sendable {
    let index: EnrichCacheIndex
    private let segments: [UInt32: Data]

    static let empty = EnrichCache(index: EnrichCacheIndex(), segments: [:])

    init(index: EnrichCacheIndex, segments: [UInt32: Data]) {
        self.index = index
        self.segments = segments
    }

    /// The cached prepared text for `key`, or nil (never cached, or its record damaged).
    func text(for key: EnrichKey) -> PreparedText? {
        guard let location = index.entries[key], let data = segments[location.segment],
              location.offset + UInt64(location.length) <= UInt64(data.count) else { return nil }
        let start = Int(location.offset)
        return data.withUnsafeBytes { EnrichRecord.decode(UnsafeRawBufferPointer(rebasing: $0[start..<start + Int(location.length)]), key: key) }
    }
}
