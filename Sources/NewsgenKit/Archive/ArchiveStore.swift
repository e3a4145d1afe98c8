import Foundation
import NewsgenModel

/// The archive on disk, layout version 2 (ADR 001, split by month):
/// `content/archive/<source-id>/<YYYY-MM>.jsonl`, one article per line as compact
/// key-sorted JSON, lines sorted by article id, months in UTC from the article's
/// date (`undated.jsonl` for articles without one). Small files that only change
/// in the month a story lands keep diffs and merges local.
///
/// The layout itself is the format marker: version 1 was one `<source-id>.json`
/// file per source holding `"version": 1`; such files are still read (see
/// `ArchiveStore+Legacy.swift`) and removed by the first `save`, after the new files
/// are written. A file that cannot be read stops the build and is left untouched.
/// Nothing else in the folder (state.json, README.md, hidden files, other files
/// inside source folders) is ever touched.
struct ArchiveStore {
    /// The month file for articles without a date.
    static let undatedFileName = "undated.jsonl"
    static let lineFileSuffix = ".jsonl"
    let directory: URL
    /// How paths are shown in messages (relative to the site).
    let shownAs: String
    /// Where the seals of the month files the last save wrote are kept (`ArchiveSeals`, ADR 034); nil keeps none,
    /// and every save then compares every month file in full.
    var sealsFile: URL? = nil
    /// Where it may write and read through links (ADR 047): the site's bounds; nil, only the archive folder and the seals' folder.
    var bounds: WriteBounds? = nil

    /// `bounds`, or the archive folder and the seals' folder.
    private var writeBounds: WriteBounds {
        bounds ?? WriteBounds(folders: [directory] + (sealsFile.map { [$0.deletingLastPathComponent()] } ?? []))
    }

    /// Where an article was read from, for messages about duplicates.
    private struct Place {
        /// Relative to the archive folder.
        var path: String
        var file: String
        var line: Int
    }

    /// Where an article was read from, for messages about duplicates.
    private struct Copy {
        var article: Article
        var place: Place
        /// When its file was last written, to tell which copy an interrupted save of an earlier newsgen wrote last.
        var written: Date
    }

    /// One month file as read: its articles with their line numbers and the SHA-256 of each line's bytes.
    private struct MonthFileRead: Sendable {
        var lines: [(article: Article, number: Int, digest: [UInt8])]
        var written: Date
        var seal: [UInt8]?
    }

    /// Reads every month file (and version-1 file), through a save that stopped halfway (`ArchiveFiles`).
    func load() throws(BuildError) -> Archive { try loadRepairing().archive }

    /// `load`, and a warning for each article found twice because a save of a newsgen from before the
    /// journal was cut short while the article moved to another month: the copy in the file written
    /// last is kept (the move had written it), and the next save leaves only that one. With them, what
    /// the folder held (`ArchiveOnDisk`), for `save`. The month files are read and hashed on every core.
    func loadRepairing() throws(BuildError) -> (archive: Archive, warnings: [BuildWarning], onDisk: ArchiveOnDisk) {
        let files = try ArchiveFiles(directory: directory, shownAs: shownAs, bounds: writeBounds)
        try ArchiveFormat.check(try files.data(ArchiveFormat.fileName), shownAs: files.shown(ArchiveFormat.fileName))
        var listed: [String] = []
        for source in try sourceFolders(files) {
            for fileName in try files.names(in: source, where: Self.isLineFileName) where !files.isFolder(source + "/" + fileName) {
                listed.append(source + "/" + fileName)
            }
        }
        let paths = listed
        let read = Workers.parallelMap(paths.count) { index in
            Result { () throws(BuildError) in try Self.readMonthFile(paths[index], files: files) }
        }
        let seals = sealsFile.map { ArchiveSealStore(file: $0, bounds: writeBounds).load() } ?? ArchiveSeals()
        var found: [String: Copy] = [:]
        var monthFiles: [String: ArchiveOnDisk.MonthFile] = [:]
        var digests = ArchiveDigests()
        var warnings: [BuildWarning] = []
        // In the order of the files, so that of several unreadable files the same one stops the load every time.
        for (path, result) in zip(paths, read) {
            guard let file = try result.get() else { continue }
            let name = files.shown(path)
            var monthFile = ArchiveOnDisk.MonthFile(ids: file.lines.map(\.article.id), seal: file.seal,
                                                    canonical: file.seal != nil && seals.byPath[path] == file.seal)
            for line in file.lines {
                let article = line.article
                let copy = Copy(article: article, place: Place(path: path, file: name, line: line.number), written: file.written)
                guard let earlier = found[article.id] else {
                    found[article.id] = copy
                    digests[article.id] = line.digest
                    continue
                }
                let kept = copy.written > earlier.written ? copy : earlier
                let dropped = kept.place.file == name ? earlier : copy
                warnings.append(BuildWarning(path: "\(kept.place.file):\(kept.place.line)",
                    "article '\(article.id)' was also at \(dropped.place.file):\(dropped.place.line), left there by a save that was cut short; "
                    + "the copy written last is kept, and this build's save removes the other"))
                found[article.id] = kept
                // The file that holds the dropped copy is not its articles' lines: the save writes it again.
                if dropped.place.path == path {
                    monthFile.canonical = false
                } else {
                    monthFiles[dropped.place.path]?.canonical = false
                    digests[article.id] = line.digest
                }
            }
            monthFiles[path] = monthFile
        }
        // A half-finished migration may leave old files beside new ones: the new copy wins.
        for article in try loadLegacy(files) where found[article.id] == nil {
            found[article.id] = Copy(article: article, place: Place(path: "", file: shownAs, line: 0), written: .distantPast)
        }
        let archive = Archive(articlesBySource: Dictionary(grouping: found.values.map(\.article), by: \.sourceID))
        return (archive, warnings, ArchiveOnDisk(archive: archive, files: monthFiles, digests: digests))
    }

