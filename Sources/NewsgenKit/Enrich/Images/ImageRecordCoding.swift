import NewsgenHTML

/// One article's `ImageRecord` in `.newsgen/cache/image-records/` (the Enrich cache's store, ADR 035). Layout
/// (little-endian): key (32 bytes), `version` (UInt32), the reference count (UInt32), each reference as a string
/// (`CacheBytes.append`: UTF-8 length, UInt32, and bytes) followed by its decision (a string: the local path,
/// or nil for a link), the rewritten content and summary (strings, nil for "as prepared"), the count (UInt32)
/// and strings of the images shown as links, then the FNV-1a checksum (UInt64) of everything before it.
/// Read only whole, for its own key and version: anything else is a miss, and the article is scanned again.
enum ImageRecordCoding: CacheRecordCoding {
    static let magic = Array("NGIMAGES".utf8)
    /// Bump whenever `HTMLImages.references` or `rewrite` may give something else for the same text and
    /// decisions: a record of another version is not read, so every article is scanned and rewritten once.
    static let version: UInt32 = 1
    private static let fixedBytes = EnrichKey.byteCount + 4 + 4 + 2 * 4 + 4 + 8

    static func encode(_ key: EnrichKey, _ record: ImageRecord) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(encodedByteCount(record)))
        key.append(to: &bytes)
        CacheBytes.append(version, to: &bytes)
        CacheBytes.append(UInt32(record.references.count), to: &bytes)
        for (reference, decision) in zip(record.references, record.decisions) {
            CacheBytes.append(reference, to: &bytes)
            CacheBytes.append(decision.localPath, to: &bytes)
        }
        CacheBytes.append(record.contentHTML, to: &bytes)
        CacheBytes.append(record.summaryHTML, to: &bytes)
        CacheBytes.append(UInt32(record.imagesShownAsLinks.count), to: &bytes)
        for link in record.imagesShownAsLinks { CacheBytes.append(link, to: &bytes) }
        CacheBytes.append(CacheBytes.checksum(bytes), to: &bytes)
        return bytes
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, key: EnrichKey) -> ImageRecord? {
        guard let body = CacheBytes.unsealed(bytes) else { return nil }
        var reader = CacheByteReader(body)
        guard EnrichKey(reading: &reader) == key, reader.integer(UInt32.self) == version,
              let count = reader.integer(UInt32.self), Int(count) * 8 <= reader.remaining else { return nil }
        var record = ImageRecord(references: [], decisions: [], imagesShownAsLinks: [])
        record.references.reserveCapacity(Int(count))
        record.decisions.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard case let reference?? = reader.string(), let path = reader.string() else { return nil }
            record.references.append(reference)
            record.decisions.append(path.map(ImageRewrite.local) ?? .link)
        }
        guard let contentHTML = reader.string(), let summaryHTML = reader.string(), let links = reader.integer(UInt32.self),
              Int(links) * 4 <= reader.remaining else { return nil }
        record.contentHTML = contentHTML
        record.summaryHTML = summaryHTML
        for _ in 0..<links {
            guard case let link?? = reader.string() else { return nil }
            record.imagesShownAsLinks.append(link)
        }
        return reader.remaining == 0 ? record : nil
    }

    static func encodedByteCount(_ record: ImageRecord) -> UInt64 {
        func size(_ text: String?) -> Int { text?.utf8.count ?? 0 }
        let references = zip(record.references, record.decisions).reduce(0) { $0 + 8 + size($1.0) + size($1.1.localPath) }
        let links = record.imagesShownAsLinks.reduce(0) { $0 + 4 + size($1) }
        return UInt64(fixedBytes + references + size(record.contentHTML) + size(record.summaryHTML) + links)
    }
}

extension ImageRewrite {
    /// The path of a `.local` decision; nil for `.link`.
    var localPath: String? {
        if case .local(let path) = self { return path }
        return nil
    }
}

typealias ImageRecordStore = RecordCacheStore<ImageRecordCoding>
