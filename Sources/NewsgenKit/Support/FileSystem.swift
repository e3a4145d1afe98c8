import Foundation
import NewsgenFeeds

/// The disk, for the stages that touch it. Atomic writes so that a crash or a
/// full disk never leaves a user's file half-written.
enum FileSystem {
    static let manager = FileManager.default

    static func exists(_ url: URL) -> Bool { manager.fileExists(atPath: url.path) }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return manager.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Reads a regular file; the error names the path and the reason. What is not a regular file
    /// (a folder, a named pipe, a socket, a device) is refused with what it is, and never opened in
    /// a way that blocks: a named pipe opened for reading would wait for a writer for ever. The file
    /// is opened without blocking and checked again on its descriptor, so nothing swapped in after the
    /// first look is read. `tooLarge` says why a file of a given size is refused (nil: it is read), so an
    /// oversized file is refused from its size on disk, before it is read.
    static func read(_ url: URL, shownAs name: String, refusing tooLarge: (Int) -> String? = { _ in nil }) throws(BuildError) -> Data {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw BuildError(path: name, errno == ENOENT || errno == ENOTDIR ? "not found" : unreadable)
        }
        try requireRegular(info, shownAs: name)
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw BuildError(path: name, unreadable) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw BuildError(path: name, unreadable) }
        try requireRegular(info, shownAs: name)
        if let refusal = tooLarge(Int(info.st_size)) { throw BuildError(path: name, refusal) }
        // Read to the end, not to the size stat gave: a file that grows while it is read is read as it is then
        // (a file that does not know its size, as in /proc, says 0). Not Data(contentsOf:), which leaks a 4 KB
        // buffer for every empty file (Swift 6.3 on Linux; found by Tests/Fuzz/ArchiveLines).
        // One byte more than the size, so that the end is found without growing the buffer.
        var data = Data(count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(data.count, 64 * 1024) }
            let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw BuildError(path: name, unreadable)
            }
            if count == 0 { break }
            filled += count
            if filled > Int(info.st_size), let refusal = tooLarge(filled) { throw BuildError(path: name, refusal) }
        }
        data.count = filled
        return data
    }

    /// The reason after a failed call, from `errno`.
    private static var unreadable: String { "cannot be read (\(String(cString: strerror(errno))))" }

    /// Throws unless `info` is a regular file's, saying what it is instead.
    private static func requireRegular(_ info: stat, shownAs name: String) throws(BuildError) {
        if let kind = kind(of: info.st_mode) { throw BuildError(path: name, "is \(kind), not a regular file; newsgen reads only regular files") }
    }

    /// What a file of `mode` is when it is not a regular file, as a person says it; nil for a regular file.
    static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a file"
        }
    }

    /// The parser's refusal for a feed file over `limit` bytes, judged from its
    /// size on disk so an oversized file is never read; nil when it fits.
    static func oversizedFeedReason(_ url: URL, limit: Int) -> String? {
        guard let size = (try? manager.attributesOfItem(atPath: url.path)[.size]) as? Int, size > limit else { return nil }
        return FeedParseError(.tooLarge(size: size, limit: limit)).description
    }

    /// Writes to a synced temporary file beside `url`, then renames it into place (`DurableFile`), inside `bounds`.
    static func writeAtomically(_ data: Data, to url: URL, shownAs name: String, within bounds: WriteBounds) throws(BuildError) {
        do {
            try DurableFile.replace(url, with: data, within: bounds)
        } catch {
            throw BuildError(path: name, "cannot be written (\(error.reason))")
        }
    }

    /// Regular files directly inside `directory` whose name ends with `suffix`, sorted by name.
    static func files(in directory: URL, suffix: String) throws(BuildError) -> [URL] {
        guard isDirectory(directory) else { return [] }
        do {
            return try manager.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
                .sorted()
                .map { directory.appendingPathComponent($0) }
        } catch {
            throw BuildError(path: directory.path, "cannot be listed (\(reason(error)))")
        }
    }

    /// Every regular file under `directory`, as paths relative to it, sorted (hidden files skipped).
    static func allFiles(under directory: URL) -> [String] {
        guard let enumerator = manager.enumerator(atPath: directory.path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { enumerator.skipDescendants(); continue }
            if !isDirectory(directory.appendingPathComponent(relative)) { files.append(relative) }
        }
        return files.sorted()
    }

    /// The system's words for an I/O error, without Foundation's boilerplate.
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
