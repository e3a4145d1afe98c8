#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Opens a file under the root one path component at a time, each with `openat` and
/// `O_NOFOLLOW`, so that a symbolic link anywhere below the root is a miss and nothing swapped in
/// between a check and the open can lead outside (ADR 037). The root itself may be a link.
struct SiteFiles {
    let root: URL

    enum Entry {
        case file(Data)
        case folder
        case missing
    }

    func entry(_ segments: [String]) -> Entry {
        var fd = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return .missing }
        defer { close(fd) }
        for segment in segments {
            // O_NONBLOCK: opening a FIFO must not hang the connection; it is refused below anyway.
            let next = openat(fd, segment, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard next >= 0 else { return .missing }
            close(fd)
            fd = next
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return readAll(fd).map(Entry.file) ?? .missing
        default: return .missing
        }
    }

    private func readAll(_ fd: Int32) -> Data? {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return data }
            data.append(contentsOf: chunk[..<n])
        }
    }
}
