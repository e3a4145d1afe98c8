import Foundation
import NewsgenModel

/// The archive on disk: one pretty, key-sorted JSON file per source under
/// `content/archive/`, articles sorted by id, so diffs stay small and merges easy.
/// A file that cannot be read stops the build and is left untouched.
struct ArchiveStore {
    static let formatVersion = 1
    let directory: URL
    /// How paths are shown in messages (relative to the site).
    let shownAs: String

    private struct File: Codable {
        var version: Int
        var source: String
        var articles: [Article]
    }

    func load() throws(BuildError) -> Archive {
        var bySource: [String: [Article]] = [:]
        for url in try FileSystem.files(in: directory, suffix: ".json") where url.lastPathComponent != FetchStateStore.fileName {
            let name = shownAs + "/" + url.lastPathComponent
            let data = try FileSystem.read(url, shownAs: name)
            let file: File
            do {
                file = try Self.decoder.decode(File.self, from: data)
            } catch {
                throw BuildError(path: name, "cannot be read as an archive file (\(Self.describe(error))); it was left untouched")
            }
            guard file.version == Self.formatVersion else {
                throw BuildError(path: name, "has archive version \(file.version), but this newsgen reads version \(Self.formatVersion)")
            }
            // The source id names the file this archive is saved back to: only a valid id may.
            guard SafeName.sourceID(file.source) != nil else {
                throw BuildError(path: name, "has source '\(file.source)', which is not a valid source id (lowercase letters, digits and dashes); it was left untouched")
            }
            bySource[file.source, default: []] += file.articles
        }
        return Archive(articlesBySource: bySource)
    }

    /// Writes every source's file that changed (atomically) and removes files of sources with no articles left.
    func save(_ archive: Archive) throws(BuildError) {
        var wanted: Set<String> = []
        for (source, articles) in archive.articlesBySource where !articles.isEmpty {
            guard let id = SafeName.sourceID(source) else {
                throw BuildError(path: shownAs, "cannot hold source '\(source)': not a valid source id")
            }
            let fileName = id + ".json"
            wanted.insert(fileName)
            let url = directory.appendingPathComponent(fileName)
            let data: Data
            do {
                data = try Self.encoder.encode(File(version: Self.formatVersion, source: source, articles: articles)) + Data("\n".utf8)
            } catch {
                throw BuildError(path: shownAs + "/" + fileName, "cannot be encoded (\(error))")
            }
            if (try? Data(contentsOf: url)) == data { continue }
            try FileSystem.writeAtomically(data, to: url, shownAs: shownAs + "/" + fileName)
        }
        for url in try FileSystem.files(in: directory, suffix: ".json") where !wanted.contains(url.lastPathComponent)
            && url.lastPathComponent != FetchStateStore.fileName {
            try? FileSystem.manager.removeItem(at: url)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an RFC 3339 date")
            }
            return date
        }
        return decoder
    }()

    private static func describe(_ error: Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        switch decodingError {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? context.debugDescription : "at \(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
