import Foundation
import NewsgenModel

/// What the last successful build saw and wrote, kept in `.newsgen/last-build.json`
/// (git-ignored with the rest of `.newsgen/`), so that a build whose inputs have
/// not changed since can stop at once: the site in `public/` is already what it
/// would make. Only a cache: a record that cannot be read is ignored, and
/// deleting it forces a full build.
struct BuildRecord: Codable, Equatable, Sendable {
    static let formatVersion = 1

    var version = formatVersion
    /// `BuildFingerprint` of the inputs as the build left them.
    var fingerprint: String
    /// The output folder's path.
    var output: String
    /// Every file the build published, relative to `output`, with its stamp.
    var files: [String: FileStamp]
    var articleCount: Int
    var pageCount: Int
    /// The build's warnings, said again when a later build finds nothing to do.
    var warnings: [String]
    /// Each page's `PageKey`, by output path.
    var pages: [String: UInt64]? = nil

    /// The keys of the pages still in place, untouched since this record was made, for `RenderInput.previousPages`.
    func reusablePages(in output: URL) -> [String: UInt64] {
        guard self.output == output.path, let pages else { return [:] }
        let root = output.path + "/"
        return pages.filter { path, _ in files[path].map { FileStamp.of(root + path) == $0 } ?? false }
    }

    /// True when the inputs are the ones this record saw and every file it published is still in place, untouched.
    func isCurrent(fingerprint: String, output: URL) -> Bool {
        guard self.fingerprint == fingerprint, self.output == output.path else { return false }
        let root = output.path + "/"
        return files.allSatisfy { FileStamp.of(root + $0.key) == $0.value }
    }
}

/// Reads and writes the record; never fails a build.
struct BuildRecordStore {
    let file: URL

    init(site: Site) {
        file = site.directory.appendingPathComponent(".newsgen/last-build.json")
    }

    /// Drops the record, so the next build is a full one.
    func forget() {
        try? FileSystem.manager.removeItem(at: file)
    }

    func load() -> BuildRecord? {
        guard let data = try? Data(contentsOf: file), let record = BuildRecord(json: data),
              record.version == BuildRecord.formatVersion else { return nil }
        return record
    }

    /// Stamps the published files and writes the record; a record that cannot be written is dropped, so the next build is a full one.
    func save(fingerprint: String, output: URL, paths: [String], pages: [String: UInt64], articleCount: Int, pageCount: Int,
              warnings: [BuildWarning]) {
        var files: [String: FileStamp] = [:]
        for path in paths {
            guard let stamp = FileStamp.of(output.path + "/" + path) else {
                try? FileSystem.manager.removeItem(at: file)
                return
            }
            files[path] = stamp
        }
        let record = BuildRecord(fingerprint: fingerprint, output: output.path, files: files, articleCount: articleCount,
                                 pageCount: pageCount, warnings: warnings.map(\.description), pages: pages)
        guard (try? FileSystem.writeAtomically(record.json(), to: file, shownAs: ".newsgen/last-build.json")) != nil else {
            try? FileSystem.manager.removeItem(at: file)
            return
        }
    }
}

extension BuildRecord {
    /// Reads what `json()` writes (and what `JSONDecoder` reads), member by member in any order;
    /// nil for anything else, which makes the next build a full one.
    init?(json data: Data) {
        var scanner = JSONScanner([UInt8](data))
        var version: Int64?, fingerprint: String?, output: String?, articleCount: Int64?, pageCount: Int64?
        var files: [String: FileStamp]?, warnings: [String]?, pages: [String: UInt64]?
        let read = scanner.object { scanner, key in
            switch key {
            case "version": version = scanner.integer()
            case "fingerprint": fingerprint = scanner.string()
            case "output": output = scanner.string()
            case "articleCount": articleCount = scanner.integer()
            case "pageCount": pageCount = scanner.integer()
            case "files":
                var read: [String: FileStamp] = [:]
                guard scanner.object({ scanner, path in
                    var size: Int64?, modified: Int64?
                    guard scanner.object({ scanner, field in
                        switch field {
                        case "size": size = scanner.integer()
                        case "modified": modified = scanner.integer()
                        default: return false
                        }
                        return true
                    }), let size, let modified else { return false }
                    read[path] = FileStamp(size: Int(size), modified: modified)
                    return true
                }) else { return false }
                files = read
            case "pages":
                var read: [String: UInt64] = [:]
                guard scanner.object({ scanner, path in
                    guard let value = scanner.unsigned() else { return false }
                    read[path] = value
                    return true
                }) else { return false }
                pages = read
            case "warnings":
                var read: [String] = []
                guard scanner.array({ scanner in
                    guard let warning = scanner.string() else { return false }
                    read.append(warning)
                    return true
                }) else { return false }
                warnings = read
            default: return false
            }
            return true
        }
        guard read, scanner.atEnd(), let version, let fingerprint, let output, let articleCount, let pageCount,
              let files, let warnings else { return nil }
        self.init(version: Int(version), fingerprint: fingerprint, output: output, files: files,
                  articleCount: Int(articleCount), pageCount: Int(pageCount), warnings: warnings, pages: pages)
    }

    /// The record as `JSONEncoder` with `.sortedKeys` writes it, written directly: a record holds a stamp and a key
    /// for every page, and encoding 24,000 entries through `JSONEncoder` took a twentieth of a 10,000-article build.
    /// Keys sort by `String`'s `<` (the encoder's order for every path newsgen makes).
    func json() -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 90 + (pages?.count ?? 0) * 60 + 256)
        func key(_ name: String, first: Bool = false) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            ArchiveLineWriter.appendString(name, escapingSlashes: true, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
        func number<Number: BinaryInteger>(_ value: Number) { bytes.append(contentsOf: String(value).utf8) }
        bytes.append(UInt8(ascii: "{"))
        key("articleCount", first: true); number(articleCount)
        key("files")
        bytes.append(UInt8(ascii: "{"))
        for (index, (path, stamp)) in files.sorted(by: { $0.key < $1.key }).enumerated() {
            key(path, first: index == 0)
            bytes.append(UInt8(ascii: "{"))
            key("modified", first: true); number(stamp.modified)
            key("size"); number(stamp.size)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "}"))
        key("fingerprint"); ArchiveLineWriter.appendString(fingerprint, escapingSlashes: true, to: &bytes)
        key("output"); ArchiveLineWriter.appendString(output, escapingSlashes: true, to: &bytes)
        key("pageCount"); number(pageCount)
        if let pages {
            key("pages")
            bytes.append(UInt8(ascii: "{"))
            for (index, (path, value)) in pages.sorted(by: { $0.key < $1.key }).enumerated() {
                key(path, first: index == 0)
                number(value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
        key("version"); number(version)
        key("warnings")
        bytes.append(UInt8(ascii: "["))
        for (index, warning) in warnings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            ArchiveLineWriter.appendString(warning, escapingSlashes: true, to: &bytes)
        }
        bytes.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "}")])
        return Data(bytes)
    }
}
