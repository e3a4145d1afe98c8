import Foundation

/// The Publish stage: brings the spare tree beside the output up to the new site, then exchanges
/// the two in one step, so a reader never sees a half-published site and a failed build leaves the
/// site as it was (ADR 029, replacing the whole-site staging of ADR 002).
///
/// A file whose bytes are already at the same path in the current output is not written again:
/// the spare tree's file is made a hard link of the output's (it usually is one already, since the
/// spare tree is the site of the build before), so it keeps its inode and modification time through
/// the exchange, and a rebuild with unchanged inputs rewrites nothing (rsync, a web server's ETag,
/// and the last-build record all see untouched files). Only new or changed files are written; when
/// the file system refuses a hard link, the file is written.
///
/// The site's `static/` folder wins over a generated file of the same path, except `robots.txt`,
/// which gets the static lines appended. A few entries in the old output belong to the repository,
/// not to the build (`README.md`, `.gitignore`, `.gitkeep`, `.git`), and are carried over.
struct Publisher {
    static let keptEntries = ["README.md", ".gitignore", ".gitkeep", ".git"]

    let output: URL
    /// How the output folder is named in messages.
    let shownAs: String
    /// The site folder, which a symbolic link in `static/` must not lead out of (ADR 018); nil: the folder above `static/`.
    var siteDirectory: URL?
    /// `never` publishes as on a file system that cannot exchange two names (tests of the fallback).
    var exchange: SiteSwap.Exchange = .whereSupported
    /// Where it may write (ADR 047): a build's bounds, which hold its output; nil, only the output and the folders beside it.
    var bounds: WriteBounds? = nil

    /// Publishes `files` and the site's `static/` folder into the output folder, writing only what changed.
    @discardableResult
    func publish(_ files: [OutputFile], staticDirectory: URL?) throws(BuildError) -> PublishResult {
        try publishCountingWork(files, staticDirectory: staticDirectory).result
    }

    /// `publish`, with what it cost on disk.
    func publishCountingWork(_ files: [OutputFile], staticDirectory: URL?) throws(BuildError) -> (result: PublishResult, work: SpareTree.Work) {
        // The three names are judged once; inside the spare tree no link is ever followed (`SpareTree`, `PublishDisk`).
        let writes = bounds ?? WriteBounds(output: output)
        let spare = Leftovers.spareFolder(for: output)
        let retired = Leftovers.retiredFolder(for: output)
        try? DurableFile.removeTree(retired, within: writes)
        let published: (result: PublishResult, work: SpareTree.Work)
        do {
            // Whatever is at the spare name and is not a folder (a link to one would lead the update elsewhere) goes.
            if !PublishDisk.isFolder(spare.path) { try DurableFile.remove(spare, within: writes) }
            // An output in a folder not made yet (`--output new/site`): the folders above it are made with the spare tree's.
            if !FileSystem.isDirectory(output.deletingLastPathComponent()) { try DurableFile.makeFolder(spare, within: writes) }
            let root = try writes.resolve(spare).path
            let listings = Workers.parallelMap(2) { PublishDisk.tree(under: $0 == 0 ? output.path : root) }
            let plan = try PublishPlan(files, staticDirectory: staticDirectory, site: siteDirectory, output: output, current: listings[0])
            var (result, work) = try SpareTree(root: root, output: output.path).update(to: plan, current: listings[0], present: listings[1])
            result.removed = listings[0].files.keys.filter { plan.files[$0] == nil && !Self.isRepositoryPath($0) }.count
            published = (result, work)
        } catch {
            let reason = (error as? PublishFailure)?.description ?? (error as? DiskError)?.reason ?? FileSystem.reason(error)
            throw BuildError(path: shownAs, "cannot be written (\(reason)); the previous site was left as it was")
        }
        do {
            // The old site is the next build's spare tree; after the fallback's renames it is brought to the spare name.
            if try SiteSwap.swap(spare, into: output, retired: retired, exchange: exchange, within: writes) == .retired,
               (try? DurableFile.move(retired, over: spare, within: writes)) == nil {
                try? DurableFile.removeTree(retired, within: writes)
            }
        } catch {
            throw BuildError(path: shownAs, "cannot be replaced (\(error.reason)); the previous site was left as it was")
        }
        return published
    }

    /// True for a path in one of the repository's entries (`.git/HEAD`, `README.md`).
    static func isRepositoryPath(_ path: String) -> Bool {
        keptEntries.contains(String(path.prefix { $0 != "/" }))
    }
}
