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
        ManifestWriting.encoded(version: Self.supportedVersion, listKey: "takedowns", entries: takedowns) { takedown, writer in
            writer.key("id"); writer.string(takedown.id)
            writer.key("removed"); writer.date(takedown.removed)
            writer.key("title"); writer.string(takedown.title)
            writer.optional("url", takedown.url)
            writer.optional("reason", takedown.reason)
        }
    }

    /// Reads the file's bytes; `file` is how the path is shown in the error.
    public static func decode(_ data: Data, file: String) throws(BuildError) -> TakedownList {
        let version: Int
        var takedowns: [Takedown] = []
        do {
            let document = try JSONDocument(data)
            if let problem = document.firstProblem() { throw problem }
            let root = try JSONFieldReader(document.root)
            version = try root.int("version")
            for item in try root.array("takedowns") {
                let entry = try JSONFieldReader(item.value, path: item.path)
                takedowns.append(Takedown(id: try entry.string("id"), removed: try entry.date("removed"), title: try entry.string("title"),
                                          url: try entry.optionalString("url"), reason: try entry.optionalString("reason")))
            }
        } catch let problem as JSONDocumentProblem {
            throw BuildError(path: "\(file):\(problem.place)", "\(problem.message); the file was left untouched")
        } catch let error as JSONFieldError {
            throw BuildError(path: file, "\(ArchiveJSON.describe(error)); the file was left untouched")
        } catch {
            throw BuildError(path: file, "not valid JSON; the file was left untouched")
        }
        guard version == supportedVersion else {
            let update = version > supportedVersion ? ": a newer newsgen wrote it, update newsgen" : ""
            throw BuildError(path: file, "version \(version) is not supported (this newsgen reads version \(supportedVersion)\(update)); "
                + "the file was left untouched")
        }
        var seen: Set<String> = []
        for (index, entry) in takedowns.enumerated() {
            guard ArticleResolver.isArticleID(entry.id) else {
                throw BuildError(path: file, "takedowns[\(index)].id '\(entry.id)' is not an article id (16 hex digits); the file was left untouched")
            }
            guard seen.insert(entry.id).inserted else {
                throw BuildError(path: file, "takedowns[\(index)]: article '\(entry.id)' is listed twice; the file was left untouched")
            }
        }
        return TakedownList(takedowns)
    }

    /// The site's list; a missing file is an empty list.
    static func load(_ site: Site) throws(BuildError) -> TakedownList {
        let file = site.takedownsFile
        guard FileSystem.exists(file) else { return TakedownList() }
        return try decode(FileSystem.read(file, shownAs: site.takedownsPath), file: site.takedownsPath)
    }

    /// Writes the list atomically.
    func save(_ site: Site) throws(BuildError) {
        try FileSystem.writeAtomically(encoded(), to: site.takedownsFile, shownAs: site.takedownsPath, within: site.bounds)
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