    /// The month file at `path` read, each line parsed and hashed; nil when it is gone. A line that is not an
    /// article of the file's source, or an article twice in the file, stops the load.
    private static func readMonthFile(_ path: String, files: ArchiveFiles) throws(BuildError) -> MonthFileRead? {
        let name = files.shown(path)
        let source = ArchiveFiles.split(path).folder
        guard let data = try files.data(path) else { return nil }
        let written = (try? FileSystem.manager.attributesOfItem(atPath: files.url(path).path)[.modificationDate] as? Date) ?? .distantPast
        var read = MonthFileRead(lines: [], written: written, seal: nil)
        var lineOf: [String: Int] = [:]
        // Lines and line breaks only (no blank line, no missing last break): then the seal stands for the bytes.
        var plain = true, bytes = 0
        for (number, line) in Self.lines(of: data) {
            let parsed: (article: Article, unknownKeys: [String])
            switch ArchiveLine.read(line) {
            case .success(let value): parsed = value
            case .failure(let error): throw BuildError(path: "\(name):\(number)", "\(error.reason); the file was left untouched")
            }
            if let unknown = parsed.unknownKeys.first {
                throw BuildError(path: "\(name):\(number)", "unknown key '\(unknown)' (a newer newsgen wrote it: update newsgen, "
                    + "which keeps what this one would drop); the file was left untouched")
            }
            let article = parsed.article
            guard article.sourceID == source else {
                throw BuildError(path: "\(name):\(number)", "the article's sourceID is '\(article.sourceID)', "
                    + "but it is in the folder of source '\(source)'; the file was left untouched")
            }
            // Twice in one file is no interrupted save: nobody can tell which line is meant.
            if let earlier = lineOf[article.id] {
                throw BuildError(path: "\(name):\(number)", "article '\(article.id)' is also at line \(earlier); "
                    + "remove one of the two (the archive was left untouched)")
            }
            lineOf[article.id] = number
            plain = plain && number == read.lines.count + 1
            bytes += line.count + 1
            read.lines.append((article, number, FastSHA256.digest(line)))
        }
        if plain, bytes == data.count { read.seal = ArchiveSeals.seal(lineDigests: read.lines.map(\.digest)) }
        return read
    }

