import Foundation
import NewsgenModel

/// The archive folder's files as the last save meant them to be: what is on disk, read
/// through a save that stopped after its journal was written (`ArchiveJournal`): a file it
/// writes is read from its temporary file while that is still there, a file it removes is gone.
/// So `check`, `bookmark` and the other commands see the archive the next build will finish,
/// without writing anything themselves.
///
/// The archive is never read or written through a symbolic link that leads outside the site (ADR 047):
/// such a link in the folder or in a source's folder stops whoever opens it, naming the link and
/// where it leads, before anything is read or touched.
struct ArchiveFiles {
    let directory: URL
    /// How the folder is shown in messages.
    let shownAs: String
    /// A save that stopped before it was finished, if any.
    let pending: ArchiveJournal?

    /// Reads the folder's journal, if there is one; one that does not read is refused and left untouched.
    /// A link leading out of `bounds` (in the folder, or in a folder in it) is refused first.
    init(directory: URL, shownAs: String, bounds: WriteBounds) throws(BuildError) {
        self.directory = directory
        self.shownAs = shownAs
        let file = directory.appendingPathComponent(ArchiveJournal.fileName)
        let link = bounds.linksLeaving(directory, depth: 2, where: Self.isOwnPath).first
        guard FileSystem.exists(file) else {
            if let link { throw Self.refusal(link, journal: nil) }
            pending = nil
            return
        }
        let name = shownAs + "/" + ArchiveJournal.fileName
        if let link { throw Self.refusal(link, journal: ArchiveJournal.decode(try FileSystem.read(file, shownAs: name)).map { ($0, name) }) }
        guard let journal = ArchiveJournal.decode(try FileSystem.read(file, shownAs: name)) else {
            throw BuildError(path: name, "is not a save journal this newsgen can read, so the save it records cannot be finished; "
                + "it was left untouched (restore the archive folder from git, or remove the file to keep the archive as it is)")
        }
        if let missing = journal.missingWrite(in: directory) {
            throw BuildError(path: name, "records a save that cannot be finished: the new bytes of \(shownAs)/\(missing.file) are gone "
                + "(its temporary file \(journal.temporaryFile(for: missing.file, in: directory).lastPathComponent) is missing); "
                + "it was left untouched (restore the archive folder from git, or remove the file to keep the archive as it is)")
        }
        pending = journal
    }

    /// Why the archive is not opened: `link` leads out (or to nothing). When a pending `journal` would write
    /// or remove a file through it, the refusal is the journal's, so that it says the save was not finished.
    /// `found` is the link and its path relative to the archive folder.
    static func refusal(_ found: (relative: String, link: OutsideLink), journal: (journal: ArchiveJournal, shownAs: String)?) -> BuildError {
        let link = found.link
        let advice = "replace the link by the folder or file it names, or set archive.path to a folder outside the site, "
            + "which is then used as written"
        if let (journal, shownAs) = journal {
            let folder = String(shownAs.dropLast(ArchiveJournal.fileName.count))
            let touched = journal.removes.map { ("removes", $0) } + journal.writtenFiles.map { ("writes", $0) }
            if let (verb, path) = touched.first(where: { $0.1 == found.relative || $0.1.hasPrefix(found.relative + "/") }) {
                return BuildError(path: shownAs, "records a save that \(verb) \(folder)\(path), but \(link.path) is a symbolic link to "
                    + "\(link.whereItLeads); the save was not finished, and nothing was read, written or removed through the link "
                    + "(\(advice), then build again)")
            }
        }
        return BuildError(path: link.path, "a symbolic link to \(link.whereItLeads); the archive is never read or written through such "
            + "a link, so nothing was read, written or removed (\(advice))")
    }

    /// The names directly inside the folder `relative` ("" for the archive folder itself) that
    /// `keep` accepts, with the pending save's new files and without its removed ones, sorted.
    /// Hidden names are skipped.
    func names(in relative: String, where keep: (String) -> Bool) throws(BuildError) -> [String] {
        var names = Set(try ArchiveStore.entries(in: url(relative), shownAs: shown(relative)))
        if let pending {
            for path in pending.writtenFiles {
                let (folder, name) = Self.split(path)
                if folder == relative { names.insert(name) } else if relative.isEmpty { names.insert(folder) }
            }
            for path in pending.removes {
                let (folder, name) = Self.split(path)
                if folder == relative { names.remove(name) }
            }
        }
        return names.filter(keep).sorted()
    }

    /// True when `relative` names a folder on disk or one the pending save writes into.
    func isFolder(_ relative: String) -> Bool {
        FileSystem.isDirectory(url(relative)) || (pending?.writtenFiles.contains { Self.split($0).folder == relative } ?? false)
    }

    /// The bytes of the file at `relative`, nil when there is none.
    func data(_ relative: String) throws(BuildError) -> Data? {
        if let pending {
            if pending.removes.contains(relative) { return nil }
            if pending.writtenFiles.contains(relative) {
                let temporary = pending.temporaryFile(for: relative, in: directory)
                if FileSystem.exists(temporary) { return try FileSystem.read(temporary, shownAs: shown(relative)) }
            }
        }
        let file = url(relative)
        guard FileSystem.exists(file), !FileSystem.isDirectory(file) else { return nil }
        return try FileSystem.read(file, shownAs: shown(relative))
    }

    func url(_ relative: String) -> URL { relative.isEmpty ? directory : directory.appendingPathComponent(relative) }
    func shown(_ relative: String) -> String { relative.isEmpty ? shownAs : shownAs + "/" + relative }

    /// True for a path (relative to the archive folder) that newsgen reads or writes: a source's folder and its
    /// month files, the journal, `archive.json`, `state.json`, `takedowns.json`, version-1 files and temporary
    /// files. What else the folder holds is never touched, so a link there is no business of the archive's.
    static func isOwnPath(_ relative: String) -> Bool {
        let (folder, name) = split(relative)
        guard !folder.isEmpty else {
            return SafeName.sourceID(name) != nil || name.hasSuffix(".json") || name == ArchiveJournal.fileName || DurableFile.isTemporaryName(name)
        }
        return SafeName.sourceID(folder) != nil && (ArchiveStore.isLineFileName(name) || DurableFile.isTemporaryName(name))
    }

    /// `source/2026-11.jsonl` as ("source", "2026-11.jsonl"); a top-level name as ("", name).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.firstIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
