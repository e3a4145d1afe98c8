import Foundation
import NewsgenModel

/// `content/archive/takedowns.json`: the articles taken down, remembered so that
/// no later fetch brings them back. Written pretty and sorted by id, so that it
/// diffs and merges like the bookmark manifest; a file that cannot be read is an
/// error naming it and is left untouched.
public struct TakedownList: Equatable, Sendable {
    /// The format version this newsgen reads and writes.
    public static let supportedVersion = 1
    /// The file's name inside the archive folder. The dot keeps it apart from
    /// source folders, which are named by source id.
    public static let fileName = "takedowns.json"

    /// Sorted by id.
    public private(set) var takedowns: [Takedown]

    /// A list holding `takedowns`, sorted by id.
    public init(_ takedowns: [Takedown] = []) {
        self.takedowns = takedowns.sorted { $0.id < $1.id }
    }

    /// The ids the build keeps out of the archive.
    public var ids: Set<String> { Set(takedowns.map(\.id)) }

    /// The entry for `id`, when it was taken down.
    public func entry(for id: String) -> Takedown? { takedowns.first { $0.id == id } }

    /// Adds (or replaces) the entry with `takedown.id`, keeping the order.
    public mutating func record(_ takedown: Takedown) {
        takedowns.removeAll { $0.id == takedown.id }
        takedowns.append(takedown)
        takedowns.sort { $0.id < $1.id }
    }

    /// The file's bytes: pretty JSON, keys in a fixed order, entries by id, a final newline.
    public func encoded() -> Data {
        var text = "{\n  \"version\": \(Self.supportedVersion),\n"
        guard !takedowns.isEmpty else { return Data((text + "  \"takedowns\": []\n}\n").utf8) }
        text += "  \"takedowns\": [\n"
        for (index, takedown) in takedowns.enumerated() {
            var fields = [("id", takedown.id), ("removed", RFC3339.string(from: takedown.removed)), ("title", takedown.title)]
            if let url = takedown.url { fields.append(("url", url)) }
            if let reason = takedown.reason { fields.append(("reason", reason)) }
            text += "    {\n"
            text += fields.map { "      \(JSONText.quoted($0.0)): \(JSONText.quoted($0.1))" }.joined(separator: ",\n")
            text += index == takedowns.count - 1 ? "\n    }\n" : "\n    },\n"
        }
        return Data((text + "  ]\n}\n").utf8)
    }

    /// Reads the file's bytes; `file` is how the path is shown in the error.
    public static func decode(_ data: Data, file: String) throws(BuildError) -> TakedownList {
        let decoded: FileFormat
        do {
            decoded = try ArchiveJSON.decoder().decode(FileFormat.self, from: data)
        } catch {
            throw BuildError(path: file, "\(ArchiveJSON.describe(error)); the file was left untouched")
        }
        guard decoded.version == supportedVersion else {
            let update = decoded.version > supportedVersion ? ": a newer newsgen wrote it, update newsgen" : ""
            throw BuildError(path: file, "version \(decoded.version) is not supported (this newsgen reads version \(supportedVersion)\(update)); "
                + "the file was left untouched")
        }
        var seen: Set<String> = []
        for (index, entry) in decoded.takedowns.enumerated() {
            guard ArticleResolver.isArticleID(entry.id) else {
                throw BuildError(path: file, "takedowns[\(index)].id '\(entry.id)' is not an article id (16 hex digits); the file was left untouched")
            }
            guard seen.insert(entry.id).inserted else {
                throw BuildError(path: file, "takedowns[\(index)]: article '\(entry.id)' is listed twice; the file was left untouched")
            }
        }
        return TakedownList(decoded.takedowns.map {
            Takedown(id: $0.id, removed: $0.removed, title: $0.title, url: $0.url, reason: $0.reason)
        })
    }

    /// The site's list; a missing file is an empty list.
    static func load(_ site: Site) throws(BuildError) -> TakedownList {
        let file = site.takedownsFile
        guard FileSystem.exists(file) else { return TakedownList() }
        return try decode(FileSystem.read(file, shownAs: site.takedownsPath), file: site.takedownsPath)
    }

    /// Writes the list atomically.
    func save(_ site: Site) throws(BuildError) {
        try FileSystem.writeAtomically(encoded(), to: site.takedownsFile, shownAs: site.takedownsPath)
    }

    private struct FileFormat: Decodable {
        var version: Int
        var takedowns: [Entry]
    }

    private struct Entry: Decodable {
        var id: String
        var removed: Date
        var title: String
        var url: String?
        var reason: String?
    }
}

extension Site {
    /// `content/archive/takedowns.json` (beside the archive, which it governs).
    var takedownsFile: URL { archiveDirectory.appendingPathComponent(TakedownList.fileName) }
    /// The same, as shown in messages.
    var takedownsPath: String { config.archive.path + "/" + TakedownList.fileName }
}

extension Archive {
    /// The archive without the articles whose id is in `ids`.
    func removing(_ ids: Set<String>) -> Archive {
        guard !ids.isEmpty else { return self }
        return Archive(articlesBySource: articlesBySource.mapValues { $0.filter { !ids.contains($0.id) } }.filter { !$0.value.isEmpty })
    }
}
