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

    /// Where an article was read from, for messages about duplicates.
    private struct Place {
        var file: String
        var line: Int
    }

    func load() throws(BuildError) -> Archive {
        let decoder = ArchiveJSON.decoder()
        var found: [String: (article: Article, place: Place)] = [:]
        for source in try sourceFolders() {
            for url in try Self.lineFiles(in: directory.appendingPathComponent(source), shownAs: "\(shownAs)/\(source)") {
                let name = "\(shownAs)/\(source)/\(url.lastPathComponent)"
                let data = try FileSystem.read(url, shownAs: name)
                for (number, line) in Self.lines(of: data) {
                    let article: Article
                    do {
                        article = try decoder.decode(Article.self, from: line)
                    } catch {
                        throw BuildError(path: "\(name):\(number)", "\(ArchiveJSON.describe(error)); the file was left untouched")
                    }
                    guard article.sourceID == source else {
                        throw BuildError(path: "\(name):\(number)", "the article's sourceID is '\(article.sourceID)', "
                            + "but it is in the folder of source '\(source)'; the file was left untouched")
                    }
                    if let earlier = found[article.id] {
                        let other = earlier.place.file == name ? "line \(earlier.place.line)" : "\(earlier.place.file):\(earlier.place.line)"
                        throw BuildError(path: "\(name):\(number)", "article '\(article.id)' is also at \(other); "
                            + "remove one of the two (the archive was left untouched)")
                    }
                    found[article.id] = (article, Place(file: name, line: number))
                }
            }
        }
        // A half-finished migration may leave old files beside new ones: the new copy wins.
        for article in try loadLegacy() where found[article.id] == nil {
            found[article.id] = (article, Place(file: shownAs, line: 0))
        }
        return Archive(articlesBySource: Dictionary(grouping: found.values.map(\.article), by: \.sourceID))
    }

    /// Writes every month file whose bytes changed (atomically), removes month files and
    /// source folders no longer needed, and only then removes version-1 files.
    /// Refuses, before writing anything, an archive that `load` could not read back.
    func save(_ archive: Archive) throws(BuildError) {
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

        // Each month file's lines written straight into bytes (`ArchiveLineWriter`), sorted by article id,
        // the files made on every core; then written in order, each only when its bytes changed.
        let months = files.sorted(by: { $0.key < $1.key }).flatMap { source, months in
            months.sorted(by: { $0.key < $1.key }).map { (source: source, fileName: $0.key, articles: $0.value) }
        }
        let contents = Workers.parallelMap(months.count) { index in
            var bytes: [UInt8] = []
            for article in months[index].articles.sorted(by: { $0.id < $1.id }) {
                ArchiveLineWriter.append(article, to: &bytes)
                bytes.append(0x0A)
            }
            return Data(bytes)
        }
        for (month, data) in zip(months, contents) {
            let url = directory.appendingPathComponent(month.source).appendingPathComponent(month.fileName)
            if (try? Data(contentsOf: url)) == data { continue }
            try FileSystem.writeAtomically(data, to: url, shownAs: "\(shownAs)/\(month.source)/\(month.fileName)")
        }
        try removeStale(keeping: files.mapValues { Set($0.keys) })
        try removeLegacyFiles()
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
    static func lines(of data: Data) -> [(number: Int, bytes: Data)] {
        var result: [(number: Int, bytes: Data)] = []
        let bytes = [UInt8](data)
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            result.append((index + 1, Data(line)))
        }
        return result
    }

    /// Folders directly inside the archive whose name is a valid source id, sorted.
    private func sourceFolders() throws(BuildError) -> [String] {
        try Self.entries(in: directory, shownAs: shownAs).filter {
            SafeName.sourceID($0) != nil && FileSystem.isDirectory(directory.appendingPathComponent($0))
        }
    }

    /// Removes `.jsonl` files not in `keeping` from every source folder, and source
    /// folders left empty that hold no articles now. Other files are left alone.
    private func removeStale(keeping: [String: Set<String>]) throws(BuildError) {
        for source in try sourceFolders() {
            let folder = directory.appendingPathComponent(source)
            let keep = keeping[source] ?? []
            for url in try Self.lineFiles(in: folder, shownAs: "\(shownAs)/\(source)") where !keep.contains(url.lastPathComponent) {
                try Self.remove(url, shownAs: "\(shownAs)/\(source)/\(url.lastPathComponent)")
            }
            if keeping[source] == nil, (try? FileSystem.manager.contentsOfDirectory(atPath: folder.path).isEmpty) == true {
                try Self.remove(folder, shownAs: "\(shownAs)/\(source)")
            }
        }
    }

    /// Regular `*.jsonl` files directly inside `folder`, hidden ones skipped, sorted by name.
    private static func lineFiles(in folder: URL, shownAs name: String) throws(BuildError) -> [URL] {
        try entries(in: folder, shownAs: name)
            .filter { $0.hasSuffix(lineFileSuffix) }
            .map { folder.appendingPathComponent($0) }
            .filter { !FileSystem.isDirectory($0) }
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

    static func remove(_ url: URL, shownAs name: String) throws(BuildError) {
        do {
            try FileSystem.manager.removeItem(at: url)
        } catch {
            throw BuildError(path: name, "cannot be removed (\(FileSystem.reason(error)))")
        }
    }
}
