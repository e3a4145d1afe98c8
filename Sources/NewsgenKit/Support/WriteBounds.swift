import Foundation
import NewsgenModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where newsgen may write, rename and remove (ADR 047): the one guard every writer goes through.
/// `DurableFile`, the only code that changes the disk outside the Publisher's own tree, takes a
/// `WriteBounds` with every call and asks it first, so a writer cannot forget it.
///
/// **Inside** are the real paths (every symbolic link resolved) of: the site folder; `.newsgen/`;
/// the archive folder (`archive.path`); the image cache folder (`imageCache.directory`); the bookmark
/// manifest (`bookmarks`) and its temporary files beside it; and the output folder (`--output`, by
/// default `public/`) with the spare, staging and retired folders beside it. Each of these is
/// resolved once, when the bounds are made, so a folder site.json or a link places elsewhere is
/// the owner's choice (and `SiteContainment` warns about it); anything else a link leads to is
/// outside.
///
/// **A path is judged by its folder:** the folder an entry is made, replaced or removed in is
/// resolved (`realpath`, every link on the way followed) and must be inside. The entry itself is
/// never followed: a rename replaces a link that stands in its place, an unlink removes the link,
/// a new file is made with `O_EXCL`, a file opened in place with `O_NOFOLLOW`. So nothing outside
/// is ever changed, and a link inside that leads to another place inside keeps working.
///
/// A refusal throws (a `DiskError` whose reason names the path, the link and where it leads) and
/// is recorded in `refusals`, so that a writer that shrugs off its errors (a cache) still leaves
/// the build a warning naming the link.
struct WriteBounds: Sendable {
    /// A place inside: `folder` and everything under it, or, when `entries` is set, only the
    /// entries of `folder` whose names it accepts, and what is under them.
    struct Place: Sendable {
        /// A real path.
        var folder: String
        var entries: (@Sendable (String) -> Bool)?
    }

    let places: [Place]
    /// The site folder as written, so that messages name paths relative to it; nil names them in full.
    let shownBase: String?
    /// Every refusal so far, for the build's warnings.
    let refusals: WriteRefusals

