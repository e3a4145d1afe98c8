#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NewsgenModel

/// What `newsgen serve` watches for a rebuild (ADR 038): site.json, `content/` and the articles
/// folder, the path sources' files, `templates/`, `static/`, the saved pages and the bookmark
/// manifest, but never what a build writes (the archive with its state, `.newsgen/`, the output
/// folder and its spare), nor hidden names (an editor's swap files, newsgen's own temporary files).
///
/// A wake-up from the watcher only leads to a rebuild when `scan()` differs from the scan the last
/// build started from: that comparison, not the event, is what keeps a build's own writes from
/// starting another one, inotify or polling alike.
public struct WatchedInputs: Sendable {
    /// Files and folders watched, deepest first removed when inside another one.
    public let roots: [URL]
    /// Folders never looked into, even when inside a root.
    public let excluded: [URL]

    /// The inputs of `site` as it is configured now; `output` is where its builds publish.
    public init(site: Site, output: URL) {
        var candidates = [site.directory.appendingPathComponent(Site.configFileName), site.directory.appendingPathComponent("content"),
                          site.articlesDirectory, site.templatesDirectory, site.staticDirectory, site.bookmarksFile,
                          site.url(site.config.extract.savedPages)]
        for source in site.config.sources {
            if case .file(let path) = source.location { candidates.append(site.url(path)) }
        }
        let excluded = [site.archiveDirectory, site.directory.appendingPathComponent(".newsgen"), output,
                        Leftovers.spareFolder(for: output), site.url(site.config.imageCache.directory)].map(\.standardizedFileURL)
        self.excluded = excluded
        let standardized = candidates.map(\.standardizedFileURL)
        var roots: [URL] = []
        for root in standardized where !Self.isInside(root.path, any: excluded.map(\.path)) {
            guard !roots.contains(root), !Self.isInside(root.path, any: standardized.map(\.path).filter { $0 != root.path }) else { continue }
            roots.append(root)
        }
        self.roots = roots
    }

    /// True for a path a build writes, or one an edit cannot mean: under an excluded folder, or a hidden name.
    public func isIgnored(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix(".") || name.hasSuffix("~") || Self.isInside(path, any: excluded.map(\.path))
    }

    /// Every watched file's size and modification time, and the watched folders (for inotify).
    public func scan() -> Scan {
        var scan = Scan()
        for root in roots {
            visit(root.path, into: &scan)
            // A file (or a folder not made yet) is seen through its parent: editors replace files by renaming.
            let parent = root.deletingLastPathComponent().path
            if !scan.folders.contains(root.path), !scan.folders.contains(parent) { scan.folders.append(parent) }
        }
        return scan
    }

    /// What `scan()` saw: two equal scans mean no input changed.
    public struct Scan: Equatable, Sendable {
        /// Each regular file by path: its size and modification time.
        public var files: [String: [Int64]] = [:]
        /// The folders walked, and the parents of the file roots: each to be watched.
        public var folders: [String] = []
        public init() {}
    }

    /// Walks one path; a symbolic link is stamped as what it leads to, but never walked into (no loops).
    private func visit(_ path: String, into scan: inout Scan) {
        guard !isIgnored(path) || roots.contains(where: { $0.path == path }) else { return }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            scan.folders.append(path)
            let names = (try? FileSystem.manager.contentsOfDirectory(atPath: path)) ?? []
            for name in names.sorted() { visit(path + "/" + name, into: &scan) }
        } else if let stamp = FileStamp.of(path) {
            scan.files[path] = [Int64(stamp.size), stamp.modified]
        }
    }

    private static func isInside(_ path: String, any folders: [String]) -> Bool {
        folders.contains { path == $0 || path.hasPrefix($0 + "/") }
    }
}
