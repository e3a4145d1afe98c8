import Foundation
import NewsgenModel

/// Layout version 1, read only so that an archive migrates itself: one pretty
/// `content/archive/<source-id>.json` per source, `{"version": 1, "source": …, "articles": […]}`.
/// Every top-level `*.json` other than state.json and takedowns.json was such a file, and still is.
extension ArchiveStore {
    static let legacyVersion = 1

    private struct LegacyFile: Decodable {
        var version: Int
        var source: String
        var articles: [Article]
    }

    /// The articles of every version-1 file. An unreadable file, or one article in two
    /// places, stops the build as it would in the new layout.
    func loadLegacy() throws(BuildError) -> [Article] {
        let decoder = ArchiveJSON.decoder()
        var seenIn: [String: String] = [:]
        var articles: [Article] = []
        for url in try legacyFiles() {
            let name = shownAs + "/" + url.lastPathComponent
            let data = try FileSystem.read(url, shownAs: name)
            let file: LegacyFile
            do {
                file = try decoder.decode(LegacyFile.self, from: data)
            } catch {
                throw BuildError(path: name, "cannot be read as an archive file (\(Self.describeLegacy(error))); it was left untouched")
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

    /// Removes the version-1 files once their articles live in the new layout; a file
    /// that `loadLegacy` would refuse is never removed (the next load reports it), so a
    /// `save` without a `load` before it cannot lose what such a file holds.
    func removeLegacyFiles() throws(BuildError) {
        let decoder = ArchiveJSON.decoder()
        for url in try legacyFiles() {
            guard let data = try? Data(contentsOf: url), let file = try? decoder.decode(LegacyFile.self, from: data),
                  file.version == Self.legacyVersion, SafeName.sourceID(file.source) != nil else { continue }
            try Self.remove(url, shownAs: shownAs + "/" + url.lastPathComponent)
        }
    }

    private func legacyFiles() throws(BuildError) -> [URL] {
        try FileSystem.files(in: directory, suffix: ".json")
            .filter { ![FetchStateStore.fileName, TakedownList.fileName].contains($0.lastPathComponent) && !FileSystem.isDirectory($0) }
    }

    private static func describeLegacy(_ error: Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        switch decodingError {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = ArchiveJSON.path(context.codingPath)
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