    /// Saves `archive` as one step that a crash cannot split (`ArchiveJournal`): every month file whose
    /// bytes change is written to a synced temporary file, then the journal is written, then the files
    /// are renamed into place and the month files, source folders and version-1 files no longer needed
    /// are removed. Refuses, before writing anything, an archive that `load` could not read back, and an
    /// archive in a newer format than this newsgen knows. A save that fails before its journal is written
    /// leaves the archive as it was; one that fails after is finished by the next build.
    ///
    /// Only the month files `onDisk` (what the load read) does not hold exactly as they are are made and
    /// compared with the disk (ADR 034); with `.unknown`, every one. Returns the digest of every article's
    /// line as saved (and of some that left the archive, which nobody asks for).
    @discardableResult
    func save(_ archive: Archive, since onDisk: ArchiveOnDisk = .unknown) throws(BuildError) -> ArchiveDigests {
        try recover()
        let files = try ArchiveFiles(directory: directory, shownAs: shownAs, bounds: writeBounds)
        try ArchiveFormat.check(try files.data(ArchiveFormat.fileName), shownAs: files.shown(ArchiveFormat.fileName))
        let months = try monthFiles(of: archive)
        let changed = months.indices.filter { !onDisk.holds(months[$0].articles, at: months[$0].path) }
        let made = Workers.parallelMap(changed.count) { Self.lines(of: months[changed[$0]].articles) }

        // What differs from the disk: new bytes, and month and version-1 files that go.
        var writes: [(path: String, data: Data)] = []
        for (index, file) in zip(changed, made) where (try? Data(contentsOf: directory.appendingPathComponent(months[index].path))) != file.data {
            writes.append((months[index].path, file.data))
        }
        if !months.isEmpty, (try? Data(contentsOf: directory.appendingPathComponent(ArchiveFormat.fileName))) != ArchiveFormat.marker {
            writes.append((ArchiveFormat.fileName, ArchiveFormat.marker))
        }
        let wantedPaths = Set(months.map(\.path))
        var removes: [String] = []
        for source in try sourceFolders(files) {
            for name in try files.names(in: source, where: Self.isLineFileName) where !wantedPaths.contains(source + "/" + name) {
                removes.append(source + "/" + name)
            }
        }
        removes += try removableLegacyFiles(files)
        if !writes.isEmpty || !removes.isEmpty {
            try commit(ArchiveJournal(pid: getpid(), writes: writes.map { .init(file: $0.path, data: $0.data) }, removes: removes),
                       contents: writes.map(\.data))
        }
        try removeEmptySourceFolders(keeping: Set(months.map { ArchiveFiles.split($0.path).folder }))

        var digests = onDisk.digests
        var seals = ArchiveSeals()
        for month in months { seals.byPath[month.path] = onDisk.files[month.path]?.seal }
        for (index, file) in zip(changed, made) {
            for (article, digest) in zip(months[index].articles, file.digests) { digests[article.id] = digest }
            seals.byPath[months[index].path] = ArchiveSeals.seal(lineDigests: file.digests)
        }
        // Only once the save has happened: seals of bytes not yet in place would be trusted by the next load. A save
        // that made no file and removed none leaves the seals it was loaded with.
        if let sealsFile, !changed.isEmpty || !removes.isEmpty { ArchiveSealStore(file: sealsFile, bounds: writeBounds).save(seals) }
        return digests
    }

    /// Finishes a save that a killed build left half done (its journal is there); a no-op otherwise.
    /// Run by every save first, and by the build at its start (`Leftovers`), while it holds the build lock.
    func recover() throws(BuildError) {
        // Without a journal there is nothing to finish, and no need to look the folder over for links.
        guard FileSystem.exists(directory.appendingPathComponent(ArchiveJournal.fileName)) else { return }
        let files = try ArchiveFiles(directory: directory, shownAs: shownAs, bounds: writeBounds)
        guard let pending = files.pending else { return }
        try finish(pending)
    }

    /// Applies a committed save and removes its journal: the last steps of a save, or of a
    /// recovery. Idempotent, so a build killed in here finishes it the next time.
    private func finish(_ journal: ArchiveJournal) throws(BuildError) {
        do {
            let bounds = writeBounds
            try journal.apply(in: directory, within: bounds)
            try DurableFile.remove(directory.appendingPathComponent(ArchiveJournal.fileName), within: bounds)
            DurableFile.syncFolder(directory)
        } catch {
            throw BuildError(path: shownAs, "an interrupted save could not be finished (\(error.reason)); "
                + "nothing was lost: the next build tries again (\(ArchiveJournal.fileName) records it)")
        }
    }

    /// Writes the temporary files and the journal (the commit), then applies it and removes the journal.
    private func commit(_ journal: ArchiveJournal, contents: [Data]) throws(BuildError) {
        let bounds = writeBounds
        var written: [URL] = []
        func abandon(_ error: DiskError, _ what: String) -> BuildError {
            for file in written { try? DurableFile.remove(file, within: bounds) }
            return BuildError(path: what, "cannot be written (\(error.reason)); the archive was left as it was")
        }
        for (path, data) in zip(journal.writtenFiles, contents) {
            let target = directory.appendingPathComponent(path)
            do {
                try DurableFile.makeFolder(target.deletingLastPathComponent(), within: bounds)
                written.append(try DurableFile.writeTemporary(data, beside: target, sync: !DurableFile.canSyncFileSystem, within: bounds))
            } catch {
                throw abandon(error, "\(shownAs)/\(path)")
            }
        }
        // The new files must be on the disk before the journal that commits them.
        if !written.isEmpty, DurableFile.canSyncFileSystem, !DurableFile.syncFileSystem(containing: directory) {
            throw abandon(DiskError.fromErrno(), shownAs)
        }
        do {
            try DurableFile.replace(directory.appendingPathComponent(ArchiveJournal.fileName), with: journal.encoded(), within: bounds)
        } catch {
            throw abandon(error, "\(shownAs)/\(ArchiveJournal.fileName)")
        }
        // From here on the save has happened; what stops it now is finished by the next build. The
        // journal just written is applied as it is in memory, not read back.
        try finish(journal)
    }

