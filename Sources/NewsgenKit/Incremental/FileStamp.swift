import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time, read with one `stat`: how make and
/// rsync tell that a file changed without reading it.
struct FileStamp: Equatable, Sendable {
    var size: Int
    /// Nanoseconds since 1970.
    var modified: Int64

    /// The stamp of the regular file at `path`, or nil when there is none.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return FileStamp(size: Int(info.st_size), modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }
}