    /// A site's bounds, with `output` and the folders beside it when given (the default `public/` is in the site).
    init(site directory: URL, config: SiteConfig, output: URL? = nil) {
        let url = { (path: String) in path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path) }
        var places = [directory, directory.appendingPathComponent(".newsgen"), url(config.archive.path), url(config.imageCache.directory)]
            .map { Place(folder: FileSystem.resolvedPath($0)) }
        places.append(Self.file(url(config.bookmarks)))
        if let output { places.append(Self.output(output)) }
        self.init(places: places, shownBase: directory.standardizedFileURL.path)
    }

    /// Only `folder` and what is under it: the bounds of a store made without a site (tests, a new site of `init`).
    init(folder: URL) {
        self.init(folders: [folder])
    }

    /// Only `folders` and what is under them; messages name paths relative to `base` when given.
    init(folders: [URL], shownRelativeTo base: URL? = nil) {
        self.init(places: folders.map { Place(folder: FileSystem.resolvedPath($0)) }, shownBase: base?.standardizedFileURL.path)
    }

    /// Only the output folder and the folders beside it that the Publisher makes: a Publisher made without a site.
    init(output: URL) {
        self.init(places: [Self.output(output)], shownBase: nil)
    }

    private init(places: [Place], shownBase: String?) {
        self.places = places
        self.shownBase = shownBase
        refusals = WriteRefusals()
    }

    /// The output folder, its spare tree and the staging and retired folders of `Leftovers`, in the folder that holds it.
    private static func output(_ output: URL) -> Place {
        let name = output.lastPathComponent
        return Place(folder: FileSystem.resolvedPath(output.deletingLastPathComponent())) { entry in
            entry == name || entry == ".\(name).spare" || Leftovers.isNumbered(entry, prefix: ".\(name).staging-")
                || Leftovers.isNumbered(entry, prefix: ".\(name).retired-")
        }
    }

    /// A file newsgen writes whole (the bookmark manifest): that file and its temporary files, where it really is.
    private static func file(_ file: URL) -> Place {
        let real = URL(fileURLWithPath: FileSystem.resolvedPath(file))
        let name = real.lastPathComponent
        return Place(folder: real.deletingLastPathComponent().path) { entry in
            entry == name || (entry.hasPrefix(".\(name).newsgen-") && DurableFile.isTemporaryName(entry))
        }
    }

    // MARK: - Judging

    /// Where `url` really is: its folder resolved, its own name kept (never followed). Throws, and
    /// records the refusal, when that folder leaves the bounds or is reached through a link to nothing.
    func resolve(_ url: URL) throws(DiskError) -> URL {
        let path = url.path
        let name = (path as NSString).lastPathComponent
        guard !["", ".", "..", "/"].contains(name) else {
            // A folder named by `.` or `..` (or the root): judged as itself, wholly resolved.
            let real = FileSystem.resolvedPath(url)
            guard admits(real) else { throw refuse(path, at: real) }
            return URL(fileURLWithPath: real)
        }
        let folder = (path as NSString).deletingLastPathComponent
        switch FileSystem.locate(folder) {
        case .real(let real):
            let resolved = real == "/" ? "/" + name : real + "/" + name
            if admits(resolved) { return URL(fileURLWithPath: resolved) }
            guard let link = culprit(of: folder) else { throw refuse(path, at: resolved) }
            throw refuse(through: link)
        case .dangling(let link, let says, _):
            throw refuse(through: OutsideLink(path: shown(link), target: says, dangling: true))
        }
    }

    /// The refusal of a symbolic link standing where a file is opened to be written in place, which is never
    /// followed; recorded when it leads outside or to nothing.
    func refuseLink(at url: URL) -> DiskError {
        let path = (try? resolve(url).path) ?? url.path
        let real = FileSystem.realPath(path)
        let link = OutsideLink(path: shown(url.path), target: real ?? FileSystem.linkText(path), dangling: real == nil)
        guard real.map({ !admits($0) }) ?? true else {
            return DiskError(reason: "a symbolic link to \(link.target); newsgen opens no link to write in place", outside: true)
        }
        refusals.record(link)
        return DiskError(reason: "a symbolic link to \(link.whereItLeads); newsgen writes nothing through such a link", outside: true)
    }

    /// True when the real path `path` is inside.
    func admits(_ path: String) -> Bool {
        places.contains { place in
            guard let entries = place.entries else { return FileSystem.isWithin(path, place.folder) }
            let prefix = place.folder == "/" ? "/" : place.folder + "/"
            guard path.hasPrefix(prefix) else { return false }
            let first = path.dropFirst(prefix.count).prefix { $0 != "/" }
            return !first.isEmpty && entries(String(first))
        }
    }

    /// The link that takes `folder` out: the first one, from the top, that is reached from inside and
    /// leads outside (or to nothing). Nil when no link does (the path was written outside).
    private func culprit(of folder: String) -> OutsideLink? {
        var prefix = ""
        var parentInside = false
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            let real = FileSystem.realPath(prefix)
            if parentInside, FileSystem.isLink(prefix), real.map({ !admits($0) }) ?? true {
                return OutsideLink(path: shown(prefix), target: real ?? FileSystem.linkText(prefix), dangling: real == nil)
            }
            parentInside = real.map(admits) ?? false
        }
        return nil
    }

    /// The symbolic links under `folder` (`depth` levels of it, hidden names included, links not
    /// followed into) that lead outside the bounds or to nothing, among the paths (relative to `folder`)
    /// `include` accepts: what `check` reports and the archive refuses to be read or written through.
    /// Sorted by path; each with its path relative to `folder`.
    func linksLeaving(_ folder: URL, depth: Int, relative: String = "",
                      where include: (String) -> Bool = { _ in true }) -> [(relative: String, link: OutsideLink)] {
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var found: [(relative: String, link: OutsideLink)] = []
        for name in names.sorted() {
            let entry = folder.appendingPathComponent(name)
            let inner = relative.isEmpty ? name : relative + "/" + name
            guard include(inner) else { continue }
            var info = stat()
            guard lstat(entry.path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let real = FileSystem.realPath(entry.path) else {
                    found.append((inner, OutsideLink(path: shown(entry.path), target: FileSystem.linkText(entry.path), dangling: true)))
                    continue
                }
                if !admits(real) { found.append((inner, OutsideLink(path: shown(entry.path), target: real, dangling: false))) }
            case S_IFDIR:
                found += linksLeaving(entry, depth: depth - 1, relative: inner, where: include)
            default:
                continue
            }
        }
        return found
    }

    /// `path` relative to the site folder when it is under it, else in full.
    func shown(_ path: String) -> String {
        guard let shownBase, path.hasPrefix(shownBase + "/") else { return path }
        return String(path.dropFirst(shownBase.count + 1))
    }

    /// The refusal of `path`, written outside with no link on the way (it is at `real`).
    private func refuse(_ path: String, at real: String) -> DiskError {
        refusals.record(OutsideLink(path: shown(path), target: real, dangling: false, isLink: false))
        return DiskError(reason: "outside the site folder (at \(real)); newsgen writes nothing outside it", outside: true)
    }

    private func refuse(through link: OutsideLink) -> DiskError {
        refusals.record(link)
        return DiskError(reason: "reached through \(link.path), a symbolic link to \(link.whereItLeads); newsgen writes nothing through such a link",
                         outside: true)
    }

    /// One warning per link a write was refused through, in the order they were met.
    var warnings: [BuildWarning] { refusals.links.map(\.warning) }
}

/// A symbolic link that leads out of the bounds or to nothing, as messages name it.
struct OutsideLink: Sendable, Equatable {
    /// As shown (relative to the site when inside it).
    var path: String
    /// Its real path, or for a link to nothing what the link says.
    var target: String
    /// True when it leads to nothing.
    var dangling: Bool
    /// False for a path written outside, with no link on the way.
    var isLink = true

    /// "outside the site folder" or "which does not exist", after the target.
    var whereItLeads: String { dangling ? "\(target), which does not exist" : "\(target), outside the site folder" }

    /// The build's warning: `path: a symbolic link to …; newsgen writes, renames and removes nothing through it`.
    var warning: BuildWarning {
        guard isLink else { return BuildWarning(path: path, "outside the site folder (at \(target)); newsgen writes nothing outside it") }
        return BuildWarning(path: path, "a symbolic link to \(whereItLeads); newsgen writes, renames and removes nothing through it")
    }
}

/// The links writes were refused through, shared by every copy of one `WriteBounds`.
final class WriteRefusals: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [OutsideLink] = []

    func record(_ link: OutsideLink) {
        lock.withLock { if !seen.contains(link) { seen.append(link) } }
    }

    var links: [OutsideLink] { lock.withLock { seen } }
}
