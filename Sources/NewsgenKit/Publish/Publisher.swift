import Foundation

/// The Publish stage: stages the whole site in a folder beside the output,
/// then swaps it in, so a failed build never leaves a half-written site.
///
/// A file whose bytes are already at the same path in the current output is
/// not written again: the current file is hard-linked into the staging folder,
/// so it keeps its inode and modification time through the swap, and a rebuild
/// with unchanged inputs rewrites nothing (rsync, a web server's ETag, and the
/// last-build record all see untouched files). Only new or changed files are
/// written; when the file system refuses a hard link, the file is written.
///
/// The site's `static/` folder wins over a generated file of the same path,
/// except `robots.txt`, which gets the static lines appended. A few entries in
/// the old output belong to the repository, not to the build (`README.md`,
/// `.gitignore`, `.gitkeep`, `.git`), and are carried over.
struct Publisher {
    static let keptEntries = ["README.md", ".gitignore", ".gitkeep", ".git"]

    let output: URL
    /// How the output folder is named in messages.
    let shownAs: String
    /// The site folder, which a symbolic link in `static/` must not lead out of (ADR 018); nil: the folder above `static/`.
    var siteDirectory: URL?

    /// What goes at one path of the new site.
    private enum Content {
        /// Rendered bytes.
        case bytes(Data)
        /// A file published as is, hard-linked from where it is when it is new (images from the Enrich stage).
        case linkedFile(URL)
        /// A file of the site's `static/` folder, copied when it is new, so that editing the output never edits the source.
        case staticFile(URL)
    }

