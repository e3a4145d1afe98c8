#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writing a file so that a crash, a kill or a full disk at any instant leaves either the old
/// bytes or the new ones, never a mix: the bytes go to a temporary file beside the target,
/// which is synced and only then renamed over it; the folder is synced after the rename, so
/// the new name survives a power cut too.
///
/// Temporary files are named `.<name>.newsgen-<pid>.tmp`, a shape no user file has, so that
/// the next build can tell and remove what a killed one left (`Leftovers`).
///
/// Every operation that changes the disk by a path takes the `WriteBounds` it must stay within and
/// asks them first (ADR 047), then works on the path they resolve; nothing else in the sources
/// changes the disk by a path (`WriteBoundsTests`), except the Publisher's own tree.
enum DurableFile {
    /// The temporary file a write by process `pid` puts beside `url`.
    static func temporaryURL(for url: URL, pid: Int32 = getpid()) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).newsgen-\(pid).tmp")
    }

    /// True for the name of a temporary file newsgen makes: its own (`.<name>.newsgen-<pid>.tmp`),
    /// and Foundation's `.dat.nosync…`, which earlier releases wrote through `Data.write(options: .atomic)`.
    static func isTemporaryName(_ name: String) -> Bool {
        if name.hasPrefix(".dat.nosync") { return true }
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.range(of: ".newsgen-", options: .backwards) else { return false }
        let digits = name[marker.upperBound..<name.index(name.endIndex, offsetBy: -4)]
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigitCharacter)
    }

    /// Puts `data` at `url` durably (temporary file, sync, rename, folder sync), making the folder when missing.
    /// `sync: false` leaves out the syncs, for a build's own scratch files that no crash needs to keep.
    static func replace(_ url: URL, with data: Data, sync: Bool = true, within bounds: WriteBounds) throws(DiskError) {
        let target = try bounds.resolve(url)
        let folder = target.deletingLastPathComponent()
        try createFolder(folder)
        let temporary = try writeTemporary(data, besideResolved: target, sync: sync)
        do {
            try renameResolved(temporary, over: target)
        } catch {
            unlink(temporary.path)
            throw error
        }
        if sync { syncFolder(folder) }
    }

    /// Writes `data` into a new temporary file beside `url` and returns it; on failure (a full
    /// disk, say) nothing is left behind. Synced, unless the caller syncs many files at once
    /// (`syncFileSystem`), which costs one flush instead of one per file.
    static func writeTemporary(_ data: Data, beside url: URL, sync: Bool = true, within bounds: WriteBounds) throws(DiskError) -> URL {
        try writeTemporary(data, besideResolved: bounds.resolve(url), sync: sync)
    }

    private static func writeTemporary(_ data: Data, besideResolved url: URL, sync: Bool) throws(DiskError) -> URL {
        let temporary = temporaryURL(for: url)
        unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DiskError.fromErrno() }
        var failure: DiskError? = writeAll(data, to: descriptor) ? nil : DiskError.fromErrno()
        if failure == nil, sync, fsync(descriptor) != 0 { failure = DiskError.fromErrno() }
        if close(descriptor) != 0, failure == nil { failure = DiskError.fromErrno() }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        return temporary
    }

    /// Writes all of `data` to an open file, however many `write` calls that takes; false (with
    /// `errno` set) when one fails.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }

    /// Renames `source` over `target` (atomic on one file system); a link at `target` is replaced, not followed.
    static func move(_ source: URL, over target: URL, within bounds: WriteBounds) throws(DiskError) {
        try renameResolved(bounds.resolve(source), over: bounds.resolve(target))
    }

    private static func renameResolved(_ source: URL, over target: URL) throws(DiskError) {
        guard rename(source.path, target.path) == 0 else { throw DiskError.fromErrno() }
    }

    /// Removes the file (or the link itself) at `url`; one already gone is fine.
    static func remove(_ url: URL, within bounds: WriteBounds) throws(DiskError) {
        guard unlink(try bounds.resolve(url).path) == 0 || errno == ENOENT else { throw DiskError.fromErrno() }
    }

    /// Removes what is at `url` and, for a folder, everything in it, entry by entry: a link is unlinked,
    /// never followed (so a folder of links to elsewhere loses its links, not what they name). One already
    /// gone is fine.
    static func removeTree(_ url: URL, within bounds: WriteBounds) throws(DiskError) {
        try removeResolvedTree(bounds.resolve(url).path)
    }

    private static func removeResolvedTree(_ path: String) throws(DiskError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw DiskError.fromErrno()
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            guard unlink(path) == 0 || errno == ENOENT else { throw DiskError.fromErrno() }
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            try removeResolvedTree(path + "/" + name)
        }
        guard rmdir(path) == 0 || errno == ENOENT else { throw DiskError.fromErrno() }
    }

    /// Makes the folder at `url`, and the folders above it that are missing.
    static func makeFolder(_ url: URL, within bounds: WriteBounds) throws(DiskError) {
        try createFolder(bounds.resolve(url))
    }

    private static func createFolder(_ folder: URL) throws(DiskError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DiskError(reason: FileSystem.reason(error))
        }
    }

    /// Opens the file at `url` to write in place, made when missing and emptied when `truncating`, never
    /// through a link standing at `url`: one there is refused, naming where it leads.
    static func openInPlace(_ url: URL, truncating: Bool = false, within bounds: WriteBounds) throws(DiskError) -> Int32 {
        let path = try bounds.resolve(url).path
        let descriptor = open(path, O_WRONLY | O_CREAT | (truncating ? O_TRUNC : 0) | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor < 0 else { return descriptor }
        if errno == ELOOP, FileSystem.isLink(path) { throw bounds.refuseLink(at: url) }
        throw DiskError.fromErrno()
    }

    /// Makes `target` another name of the file at `existing` (a link there is linked, not followed); false
    /// when the file system refuses (another device, no hard links) or `target` is outside, so the caller writes instead.
    static func hardLink(_ existing: URL, to target: URL, within bounds: WriteBounds) -> Bool {
        guard let target = try? bounds.resolve(target) else { return false }
        return link(existing.path, target.path) == 0
    }

    /// Makes everything written so far to the file system holding `folder` durable, with one
    /// `syncfs(2)`: for a save of many files, one flush instead of one per file. False where
    /// the call is missing (other systems), and the caller then syncs file by file.
    @discardableResult
    static func syncFileSystem(containing folder: URL) -> Bool {
        guard let syncfs else { return false }
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return syncfs(descriptor) == 0
    }

    /// True when `syncFileSystem` can be used.
    static var canSyncFileSystem: Bool { syncfs != nil }

    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private static let syncfs: SyncFS? = linuxFunction("syncfs")

    /// A Linux C library function looked up at run time, nil where there is none: Swift's Glibc
    /// module does not declare the ones that need `_GNU_SOURCE` (`syncfs`, `renameat2`).
    static func linuxFunction<Function>(_ name: String, as type: Function.Type = Function.self) -> Function? {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
        #else
        return nil
        #endif
    }

    /// Makes the folder's entries (a rename, a new or removed file) durable; best effort,
    /// since some file systems refuse to sync a folder and nothing better can be done there.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// A failed file operation, in the system's words ("No space left on device"), or the bounds' refusal.
struct DiskError: Error, Equatable {
    var reason: String
    /// True when `WriteBounds` refused the path: it leads outside the site, and nothing was done.
    var outside = false

    static func fromErrno() -> DiskError { DiskError(reason: String(cString: strerror(errno))) }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
