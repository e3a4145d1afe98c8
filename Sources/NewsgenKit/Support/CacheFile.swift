import Foundation

/// A value that lives in one file of newsgen's caches (the parse memo, the archive's seals): its bytes, and
/// the value they hold, nil for a cut, damaged or foreign file.
protocol CacheFileValue {
    init()
    init?(_ bytes: UnsafeRawBufferPointer)
    func encode() -> [UInt8]
}

/// Reads and writes one `CacheFileValue`: any trouble reading is the empty value, any trouble writing
/// removes the file. Either only makes the next build do more, never something else.
struct CacheFile<Value: CacheFileValue> {
    let file: URL
    /// Where it may write (ADR 047): the site's bounds, by default only the file's folder.
    let bounds: WriteBounds

    init(file: URL, bounds: WriteBounds? = nil) {
        self.file = file
        self.bounds = bounds ?? WriteBounds(folder: file.deletingLastPathComponent())
    }

    func load() -> Value {
        guard let data = try? Data(contentsOf: file), let value = data.withUnsafeBytes({ Value($0) }) else { return Value() }
        return value
    }

    /// Writes `value` atomically, unless the file holds those bytes already.
    func save(_ value: Value) {
        let data = Data(value.encode())
        if (try? Data(contentsOf: file)) == data { return }
        do {
            try DurableFile.replace(file, with: data, within: bounds)
        } catch {
            try? DurableFile.remove(file, within: bounds)
        }
    }
}
