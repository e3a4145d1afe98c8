import Foundation
import NewsgenModel

/// What a build killed halfway leaves behind, put right by the next one before it starts, while
/// it holds the build lock (so no other build is using any of it): an archive save that stopped
/// after its journal is finished; an old site left under its retired name with no output folder
/// is put back; and staging folders, retired sites, media folders and temporary files are removed.
/// Only names newsgen makes are touched (`.public.staging-<pid>`, `.public.retired-<pid>`,
/// `.newsgen/media-<pid>` (`Site.mediaStagingDirectory`), `.newsgen/pages-<pid>` (`Site.pageSpoolDirectory`),
/// `DurableFile.isTemporaryName`), only in the folders newsgen writes to.
/// The spare tree (`.public.spare`) is not a leftover: it is the next build's head start (ADR 029), and one a killed
/// build left half-updated is put right by the next publish, which checks every path of it.
public enum Leftovers {
    /// The second tree beside `output`, exchanged with it at each publish (`SpareTree`).
    static func spareFolder(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).spare")
    }

    /// Where process `pid` stages the new site, beside `output`.
    static func stagingFolder(for output: URL, pid: Int32 = getpid()) -> URL {
        sibling(of: output, kind: "staging", pid: pid)
    }

    /// Where process `pid` puts the old site aside when the folders cannot be exchanged in one step.
    static func retiredFolder(for output: URL, pid: Int32 = getpid()) -> URL {
        sibling(of: output, kind: "retired", pid: pid)
    }

    /// Puts right what earlier, killed builds left. `lock` is the build lock, held: the proof that
    /// nothing found here is in use. Returns what a person should hear of (a site put back, a save finished).
    /// Nothing is removed or moved outside the site's bounds with `output` (ADR 047): what a refusal leaves
    /// is named among the notes.
    public static func clean(site: Site, output: URL, holding lock: BuildLock) throws(BuildError) -> [BuildWarning] {
        let site = site.bounded(output: output)
        var notes: [BuildWarning] = []
        let archive = site.archiveStore
        if FileSystem.exists(site.archiveDirectory.appendingPathComponent(ArchiveJournal.fileName)) {
            try archive.recover()
            notes.append(BuildWarning(path: site.config.archive.path,
                                      "an earlier build was stopped while it saved the archive; that save was finished first"))
        }
        if let note = restoreOutput(output, within: site.bounds) { notes.append(note) }
        let parent = output.deletingLastPathComponent()
        func remove(_ url: URL) { try? DurableFile.removeTree(url, within: site.bounds) }
        for name in names(in: parent) where isSibling(name, of: output) { remove(parent.appendingPathComponent(name)) }
        let newsgen = site.directory.appendingPathComponent(".newsgen")
        for name in names(in: newsgen) where isNumbered(name, prefix: "media-") || isNumbered(name, prefix: "pages-") {
            remove(newsgen.appendingPathComponent(name))
        }

        // Temporary files, in every folder newsgen writes a file into durably.
        var folders: Set<URL> = [site.directory, newsgen, site.archiveDirectory, site.bookmarksFile.deletingLastPathComponent(),
                                 site.enrichCacheDirectory, site.searchCacheDirectory, site.imageRecordsDirectory,
                                 ParseMemoStore(site: site).file.deletingLastPathComponent()]
        for name in names(in: site.archiveDirectory) where SafeName.sourceID(name) != nil {
            folders.insert(site.archiveDirectory.appendingPathComponent(name))
        }
        let cache = site.url(site.config.imageCache.directory)
        folders.formUnion([cache, cache.appendingPathComponent(DiskImageCache.blobsName), cache.appendingPathComponent("thumbs")])
        for folder in folders {
            for name in names(in: folder) where DurableFile.isTemporaryName(name) { remove(folder.appendingPathComponent(name)) }
        }
        return notes + site.bounds.warnings
    }

    /// With no output folder but an old site put aside by a build killed between its two renames
    /// (the fallback swap), the newest such site goes back in place.
    private static func restoreOutput(_ output: URL, within bounds: WriteBounds) -> BuildWarning? {
        guard !FileManager.default.fileExists(atPath: output.path) else { return nil }
        let parent = output.deletingLastPathComponent()
        let retired = names(in: parent).filter { isNumbered($0, prefix: ".\(output.lastPathComponent).retired-") }
        let newest = retired.max { modified(parent.appendingPathComponent($0)) < modified(parent.appendingPathComponent($1)) }
        guard let newest, (try? DurableFile.move(parent.appendingPathComponent(newest), over: output, within: bounds)) != nil else { return nil }
        return BuildWarning(path: output.path, "an earlier build was stopped while it replaced the site; the previous site was put back first")
    }

    private static func sibling(of output: URL, kind: String, pid: Int32) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).\(kind)-\(pid)")
    }

    private static func isSibling(_ name: String, of output: URL) -> Bool {
        ["staging", "retired"].contains { isNumbered(name, prefix: ".\(output.lastPathComponent).\($0)-") }
    }

    /// `prefix` followed by a process id.
    static func isNumbered(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let digits = name.dropFirst(prefix.count)
        return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func names(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    private static func modified(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
