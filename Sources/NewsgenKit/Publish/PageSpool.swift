import Foundation

/// Where rendered pages wait for the Publish stage: on disk, not in memory. At 100,000 articles
/// a site's pages are 1.7 GB, and held in memory from the first rendered page to the end of
/// publishing they were most of a cold build's peak. Each page is written here once, as it is
/// rendered; the publisher then hard-links it into the new site (or keeps the file already
/// there with the same bytes), so a page costs no more writes than before. The folder is
/// `.newsgen/pages-<pid>`, removed after publishing and, when a build was killed, by `Leftovers`.
struct PageSpool: Sendable {
    let folder: URL

    /// A spool in `folder`, made empty; nil when it cannot be made inside `bounds` (pages then stay in memory).
    /// The folder is newsgen's own and new, so the pages are written into it directly (`PublishDisk`).
    static func make(in folder: URL, within bounds: WriteBounds) -> PageSpool? {
        guard let real = try? bounds.resolve(folder), (try? DurableFile.removeTree(real, within: bounds)) != nil,
              (try? DurableFile.makeFolder(real, within: bounds)) != nil else { return nil }
        return PageSpool(folder: real)
    }

    /// `file` with its bytes moved to a file of the spool (`sourceFile`), or `file` as it was
    /// when they cannot be written there: the spool only saves memory, it never fails a build.
    func keep(_ file: OutputFile) -> OutputFile {
        let target = folder.path + "/" + file.path
        guard (try? write(file.data, to: target, path: file.path)) != nil else { return file }
        var spooled = file
        spooled.data = Data()
        spooled.sourceFile = URL(fileURLWithPath: target)
        return spooled
    }

    /// Writes a new file, making the folders above it when they are missing. Pages are rendered on
    /// every core, so two may make the same folder at once: `makeFolder` takes one that exists.
    private func write(_ data: Data, to target: String, path: String) throws(PublishFailure) {
        do {
            try PublishDisk.writeNew(data, to: target, shownAs: path)
        } catch {
            // Most often the page's folder is not made yet; anything else fails again below.
            var folder = folder.path
            for component in path.split(separator: "/").dropLast() {
                folder += "/" + component
                try PublishDisk.makeFolder(folder, shownAs: path)
            }
            try PublishDisk.writeNew(data, to: target, shownAs: path)
        }
    }
}
