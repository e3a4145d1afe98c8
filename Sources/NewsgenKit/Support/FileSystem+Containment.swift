import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of one of the site's folders (`static/`, `templates/`, the articles), as the
/// containment rule lets a build use them (ADR 018): a symbolic link is followed only when
/// its real path stays inside the site folder (or inside the folder itself, when site.json
/// names a folder outside the site in so many words); any other link is left out and listed,
/// for the build to warn about. Names starting with `.` are skipped, as everywhere.
struct SiteFolderListing: Sendable {
    /// A file to use: its path relative to the folder, and the file to read (a link resolved to its real path).
    struct File: Sendable, Equatable {
        var path: String
        var source: URL
    }

    /// A symbolic link that was not followed: its path relative to the folder (empty for the folder itself),
    /// where it leads, and why it was left out.
    struct SkippedLink: Sendable, Equatable {
        enum Reason: Sendable, Equatable {
            /// Its real path is outside the site folder.
            case outside
            /// It names nothing that exists.
            case missing
            /// It leads to a folder it is already inside.
            case loop
        }

        var path: String
        /// The real path for `outside` and `loop`; the link's own text for `missing`.
        var target: String
        var reason: Reason

        /// `shown: a symbolic link to …; <consequence>`, for a warning.
        func warning(shownAs shown: String, consequence: String) -> BuildWarning {
            switch reason {
            case .outside: return BuildWarning(path: shown, "a symbolic link to \(target), outside the site folder; \(consequence)")
            case .missing: return BuildWarning(path: shown, "a symbolic link to \(target), which does not exist; \(consequence)")
            case .loop: return BuildWarning(path: shown, "a symbolic link to \(target), a folder it is already inside; \(consequence)")
            }
        }
    }

    /// Sorted by path.
    var files: [File] = []
    /// In the order found (sorted by path within each folder).
    var skipped: [SkippedLink] = []
}

extension FileSystem {
    /// `path` with every symbolic link resolved and `.` and `..` removed (realpath(3)); nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where `url` really is: its real path, or for a path that does not exist (yet), the real path of its
    /// longest existing ancestor with the rest of the path after it.
    static func resolvedPath(_ url: URL) -> String {
        switch locate(url.path) {
        case .real(let real), .dangling(_, _, let real): return real
        }
    }

    /// Where a path really is, as `locate` finds it.
    enum Location: Equatable {
        /// Its real path (for a path that does not exist yet, its longest existing ancestor's, with the rest after it).
        case real(String)
        /// On the way is a symbolic link `link` (a path as written) to `says`, which leads nowhere (a missing
        /// target or a loop); `lexical` is where `resolvedPath` places the path regardless.
        case dangling(link: String, says: String, lexical: String)
    }

    /// Where `path` really is: every link on the way resolved, `.` and `..` removed. A link to nothing on
    /// the way is told apart, since what a write made through it would land on is not where it seems.
    static func locate(_ path: String) -> Location {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var rest: [String] = []
        var dangling: (link: String, says: String)?
        while true {
            let prefix = "/" + components.joined(separator: "/")
            if let real = realPath(prefix) {
                let resolved = rest.reversed().reduce(real) { path, component in
                    switch component {
                    case ".": return path
                    case "..": return path == "/" ? "/" : (path as NSString).deletingLastPathComponent
                    default: return path == "/" ? "/" + component : path + "/" + component
                    }
                }
                return dangling.map { .dangling(link: $0.link, says: $0.says, lexical: resolved) } ?? .real(resolved)
            }
            // There but not resolvable: the link nearest the top is the one to name.
            if isLink(prefix) { dangling = (prefix, linkText(prefix)) }
            guard let last = components.popLast() else { return .real(URL(fileURLWithPath: path).standardizedFileURL.path) }
            rest.append(last)
        }
    }

