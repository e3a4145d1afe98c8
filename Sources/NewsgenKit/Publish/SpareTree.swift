import Foundation

/// The second tree beside the output (`.<output>.spare`), brought up to the new site before the
/// two are exchanged (ADR 029). After each exchange it holds the site of the build before, whose
/// unchanged files are hard links of the output's own: a path whose new content is the output's
/// file is right when the spare tree's file is that same inode, which one `lstat` tells, so only
/// the paths that changed in this build or the last one cost a write or a link.
///
/// Nothing is trusted from an earlier build: every path is checked against the tree as it is, so a
/// tree left half-updated by a killed build is just one with more differences. A file is never changed
/// in place (it may be shared with the live output): it is unlinked and made anew.
struct SpareTree {
    /// The spare tree's folder, a real path the Publisher judged inside the bounds (ADR 047): below it, the
    /// walk follows no link and removes any it finds, so no write below can leave it.
    let root: String
    /// The output folder, live: read from, never written to.
    let output: String

    /// What the update did on disk, for tests and benchmarks: the work a build costs.
    struct Work: Equatable, Sendable {
        /// Files whose bytes were written (or copied).
        var wrote = 0
        /// Files made a hard link of the output's file or of an image.
        var linked = 0
        /// Files, folders and links removed.
        var removed = 0
    }

    /// How one path was put right.
    private enum Step: Sendable {
        case untouched, linked, wrote
    }

    private struct Placed: Sendable {
        /// The output already held these bytes at this path.
        var sameAsOutput: Bool
        var step: Step
    }

    /// Makes the tree hold exactly `plan`. Returns how many of the site's files the output already held
    /// (`kept`) and how many are new or changed (`written`), and the work done.
    func update(to plan: PublishPlan, current: TreeListing, present: TreeListing) throws(PublishFailure) -> (PublishResult, Work) {
        if let path = plan.fileWhereAFolderIs { throw PublishFailure(path: path, reason: String(cString: strerror(ENOTDIR))) }
        var work = Work()
        try PublishDisk.makeFolder(root, shownAs: ".")
        let left = try removeWhatThePlanLacks(plan, present: present, work: &work)
        try makeFolders(plan.folders.subtracting(left.folders))
        let paths = plan.files.keys.sorted()
        let placed = Workers.parallelMap(paths.count) { index -> Result<Placed, PublishFailure> in
            let path = paths[index]
            guard let content = plan.files[path] else { return .failure(PublishFailure(path: path, reason: "not in the plan")) }
            return Result { () throws(PublishFailure) in try place(content, at: path, current: current.files[path], present: left.files[path]) }
        }
        var result = PublishResult()
        for (index, outcome) in placed.enumerated() {
            let done = try outcome.get()
            switch done.step {
            case .untouched: break
            case .linked: work.linked += 1
            case .wrote: work.wrote += 1
            }
            guard !plan.repositoryFiles.contains(paths[index]) else { continue }
            if done.sameAsOutput { result.kept += 1 } else { result.written += 1 }
        }
        return (result, work)
    }

    /// Removes what the tree has and the plan does not: files, folders (with what is in them), and links
    /// and other entries, which the output never holds. Returns what is left. Linear in the tree: a removed
    /// folder's contents are found by their parents, not by filtering the tree once per folder.
    private func removeWhatThePlanLacks(_ plan: PublishPlan, present: TreeListing, work: inout Work) throws(PublishFailure) -> TreeListing {
        var removedFolders: Set<String> = []
        func isInsideRemoved(_ path: String) -> Bool { PublishPlan.parents(of: path).contains(where: removedFolders.contains) }
        // Sorted, a folder comes before what is in it, so only the topmost of a removed branch is removed.
        for folder in present.folders.subtracting(plan.folders).sorted() where !isInsideRemoved(folder) {
            try PublishDisk.removeFolder(root + "/" + folder, shownAs: folder)
            removedFolders.insert(folder)
            work.removed += 1
        }
        var left = present
        if !removedFolders.isEmpty {
            left.folders = present.folders.filter { !removedFolders.contains($0) && !isInsideRemoved($0) }
            left.files = present.files.filter { !isInsideRemoved($0.key) }
        }
        let strays = left.files.keys.filter { plan.files[$0] == nil } + present.others.filter { !isInsideRemoved($0) }
        for path in strays.sorted() {
            try PublishDisk.removeFile(root + "/" + path, shownAs: path)
            left.files[path] = nil
            work.removed += 1
        }
        left.others = []
        return left
    }

