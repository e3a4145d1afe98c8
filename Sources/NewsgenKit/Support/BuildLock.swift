#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Keeps two builds, or a build and an edit of the archive or the manifest
/// (`archive remove`, `bookmark add`), out of one site at once: an exclusive `flock` on
/// `.newsgen/build.lock` in the site folder (created when missing; `.newsgen/`
/// is git-ignored). The kernel drops the lock when the process ends, however it
/// ends, so a crashed build never leaves a stale lock behind. Held until `release()`
/// or until the value is gone.
public final class BuildLock {
    static let relativePath = ".newsgen/build.lock"
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock without waiting; a build already holding it is an error naming the folder.
    public static func acquire(siteDirectory: URL) throws(BuildError) -> BuildLock {
        let folder = siteDirectory.appendingPathComponent(".newsgen")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BuildError(path: ".newsgen", "cannot be created for the build lock (\(error.localizedDescription))")
        }
        let file = siteDirectory.appendingPathComponent(relativePath).path
        let descriptor = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(path: relativePath, "cannot be opened (\(String(cString: strerror(errno))))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw BuildError("another newsgen build or edit is running in \(siteDirectory.path) (lock \(relativePath))")
            }
            throw BuildError(path: relativePath, "cannot be locked (\(String(cString: strerror(code))))")
        }
        return BuildLock(descriptor: descriptor)
    }

    /// Lets the next build in.
    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
