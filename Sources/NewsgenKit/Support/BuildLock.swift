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

    /// Takes the lock without waiting; a build already holding it is an error naming the folder. The lock file
    /// is opened within the site's bounds (ADR 047): a link in its place is refused, never followed.
    public static func acquire(site: Site) throws(BuildError) -> BuildLock {
        let siteDirectory = site.directory
        do {
            try DurableFile.makeFolder(siteDirectory.appendingPathComponent(".newsgen"), within: site.bounds)
        } catch {
            throw BuildError(path: ".newsgen", "cannot be created for the build lock (\(error.reason))")
        }
        let descriptor: Int32
        do {
            descriptor = try DurableFile.openInPlace(siteDirectory.appendingPathComponent(relativePath), within: site.bounds)
        } catch {
            throw BuildError(path: relativePath, "cannot be opened (\(error.reason))")
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