    /// Makes `folders`, a level at a time (a folder's parent is made before it), each level on every core.
    private func makeFolders(_ folders: Set<String>) throws(PublishFailure) {
        var levels: [Int: [String]] = [:]
        for folder in folders { levels[folder.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }, default: []].append(folder) }
        for depth in levels.keys.sorted() {
            let level = (levels[depth] ?? []).sorted()
            let made = Workers.parallelMap(level.count) { index -> PublishFailure? in
                do throws(PublishFailure) {
                    try PublishDisk.makeFolder(root + "/" + level[index], shownAs: level[index])
                    return nil
                } catch { return error }
            }
            if let failure = made.compactMap({ $0 }).first { throw failure }
        }
    }

    /// Puts `content` at `path`: the output's file, hard-linked, when the output already holds those
    /// bytes; otherwise what the tree has when it already holds them, or a new file. Sizes are read only
    /// where the inodes do not already decide.
    private func place(_ content: PublishPlan.Content, at path: String, current listed: FileIdentity?,
                       present: FileIdentity?) throws(PublishFailure) -> Placed {
        let live = output + "/" + path
        let target = root + "/" + path
        // A page the Render stage kept is the output's own file: its inode from the walk is all it takes.
        if case .linkedFile(let source) = content, source.path == live, let listed {
            return try linkOutputFile(listed, at: path, present: present)
        }
        let current = PublishDisk.sized(listed, at: live)
        /// True when the tree's file is not the output's (whose bytes differ), so it may already hold the new ones.
        let presentIsItsOwn = present.map { present in current.map { !$0.isSameFile(as: present) } ?? true } ?? false
        switch content {
        case .bytes(let data):
            if let current, current.size == data.count, PublishDisk.holds(live, data) {
                return try linkOutputFile(current, at: path, present: present)
            }
            if presentIsItsOwn, PublishDisk.sized(present, at: target)?.size == data.count, PublishDisk.holds(target, data) {
                return Placed(sameAsOutput: false, step: .untouched)
            }
            try clear(path, present)
            try PublishDisk.writeNew(data, to: target, shownAs: path)
            return Placed(sameAsOutput: false, step: .wrote)
        case .linkedFile(let source), .staticFile(let source):
            let new = try PublishDisk.sourceIdentity(source.path, shownAs: path)
            if let current, current.isSameFile(as: new) || (current.size == new.size && PublishDisk.sameBytes(live, source.path)) {
                return try linkOutputFile(current, at: path, present: present)
            }
            if let present, presentIsItsOwn, present.isSameFile(as: new)
                || (PublishDisk.sized(present, at: target)?.size == new.size && PublishDisk.sameBytes(target, source.path)) {
                return Placed(sameAsOutput: false, step: .untouched)
            }
            try clear(path, present)
            // An image costs no copy when it can be linked from where the Enrich stage left it.
            if case .linkedFile = content, PublishDisk.hardLink(source.path, to: target) { return Placed(sameAsOutput: false, step: .linked) }
            try PublishDisk.copy(source.path, to: target, shownAs: path)
            return Placed(sameAsOutput: false, step: .wrote)
        }
    }

    /// Makes the tree's file at `path` the output's own (same inode, so it keeps its modification time
    /// through the exchange); copied where the file system refuses a hard link.
    private func linkOutputFile(_ current: FileIdentity, at path: String, present: FileIdentity?) throws(PublishFailure) -> Placed {
        if present?.isSameFile(as: current) == true { return Placed(sameAsOutput: true, step: .untouched) }
        try clear(path, present)
        if PublishDisk.hardLink(output + "/" + path, to: root + "/" + path) { return Placed(sameAsOutput: true, step: .linked) }
        try PublishDisk.copy(output + "/" + path, to: root + "/" + path, shownAs: path)
        return Placed(sameAsOutput: true, step: .wrote)
    }

    /// Unlinks the tree's file at `path`, when there is one, so that a new one can be made there.
    private func clear(_ path: String, _ present: FileIdentity?) throws(PublishFailure) {
        if present != nil { try PublishDisk.removeFile(root + "/" + path, shownAs: path) }
    }
}
