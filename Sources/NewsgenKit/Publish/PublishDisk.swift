import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations the Publisher does per file, straight on the
/// system calls: a publish stats, compares and links every file of the site,
/// and needs inodes, `O_EXCL` creation and hard links that fail softly, which
/// FileManager does not give. Paths are absolute strings; failures carry the
/// system's words.
enum PublishDisk {
    /// The regular file at `path` (not following a symbolic link), or nil when there is none.
    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    /// The file `path` leads to (following a symbolic link); a file that cannot be found fails, naming `path`.
    static func sourceIdentity(_ path: String, shownAs relative: String) throws(PublishFailure) -> FileIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw PublishFailure(path: relative, reason: "source \(path): \(String(cString: strerror(errno)))")
        }
        return FileIdentity(info)
    }

    /// Everything under `root`, by path relative to it: regular files, folders, and anything else (symbolic
    /// links, sockets), which is never followed. Empty when `root` is not a folder. The kinds and inodes come
    /// from the folders' listings (`d_type`, `d_ino`), with no `lstat` per file, and each folder is opened
    /// relative to its parent, so a walk of 120,000 files costs about one system call per folder; a file's
    /// `size` is then `FileIdentity.unknownSize` (`sized` reads it when it matters).
    static func tree(under root: String) -> TreeListing {
        var listing = TreeListing()
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return listing }
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return listing }
        walk(descriptor, relative: "", device: UInt64(truncatingIfNeeded: info.st_dev), into: &listing)
        return listing
    }

    /// Lists the open folder `descriptor` (and closes it), then the folders in it.
    private static func walk(_ descriptor: Int32, relative: String, device: UInt64, into listing: inout TreeListing) {
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            var kind = Int32(entry.pointee.d_type)
            var inode = UInt64(truncatingIfNeeded: entry.pointee.d_ino)
            if kind == Int32(DT_UNKNOWN) {
                // Some file systems do not say: ask the file itself.
                var info = stat()
                guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFREG: kind = Int32(DT_REG)
                case S_IFDIR: kind = Int32(DT_DIR)
                default: kind = Int32(DT_LNK)
                }
                inode = UInt64(truncatingIfNeeded: info.st_ino)
            }
            switch kind {
            case Int32(DT_REG): listing.files[child] = FileIdentity(device: device, inode: inode, size: FileIdentity.unknownSize)
            case Int32(DT_DIR):
                listing.folders.insert(child)
                let inner = openat(dirfd(directory), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if inner >= 0 { walk(inner, relative: child, device: device, into: &listing) }
            default: listing.others.insert(child)
            }
        }
    }

    /// `identity` with its size, read with `lstat` when the walk left it unknown; nil when the file is gone.
    static func sized(_ identity: FileIdentity?, at path: String) -> FileIdentity? {
        guard let identity else { return nil }
        return identity.size == FileIdentity.unknownSize ? self.identity(path) : identity
    }

    /// True when the file at `path` holds exactly `data` (the caller has compared sizes already).
    static func holds(_ path: String, _ data: Data) -> Bool {
        data.withUnsafeBytes { expected in
            var offset = 0
            return readChunks(path) { chunk in
                guard offset + chunk.count <= expected.count,
                      chunk.count == 0 || memcmp(chunk.baseAddress!, expected.baseAddress! + offset, chunk.count) == 0 else { return false }
                offset += chunk.count
                return true
            } && offset == expected.count
        }
    }

    /// True when the files at `first` and `second` hold the same bytes (the caller has compared sizes already).
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: second) else { return false }
        return holds(first, data)
    }

    /// Reads the file at `path` in chunks, handing each to `body` until it returns false;
    /// true when the whole file was read and every chunk accepted.
    private static func readChunks(_ path: String, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            if count == 0 { return true }
            guard body(UnsafeRawBufferPointer(start: buffer, count: count)) else { return false }
        }
    }

    /// Makes `target` another name of the file at `existing`; false when the file system refuses
    /// (another device, no hard links), so the caller writes instead.
    static func hardLink(_ existing: String, to target: String) -> Bool {
        link(existing, target) == 0
    }

    /// Removes the file (or link) at `path`; one already gone is fine.
    static func removeFile(_ path: String, shownAs relative: String) throws(PublishFailure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure(relative) }
    }

    /// Removes the folder at `path` and everything in it, never following a link.
    static func removeFolder(_ path: String, shownAs relative: String) throws(PublishFailure) {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            guard isFolder(path) else { return }
            throw PublishFailure(path: relative, reason: FileSystem.reason(error))
        }
    }

    /// Writes `data` into a new file at `path` (never over an existing one).
    static func writeNew(_ data: Data, to path: String, shownAs relative: String) throws(PublishFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(relative) }
        var failed: PublishFailure? = DurableFile.writeAll(data, to: descriptor) ? nil : failure(relative)
        if close(descriptor) != 0 && failed == nil { failed = failure(relative) }
        if let failed { throw failed }
    }

    /// Copies the bytes of the regular file at `source` into a new file at `target` (never over an existing
    /// one), with its permissions. A symbolic link at `source` is not copied, neither as a link nor through
    /// it: the output never holds a link, and what one names may be outside the site (ADR 018).
    static func copy(_ source: String, to target: String, shownAs relative: String) throws(PublishFailure) {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if input < 0 && errno == ELOOP { return }
        guard input >= 0 else { throw PublishFailure(path: relative, reason: "source \(source): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw failure(relative) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PublishFailure(path: relative, reason: "source \(source): not a regular file")
        }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o777)
        guard output >= 0 else { throw failure(relative) }
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var failed: PublishFailure?
        copying: while true {
            let count = read(input, buffer, size)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if count < 0 { failed = failure(relative) }
                break
            }
            var offset = 0
            while offset < count {
                let written = write(output, buffer + offset, count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = failure(relative)
                    break copying
                }
                offset += written
            }
        }
        if close(output) != 0 && failed == nil { failed = failure(relative) }
        if let failed { throw failed }
    }

    /// Makes the folder at `path`; one that is already there is fine.
    static func makeFolder(_ path: String, shownAs relative: String) throws(PublishFailure) {
        if mkdir(path, 0o777) == 0 { return }
        let code = errno
        var info = stat()
        if code == EEXIST, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
        // A file where a folder should be: say so rather than "File exists".
        throw PublishFailure(path: relative, reason: String(cString: strerror(code == EEXIST ? ENOTDIR : code)))
    }

    /// True when `path` is a folder itself (not a link to one).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in the folder at `path`, sorted, or nil when it cannot be listed.
    static func names(in path: String) -> [String]? {
        (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted()
    }

    private static func failure(_ relative: String) -> PublishFailure {
        PublishFailure(path: relative, reason: String(cString: strerror(errno)))
    }
}

/// What a walk found under a folder, by relative path.
struct TreeListing: Sendable {
    var files: [String: FileIdentity] = [:]
    var folders: Set<String> = []
    /// Neither a regular file nor a folder: a symbolic link, a socket.
    var others: Set<String> = []
}

extension FileIdentity {
    init(_ info: stat) {
        self.init(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino), size: Int(info.st_size))
    }
}