    /// Publishes `files` and the site's `static/` folder into the output folder, writing only what changed.
    @discardableResult
    func publish(_ files: [OutputFile], staticDirectory: URL?) throws(BuildError) -> PublishResult {
        let fm = FileSystem.manager
        let staging = Leftovers.stagingFolder(for: output)
        let retired = Leftovers.retiredFolder(for: output)
        try? fm.removeItem(at: staging)
        try? fm.removeItem(at: retired)
        var result = PublishResult()
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            let plan = try contents(of: files, staticDirectory: staticDirectory)
            let current = PublishDisk.regularFiles(under: output.path, skipping: Set(Self.keptEntries))
            let paths = plan.keys.sorted()
            if let staged = stageOnEveryCore(paths, plan: plan, in: staging.path, current: current) {
                result.kept = staged.kept
                result.written = staged.written
            } else {
                // Something failed: start again one file after another, which stops at the first failure in path order
                // with the message a user would get from a serial publish.
                try? fm.removeItem(at: staging)
                try fm.createDirectory(at: staging, withIntermediateDirectories: true)
                var folders = StagingFolders(root: staging.path)
                for path in paths {
                    guard let content = plan[path] else { continue }
                    try folders.makeParent(of: path)
                    if try stage(content, at: path, in: staging.path, current: current[path]) { result.kept += 1 } else { result.written += 1 }
                }
            }
            result.removed = current.keys.filter { plan[$0] == nil && !Self.keptEntries.contains($0) }.count
            for name in Self.keptEntries {
                let old = output.appendingPathComponent(name)
                let new = staging.appendingPathComponent(name)
                if fm.fileExists(atPath: old.path) && !fm.fileExists(atPath: new.path) { try carryOver(old.path, to: new.path, shownAs: name) }
            }
        } catch {
            try? fm.removeItem(at: staging)
            let reason = (error as? PublishFailure)?.description ?? FileSystem.reason(error)
            throw BuildError(path: shownAs, "cannot be written (\(reason)); the previous site was left as it was")
        }
        do {
            try SiteSwap.swap(staging: staging, into: output, retired: retired)
        } catch {
            try? fm.removeItem(at: staging)
            throw BuildError(path: shownAs, "cannot be replaced (\(error.reason)); the previous site was left as it was")
        }
        // The old site: under the staging name after an exchange, under the retired one after the fallback.
        try? fm.removeItem(at: staging)
        try? fm.removeItem(at: retired)
        return result
    }

    /// Stages every file on every core: the folders first, a level at a time (a folder's parent is made before it),
    /// then the files. Nil when anything failed, for `publish` to start again serially and report the failure.
    private func stageOnEveryCore(_ paths: [String], plan: [String: Content], in staging: String,
                                  current: [String: FileIdentity]) -> (kept: Int, written: Int)? {
        var folders: Set<String> = []
        for path in paths {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                guard folders.insert(String(path[..<slash])).inserted else { break }
                end = slash
            }
        }
        var levels: [Int: [String]] = [:]
        for folder in folders { levels[folder.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }, default: []].append(folder) }
        for depth in levels.keys.sorted() {
            let level = levels[depth] ?? []
            let made = Workers.parallelMap(level.count) { index in
                (try? PublishDisk.makeFolder(staging + "/" + level[index], shownAs: level[index])) != nil
            }
            guard made.allSatisfy({ $0 }) else { return nil }
        }
        let staged = Workers.parallelMap(paths.count) { index -> Bool? in
            guard let content = plan[paths[index]] else { return false }
            return try? stage(content, at: paths[index], in: staging, current: current[paths[index]])
        }
        var kept = 0
        for (index, wasKept) in staged.enumerated() where plan[paths[index]] != nil {
            guard let wasKept else { return nil }
            if wasKept { kept += 1 }
        }
        return (kept, plan.count - kept)
    }

    /// Every path of the new site and what goes there: `static/` first, then the generated
    /// files (the first of a path wins), with newsgen's `robots.txt` put before the site's own.
    /// A link in `static/` is published as the bytes of the file it names, when that file is in the
    /// site; the others are left out (`SiteContainment` warns about them), so the output holds no link.
    private func contents(of files: [OutputFile], staticDirectory: URL?) throws -> [String: Content] {
        var plan: [String: Content] = [:]
        if let staticDirectory {
            let site = siteDirectory ?? staticDirectory.deletingLastPathComponent()
            for file in (try? FileSystem.siteFiles(in: staticDirectory, site: site, recursive: true))?.files ?? [] {
                plan[file.path] = .staticFile(file.source)
            }
        }
        var extendedRobots = false
        for file in files {
            if let existing = plan[file.path] {
                // A file of the site's own `static/` wins over the generated one (a custom 404.html, say);
                // `robots.txt` is the exception: the site's lines are added after newsgen's (its Sitemap line).
                if file.path == "robots.txt", !extendedRobots, case .staticFile(let own) = existing {
                    plan[file.path] = .bytes(file.data + Data("\n".utf8) + (try Data(contentsOf: own)))
                    extendedRobots = true
                }
                continue
            }
            plan[file.path] = file.sourceFile.map(Content.linkedFile) ?? .bytes(file.data)
        }
        return plan
    }

    /// Puts `content` at `path` in the staging folder: the current output's file, hard-linked,
    /// when it already holds those bytes (true), or a new file (false).
    private func stage(_ content: Content, at path: String, in staging: String, current: FileIdentity?) throws(PublishFailure) -> Bool {
        let target = staging + "/" + path
        let old = output.path + "/" + path
        switch content {
        case .bytes(let data):
            if let current, current.size == data.count, PublishDisk.holds(old, data), PublishDisk.hardLink(old, to: target) { return true }
            try PublishDisk.writeNew(data, to: target, shownAs: path)
        case .linkedFile(let source), .staticFile(let source):
            let new = try PublishDisk.sourceIdentity(source.path, shownAs: path)
            if let current, current.isSameFile(as: new) || (current.size == new.size && PublishDisk.sameBytes(old, source.path)),
               PublishDisk.hardLink(old, to: target) {
                return true
            }
            // An image costs no copy when it can be linked from where the Enrich stage left it.
            if case .linkedFile = content, PublishDisk.hardLink(source.path, to: target) { return false }
            try PublishDisk.copy(source.path, to: target, shownAs: path)
        }
        return false
    }

    /// Carries a repository entry of the old output (`.git`, `README.md`) into the staging folder:
    /// folders are made anew, files hard-linked (copied when that fails), so nothing is rewritten.
    private func carryOver(_ old: String, to new: String, shownAs relative: String) throws(PublishFailure) {
        if PublishDisk.identity(old) != nil {
            if !PublishDisk.hardLink(old, to: new) { try PublishDisk.copy(old, to: new, shownAs: relative) }
        } else if PublishDisk.isFolder(old), let names = PublishDisk.names(in: old) {
            try PublishDisk.makeFolder(new, shownAs: relative)
            for name in names {
                try carryOver(old + "/" + name, to: new + "/" + name, shownAs: relative + "/" + name)
            }
        } else {
            try PublishDisk.copy(old, to: new, shownAs: relative)
        }
    }
}

/// The folders made so far in the staging folder, so each is made once.
private struct StagingFolders {
    let root: String
    private var made: Set<String> = []

    init(root: String) { self.root = root }

    /// Makes the folder `path` (relative to the root) will be in, and the folders above it.
    mutating func makeParent(of path: String) throws(PublishFailure) {
        guard let slash = path.lastIndex(of: "/") else { return }
        try make(String(path[..<slash]))
    }

    private mutating func make(_ folder: String) throws(PublishFailure) {
        if made.contains(folder) { return }
        if let slash = folder.lastIndex(of: "/") { try make(String(folder[..<slash])) }
        try PublishDisk.makeFolder(root + "/" + folder, shownAs: folder)
        made.insert(folder)
    }
}
