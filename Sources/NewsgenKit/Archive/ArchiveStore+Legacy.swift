import Foundation
import NewsgenModel

/// Layout version 1, read only so that an archive migrates itself: one pretty
/// `content/archive/<source-id>.json` per source, `{"version": 1, "source": …, "articles": […]}`.
/// Every top-level `*.json` other than state.json, takedowns.json and archive.json (the format
/// marker, `ArchiveFormat`) was such a file, and still is.
extension ArchiveStore {
    static let legacyVersion = 1

    private struct LegacyFile {
        var version: Int
        var source: String
        var articles: [Article]
    }

    /// The articles of every version-1 file. An unreadable file, or one article in two
    /// places, stops the build as it would in the new layout.
    func loadLegacy(_ files: ArchiveFiles) throws(BuildError) -> [Article] {
        var seenIn: [String: String] = [:]
        var articles: [Article] = []
        for fileName in try legacyFiles(files) {
            let name = files.shown(fileName)
            guard let data = try files.data(fileName) else { continue }
            let file: LegacyFile
            do {
                file = try Self.readLegacy(data)
            } catch {
                throw BuildError(path: name, "cannot be read as an archive file (\(error.reason)); it was left untouched")
            }
            guard file.version == Self.legacyVersion else {
                throw BuildError(path: name, "has archive version \(file.version), but this newsgen reads version \(Self.legacyVersion)")
            }
            guard SafeName.sourceID(file.source) != nil else {
                throw BuildError(path: name, "has source '\(file.source)', which is not a valid source id (lowercase letters, digits and dashes); it was left untouched")
            }
            for article in file.articles {
                if let other = seenIn[article.id] {
                    throw BuildError(path: name, "holds article '\(article.id)' "
                        + (other == name ? "twice" : "that is also in \(other)") + "; remove one (it was left untouched)")
                }
                seenIn[article.id] = name
                articles.append(article)
            }
        }
        return articles
    }

    /// The version-1 files a save removes, once their articles live in the new layout; a file that
    /// `loadLegacy` would refuse is never removed (the next load reports it), so a `save` without a
    /// `load` before it cannot lose what such a file holds.
    func removableLegacyFiles(_ files: ArchiveFiles) throws(BuildError) -> [String] {
        return try legacyFiles(files).filter { fileName in
            guard let data = try? files.data(fileName), let file = try? Self.readLegacy(data) else { return false }
            return file.version == Self.legacyVersion && SafeName.sourceID(file.source) != nil
        }
    }

    private func legacyFiles(_ files: ArchiveFiles) throws(BuildError) -> [String] {
        let reserved = [FetchStateStore.fileName, TakedownList.fileName, ArchiveFormat.fileName]
        return try files.names(in: "") { $0.hasSuffix(".json") && !reserved.contains($0) && !files.isFolder($0) }
    }

    /// Reads a version-1 file; errors say what Foundation's decoder said of the same file, which
    /// checked `version`, `source` and `articles` in that order.
    private static func readLegacy(_ data: Data) throws(ArchiveLineError) -> LegacyFile {
        guard let document = try? JSONDocument(data) else { throw ArchiveLineError(reason: "The given data was not valid JSON.") }
        do throws(JSONFieldError) {
            let root = try JSONFieldReader(document.root)
            let version = try root.int("version"), source = try root.string("source")
            var articles: [Article] = []
            for item in try root.array("articles") {
                do throws(JSONFieldError) {
                    articles.append(try Article.read(item.value).article)
                } catch {
                    throw JSONFieldError(path: item.path + error.path, problem: error.problem)
                }
            }
            return LegacyFile(version: version, source: source, articles: articles)
        } catch {
            throw ArchiveLineError(reason: ArchiveJSON.decoderDescription(error))
        }
    }
}
