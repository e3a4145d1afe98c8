import Foundation
import NewsgenModel

/// `content/archive/<source-id>/source.json`: a source's title and website, beside its articles.
/// The archive outlives site.json's list: a source removed with `--keep-archive` (or by hand) keeps
/// its name on its articles and its page instead of its bare id (ADR 061). Inside the source's own
/// folder, because every newsgen reads only `*.jsonl` there; written only when the name changes, so
/// a build that brings nothing leaves it byte for byte as it was (ADR 053).
enum SourceNames {
    static let fileName = "source.json"
    static let supportedVersion = 1

    /// Writes the name of each source in `sources` whose folder holds archived articles, when the file
    /// does not already say it. A source known only by its id has no name to keep. A file that cannot
    /// be read, or written, is a warning and is left as it is.
    /// Only the sources whose feed this build read (`read`) are looked at: a 304 brings no website, and a
    /// name must not flap between hours. A website once known stays when a read names none.
    static func keep(_ sources: [String: SourceInfo], archived: Set<String>, read freshlyRead: Set<String>, site: Site) -> [BuildWarning] {
        var warnings: [BuildWarning] = []
        for id in archived.intersection(freshlyRead).sorted() {
            guard var info = sources[id], info.title != id, id != ArticleID.markdownSourceID else { continue }
            let (file, shown) = place(of: id, site: site)
            let present = bytes(of: id, site: site)
            let kept = present.flatMap { decode($0, id: id) }
            if info.url == nil { info.url = kept?.url }
            let data = encoded(info)
            guard present != data else { continue }
            // One this newsgen cannot read (hand-edited, a newer newsgen's, a FIFO) is the user's: left as it is.
            if kept == nil, present != nil || FileSystem.exists(file) {
                warnings.append(BuildWarning(path: shown, "cannot be read as a version-\(supportedVersion) source name (title, url); left untouched"))
                continue
            }
            do {
                try FileSystem.writeAtomically(data, to: file, shownAs: shown, within: site.bounds)
            } catch {
                warnings.append(BuildWarning(path: error.path ?? shown, error.reason))
            }
        }
        return warnings
    }

    /// The names kept for the archived sources that `known` does not name (site.json no longer lists them).
    /// A file that is missing or cannot be read leaves the source under its id, as before.
    static func removed(_ archived: Set<String>, besides known: [String: SourceInfo], site: Site) -> [String: SourceInfo] {
        var infos: [String: SourceInfo] = [:]
        for id in archived where known[id] == nil && id != ArticleID.markdownSourceID {
            if let info = read(id, site: site) { infos[id] = info }
        }
        return infos
    }

    /// The name kept for source `id`, nil when none is or the file is not one this newsgen reads.
    static func read(_ id: String, site: Site) -> SourceInfo? {
        bytes(of: id, site: site).flatMap { decode($0, id: id) }
    }

    /// The file's bytes, read as every user file is (a FIFO or a folder refused at once, 64 KiB at most); nil when there are none.
    private static func bytes(of id: String, site: Site) -> Data? {
        let (file, shown) = place(of: id, site: site)
        guard FileSystem.exists(file) else { return nil }
        return try? FileSystem.read(file, shownAs: shown, refusing: { $0 > 64 * 1024 ? "too large" : nil })
    }

    /// A version-1 name file's title and website; nil for anything else.
    private static func decode(_ data: Data, id: String) -> SourceInfo? {
        guard let document = try? JSONDocument(data), document.firstProblem() == nil,
              let root = try? JSONFieldReader(document.root), (try? root.int("version")) == supportedVersion,
              let title = try? root.string("title"), !title.isEmpty else { return nil }
        return SourceInfo(id: id, title: title, url: (try? root.optionalString("url")) ?? nil)
    }

    /// Pretty JSON with a final newline, keys in a fixed order.
    static func encoded(_ info: SourceInfo) -> Data {
        var writer = JSONWriter(layout: .pretty)
        writer.beginObject()
        writer.key("version"); writer.integer(supportedVersion)
        writer.key("title"); writer.string(info.title)
        writer.optional("url", info.url)
        writer.endObject()
        return Data(writer.bytes + [UInt8(ascii: "\n")])
    }

    private static func place(of id: String, site: Site) -> (file: URL, shown: String) {
        (site.archiveDirectory.appendingPathComponent(id).appendingPathComponent(fileName), site.config.archive.path + "/" + id + "/" + fileName)
    }
}
