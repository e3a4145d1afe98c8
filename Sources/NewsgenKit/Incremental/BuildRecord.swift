import Foundation
import NewsgenModel

/// What the last successful build saw and wrote, kept in `.newsgen/last-build.json`
/// (git-ignored with the rest of `.newsgen/`), so that a build whose inputs have
/// not changed since can stop at once: the site in `public/` is already what it
/// would make. Only a cache: a record that cannot be read is ignored, and
/// deleting it forces a full build.
struct BuildRecord: Equatable, Sendable {
    static let formatVersion = 1

    var version = formatVersion
    /// `BuildFingerprint` of the inputs as the build left them.
    var fingerprint: String
    /// The output folder, as `outputName` names it.
    var output: String
    /// Every file the build published, relative to `output`, with its stamp.
    var files: [String: FileStamp]
    var articleCount: Int
    var pageCount: Int
    /// The build's warnings, said again when a later build finds nothing to do.
    var warnings: [String]
    /// Each page's `PageKey`, by output path.
    var pages: [String: UInt64]? = nil

    /// The output folder relative to the site's folder when it is inside it (`public`), else its absolute path:
    /// a site moved, or checked out and restored by CI at another path, keeps its record.
    static func outputName(_ output: URL, site: URL) -> String {
        let folder = site.standardizedFileURL.path, path = output.standardizedFileURL.path
        guard path.hasPrefix(folder + "/"), path.count > folder.count + 1 else { return path }
        return String(path.dropFirst(folder.count + 1))
    }

    /// The keys of the pages still in place in `output` of the site at `site`, untouched since this record was
    /// made, for `RenderInput.previousPages`.
    func reusablePages(in output: URL, site: URL) -> [String: UInt64] {
        guard self.output == Self.outputName(output, site: site), let pages else { return [:] }
        let root = output.path + "/"
        return pages.filter { path, _ in files[path].map { FileStamp.of(root + path) == $0 } ?? false }
    }

    /// True when the inputs are the ones this record saw and every file it published is still in place, untouched.
    func isCurrent(fingerprint: String, output: URL, site: URL) -> Bool {
        guard self.fingerprint == fingerprint, self.output == Self.outputName(output, site: site) else { return false }
        let root = output.path + "/"
        return files.allSatisfy { FileStamp.of(root + $0.key) == $0.value }
    }
}

/// Reads and writes the record; never fails a build.
struct BuildRecordStore {
    let file: URL
    let siteDirectory: URL
    let bounds: WriteBounds

    init(site: Site) {
        file = site.directory.appendingPathComponent(".newsgen/last-build.json")
        siteDirectory = site.directory
        bounds = site.bounds
    }

    /// Drops the record, so the next build is a full one.
    func forget() {
        try? DurableFile.remove(file, within: bounds)
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
                forget()
                return
            }
            files[path] = stamp
        }
        let record = BuildRecord(fingerprint: fingerprint, output: BuildRecord.outputName(output, site: siteDirectory), files: files, articleCount: articleCount,
                                 pageCount: pageCount, warnings: warnings.map(\.description), pages: pages)
        guard (try? FileSystem.writeAtomically(record.json(), to: file, shownAs: ".newsgen/last-build.json", within: bounds)) != nil else {
            forget()
            return
        }
    }
}

extension BuildRecord {
    /// `JSONEncoder`'s escaping without `.withoutEscapingSlashes`, which the record was first written with.
    static let escapes: JSONWriter.Escapes = [.shortBackspaceAndFormFeed, .slash]

    /// Reads what `json()` writes, member by member in any order; nil for anything else, which
    /// makes the next build a full one.
    init?(json data: Data) {
        guard let root = try? JSONDocument(data).root, root.isObject else { return nil }
        var version: Int?, fingerprint: String?, output: String?, articleCount: Int?, pageCount: Int?
        var files: [String: FileStamp]?, warnings: [String]?, pages: [String: UInt64]?
        for member in root.members {
            let value = member.value
            switch member.key {
            case "version": version = value.int
            case "fingerprint": fingerprint = value.string
            case "output": output = value.string
            case "articleCount": articleCount = value.int
            case "pageCount": pageCount = value.int
            case "files": files = Self.stamps(value)
            case "pages": pages = Self.map(value) { $0.uint64 }
            case "warnings":
                guard value.isArray else { return nil }
                warnings = value.elements.compactMap(\.string)
                guard warnings?.count == value.elements.count else { return nil }
            default: return nil
            }
        }
        guard let version, let fingerprint, let output, let articleCount, let pageCount, let files, let warnings,
              root.member("pages") == nil || pages != nil else { return nil }
        self.init(version: version, fingerprint: fingerprint, output: output, files: files,
                  articleCount: articleCount, pageCount: pageCount, warnings: warnings, pages: pages)
    }

    /// An object's members read by `read`; nil when it is no object or one member does not read.
    private static func map<Value>(_ object: JSONElement, _ read: (JSONElement) -> Value?) -> [String: Value]? {
        guard object.isObject else { return nil }
        var result: [String: Value] = [:]
        result.reserveCapacity(object.byteRange.count / 40)
        for member in object.members {
            guard let value = read(member.value) else { return nil }
            result[member.key] = value
        }
        return result
    }

    /// `files`: each path's `{"modified": …, "size": …}`, nothing else.
    private static func stamps(_ object: JSONElement) -> [String: FileStamp]? {
        map(object) { stamp in
            var size: Int?, modified: Int64?
            for member in stamp.members {
                switch member.key {
                case "size": size = member.value.int
                case "modified": modified = member.value.int64
                default: return nil
                }
            }
            guard let size, let modified else { return nil }
            return FileStamp(size: size, modified: modified)
        }
    }

    /// The record as `JSONEncoder` with `.sortedKeys` writes it, written directly: a record holds a stamp and a key
    /// for every page, and encoding 24,000 entries through `JSONEncoder` took a twentieth of a 10,000-article build.
    /// Keys sort by `String`'s `<` (the encoder's order for every path newsgen makes).
    func json() -> Data {
        var writer = JSONWriter(escapes: Self.escapes, capacity: files.count * 90 + (pages?.count ?? 0) * 60 + 256)
        writer.beginObject()
        writer.key("articleCount"); writer.integer(articleCount)
        writer.key("files")
        writer.object(files.sorted(by: { $0.key < $1.key })) { writer, stamp in
            writer.object { writer in
                writer.key("modified"); writer.integer(stamp.modified)
                writer.key("size"); writer.integer(stamp.size)
            }
        }
        writer.key("fingerprint"); writer.string(fingerprint)
        writer.key("output"); writer.string(output)
        writer.key("pageCount"); writer.integer(pageCount)
        if let pages {
            writer.key("pages")
            writer.object(pages.sorted(by: { $0.key < $1.key })) { writer, value in writer.integer(value) }
        }
        writer.key("version"); writer.integer(version)
        writer.key("warnings")
        writer.beginArray()
        for warning in warnings { writer.string(warning) }
        writer.endArray()
        writer.endObject()
        return Data(writer.bytes)
    }
}