    /// True when `path` itself is a symbolic link (`lstat`).
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// True when the real path `path` is `root` or inside it.
    static func isWithin(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// True when `folder`, as written (links not resolved), is not inside `site`: an absolute
    /// path elsewhere, or one whose `..` climbs out of the site.
    static func leavesLexically(_ folder: URL, site: URL) -> Bool {
        !isWithin(folder.standardizedFileURL.path, site.standardizedFileURL.path)
    }

    /// The real paths a file listed under `folder` may lead to: the site folder, and `folder`
    /// itself when site.json places it outside the site (the build warns about that key).
    static func allowedRoots(for folder: URL, site: URL) -> [String] {
        let siteRoot = resolvedPath(site)
        guard leavesLexically(folder, site: site) else { return [siteRoot] }
        return [siteRoot, resolvedPath(folder)]
    }

    /// The files in `folder` (and its subfolders when `recursive`) whose names end with `suffix`,
    /// under the containment rule of `SiteFolderListing`. A folder that is missing, or not a folder,
    /// lists nothing; one that exists but cannot be listed is an error. A link to a folder is
    /// followed like a link to a file, in a recursive listing only.
    static func siteFiles(in folder: URL, site: URL, suffix: String = "", recursive: Bool = false) throws(BuildError) -> SiteFolderListing {
        var listing = SiteFolderListing()
        let roots = allowedRoots(for: folder, site: site)
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { return listing }
        guard let real = realPath(folder.path) else {
            listing.skipped.append(.init(path: "", target: linkText(folder.path), reason: .missing))
            return listing
        }
        guard roots.contains(where: { isWithin(real, $0) }) else {
            listing.skipped.append(.init(path: "", target: real, reason: .outside))
            return listing
        }
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return listing }
        guard let names = try? manager.contentsOfDirectory(atPath: real) else {
            throw BuildError(path: folder.path, "cannot be listed (\(String(cString: strerror(errno))))")
        }
        var walk = FolderWalk(roots: roots, suffix: suffix, recursive: recursive)
        walk.visit(real, names: names, relative: "", ancestors: [real])
        listing.files = walk.files.sorted { $0.path < $1.path }
        listing.skipped = walk.skipped
        return listing
    }

    /// What the symbolic link at `path` says, or the path itself when it cannot be read.
    static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return path }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// One listing's walk over a folder and, when recursive, the folders below it.
private struct FolderWalk {
    let roots: [String]
    let suffix: String
    let recursive: Bool
    var files: [SiteFolderListing.File] = []
    var skipped: [SiteFolderListing.SkippedLink] = []

    init(roots: [String], suffix: String, recursive: Bool) {
        self.roots = roots
        self.suffix = suffix
        self.recursive = recursive
    }

    /// `folder` is a real path; `ancestors` the real paths of the folders the walk is inside, `folder` included.
    mutating func visit(_ folder: String, names: [String], relative: String, ancestors: Set<String>) {
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var real = path
            if (info.st_mode & S_IFMT) == S_IFLNK {
                guard let resolved = FileSystem.realPath(path) else {
                    skipped.append(.init(path: child, target: FileSystem.linkText(path), reason: .missing))
                    continue
                }
                guard roots.contains(where: { FileSystem.isWithin(resolved, $0) }) else {
                    skipped.append(.init(path: child, target: resolved, reason: .outside))
                    continue
                }
                guard stat(resolved, &info) == 0 else { continue }
                real = resolved
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG where name.hasSuffix(suffix):
                files.append(.init(path: child, source: URL(fileURLWithPath: real)))
            case S_IFDIR where recursive:
                guard !ancestors.contains(real) else {
                    skipped.append(.init(path: child, target: real, reason: .loop))
                    continue
                }
                guard let inner = try? FileSystem.manager.contentsOfDirectory(atPath: real) else { continue }
                visit(real, names: inner, relative: child, ancestors: ancestors.union([real]))
            default:
                continue
            }
        }
    }
}

extension FileSystem {
    /// The link that takes `file`, a path written inside the site, to a real path outside it; nil when
    /// `file` stays inside, or when site.json places it outside in so many words (its key is warned about).
    static func linkLeavingSite(_ file: URL, site: URL) -> SiteFolderListing.SkippedLink? {
        guard !leavesLexically(file, site: site) else { return nil }
        let real = resolvedPath(file)
        guard !isWithin(real, resolvedPath(site)) else { return nil }
        return SiteFolderListing.SkippedLink(path: "", target: real, reason: .outside)
    }
}