    /// Every month file `archive` needs, by path relative to the archive folder, sorted, with its articles sorted by id.
    private func monthFiles(of archive: Archive) throws(BuildError) -> [(path: String, articles: [Article])] {
        var files: [String: [String: [Article]]] = [:]
        var ids: Set<String> = []
        for source in archive.articlesBySource.keys.sorted() {
            guard let articles = archive.articlesBySource[source], !articles.isEmpty else { continue }
            guard let id = SafeName.sourceID(source) else {
                throw BuildError(path: shownAs, "cannot hold source '\(source)': not a valid source id")
            }
            for article in articles {
                guard article.sourceID == id else {
                    throw BuildError(path: shownAs, "cannot hold article '\(article.id)' of source '\(article.sourceID)' under source '\(id)'")
                }
                guard ids.insert(article.id).inserted else {
                    throw BuildError(path: shownAs, "cannot hold article '\(article.id)' twice")
                }
                files[id, default: [:]][Self.fileName(for: article), default: []].append(article)
            }
        }
        return files.sorted(by: { $0.key < $1.key }).flatMap { source, months in
            months.sorted(by: { $0.key < $1.key }).map { ("\(source)/\($0.key)", $0.value.sorted(by: { $0.id < $1.id })) }
        }
    }

    /// The bytes of a month file of `articles` (sorted by id), a line each (`ArchiveLineWriter`), and each line's SHA-256.
    private static func lines(of articles: [Article]) -> (data: Data, digests: [[UInt8]]) {
        var bytes: [UInt8] = []
        var digests: [[UInt8]] = []
        digests.reserveCapacity(articles.count)
        for article in articles {
            let start = bytes.count
            ArchiveLineWriter.append(article, to: &bytes)
            digests.append(bytes.withUnsafeBytes { FastSHA256.digest(UnsafeRawBufferPointer(rebasing: $0[start...])) })
            bytes.append(0x0A)
        }
        return (Data(bytes), digests)
    }

    /// `YYYY-MM.jsonl` of the article's date in UTC, or `undated.jsonl`. Dates outside
    /// years 0–9999 (which no feed date parser produces) count as undated rather than trap.
    static func fileName(for article: Article) -> String {
        guard let date = article.date, let seconds = Int(exactly: date.timeIntervalSince1970.rounded(.down)),
              (-62_167_219_200...253_402_300_799).contains(seconds) else { return undatedFileName }
        let civil = CivilDate.components(secondsSince1970: seconds)
        let year = String(civil.year), month = String(civil.month)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + (civil.month < 10 ? "0" : "") + month + lineFileSuffix
    }

    /// The non-blank lines of `data` with their 1-based numbers; a line may end in `\r`.
    static func lines(of data: Data) -> [(number: Int, bytes: [UInt8])] {
        var result: [(number: Int, bytes: [UInt8])] = []
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var start = 0, number = 1
            while start <= raw.count {
                let end = memchr(base + start, 0x0A, raw.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? raw.count
                let line = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { result.append((number, Array(line))) }
                start = end + 1
                number += 1
            }
        }
        return result
    }

    /// Folders directly inside the archive whose name is a valid source id, sorted.
    private func sourceFolders(_ files: ArchiveFiles) throws(BuildError) -> [String] {
        try files.names(in: "") { SafeName.sourceID($0) != nil && files.isFolder($0) }
    }

    static func isLineFileName(_ name: String) -> Bool { name.hasSuffix(lineFileSuffix) }

    /// Removes source folders that hold no articles now and nothing else but the source's kept name
    /// (`SourceNames`). Other files are left alone.
    private func removeEmptySourceFolders(keeping: Set<String>) throws(BuildError) {
        for source in try Self.entries(in: directory, shownAs: shownAs) where SafeName.sourceID(source) != nil && !keeping.contains(source) {
            let folder = directory.appendingPathComponent(source)
            if FileSystem.isDirectory(folder), (try? FileSystem.manager.contentsOfDirectory(atPath: folder.path).allSatisfy({ $0 == SourceNames.fileName })) == true {
                do {
                    try DurableFile.removeTree(folder, within: writeBounds)
                } catch {
                    throw BuildError(path: "\(shownAs)/\(source)", "cannot be removed (\(error.reason))")
                }
            }
        }
    }

    /// Names directly inside `folder` (none when it does not exist), hidden ones skipped, sorted.
    static func entries(in folder: URL, shownAs name: String) throws(BuildError) -> [String] {
        guard FileSystem.isDirectory(folder) else { return [] }
        do {
            return try FileSystem.manager.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw BuildError(path: name, "cannot be listed (\(FileSystem.reason(error)))")
        }
    }
}
