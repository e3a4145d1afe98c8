import Foundation
import NewsgenModel

/// The commit record of one archive save (ADR 015). A save touches many month files, and an
/// article that changes month is written into one and taken out of another; renaming files one
/// by one would leave it in both, or in neither, when the build is killed in between. So a save
/// first writes every new month file as a synced temporary file beside its target, then this
/// journal (durably, at `.newsgen-journal` in the archive folder), and only then renames the
/// temporary files into place and removes the files that go. The journal's rename is the
/// moment the save happens: before it the archive is the old one, after it the new one, and a
/// save stopped between its rename and its removal is finished by the next build (`recover`) or
/// read through (`ArchiveFiles`) by a command that changes nothing.
///
/// The journal lives in the archive folder, not in `.newsgen/`, so it travels with the files it
/// completes: an archive committed to git mid-save is finished by the next build anywhere.
struct ArchiveJournal: Equatable {
    static let fileName = ".newsgen-journal"
    static let formatVersion = 1

    /// A file that gets new bytes from its temporary file, and what those bytes are, so that a
    /// temporary file gone missing (deleted, or never committed to git beside the journal) is
    /// told apart from one already renamed into place.
    struct Write: Equatable {
        /// Relative to the archive folder.
        var file: String
        var bytes: Int
        /// `ArchiveJournal.fingerprint` of the new bytes.
        var hash: String

        init(file: String, data: Data) {
            self.init(file: file, bytes: data.count, hash: ArchiveJournal.fingerprint(data))
        }

        init(file: String, bytes: Int, hash: String) {
            self.file = file
            self.bytes = bytes
            self.hash = hash
        }
    }

    /// The process whose temporary files (`DurableFile.temporaryURL`) hold the new month files.
    var pid: Int32
    var writes: [Write]
    /// Paths, relative to the archive folder, that are removed.
    var removes: [String]

    /// The paths the save writes.
    var writtenFiles: [String] { writes.map(\.file) }

    /// 16 hex digits of FNV-1a over `data`: enough to tell one file's bytes from another's.
    static func fingerprint(_ data: Data) -> String {
        var key = PageKey()
        data.withUnsafeBytes { key.add(bytes: $0) }
        let hex = String(key.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Where the temporary file with the new bytes of `relative` is.
    func temporaryFile(for relative: String, in directory: URL) -> URL {
        DurableFile.temporaryURL(for: directory.appendingPathComponent(relative), pid: pid)
    }

    /// The journal as one line of JSON.
    func encoded() -> Data {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("version"); writer.integer(Self.formatVersion)
        writer.key("pid"); writer.integer(pid)
        writer.key("writes")
        writer.beginArray()
        for write in writes {
            writer.beginObject()
            writer.key("file"); writer.string(write.file)
            writer.key("bytes"); writer.integer(write.bytes)
            writer.key("hash"); writer.string(write.hash)
            writer.endObject()
        }
        writer.endArray()
        writer.key("removes")
        writer.beginArray()
        for path in removes { writer.string(path) }
        writer.endArray()
        writer.endObject()
        return Data(writer.bytes + [0x0A])
    }

    /// Reads a journal; nil when the bytes are not one this newsgen wrote. It reached its name
    /// only by a rename after it was synced, so a journal that does not read is damage, not a
    /// save cut short, and the caller refuses it rather than guess.
    static func decode(_ data: Data) -> ArchiveJournal? {
        guard let root = try? JSONDocument(data).root, root.member("version")?.double == Double(formatVersion),
              let pid = root.member("pid")?.int64.flatMap({ Int32(exactly: $0) }),
              let writes = root.member("writes"), writes.isArray, let removes = root.member("removes"), removes.isArray else { return nil }
        let paths = removes.elements.compactMap { value -> String? in
            guard let path = value.string, isArchivePath(path) else { return nil }
            return path
        }
        let files = writes.elements.compactMap { value -> Write? in
            guard let file = value.member("file")?.string, isArchivePath(file),
                  let count = value.member("bytes")?.int, count >= 0,
                  let hash = value.member("hash")?.string, hash.utf8.count == 16 else { return nil }
            return Write(file: file, bytes: count, hash: hash)
        }
        guard paths.count == removes.elements.count, files.count == writes.elements.count else { return nil }
        return ArchiveJournal(pid: pid, writes: files, removes: paths)
    }

    /// A path the archive may hold: one or two plain names, none hidden, no `..`.
    static func isArchivePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") }
    }

    /// The first written file whose new bytes are nowhere: its temporary file is gone and the file
    /// does not hold them. Such a save cannot be finished, and must not be half applied.
    func missingWrite(in directory: URL) -> Write? {
        writes.first { write in
            if FileManager.default.fileExists(atPath: temporaryFile(for: write.file, in: directory).path) { return false }
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(write.file).path) else { return true }
            return data.count != write.bytes || Self.fingerprint(data) != write.hash
        }
    }

    /// Finishes the save: every temporary file still there is renamed into place (one already
    /// gone was renamed before the save stopped: `missingWrite` has checked), every file that goes
    /// is removed, and the folders are synced. Running it twice does what running it once does.
    /// A path whose folder leads outside `bounds` stops it there (`ArchiveFiles` refuses such a
    /// journal before it is applied; this is the last line).
    func apply(in directory: URL, within bounds: WriteBounds) throws(DiskError) {
        // Every path judged before the first is touched, so a refusal applies nothing.
        for relative in writtenFiles + removes { _ = try bounds.resolve(directory.appendingPathComponent(relative)) }
        var folders: Set<URL> = [directory]
        for relative in writtenFiles {
            let temporary = temporaryFile(for: relative, in: directory)
            if FileManager.default.fileExists(atPath: temporary.path) {
                try DurableFile.move(temporary, over: directory.appendingPathComponent(relative), within: bounds)
            }
            folders.insert(directory.appendingPathComponent(relative).deletingLastPathComponent())
        }
        for relative in removes {
            try DurableFile.remove(directory.appendingPathComponent(relative), within: bounds)
            folders.insert(directory.appendingPathComponent(relative).deletingLastPathComponent())
        }
        if !DurableFile.syncFileSystem(containing: directory) {
            for folder in folders { DurableFile.syncFolder(folder) }
        }
    }
}
