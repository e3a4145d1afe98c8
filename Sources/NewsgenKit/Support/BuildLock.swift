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
        try acquire(site: site, waiting: nil)
    }

    /// How long to wait for a lock another process holds, and whom to tell (once) that it is waiting.
    public struct Wait: Sendable {
        public var seconds: Double
        public var waiting: @Sendable () -> Void
        /// Asked every 100 ms: true gives up at once (the preview is stopping).
        public var givesUp: @Sendable () -> Bool

        public init(seconds: Double, givesUp: @escaping @Sendable () -> Bool = { false }, waiting: @escaping @Sendable () -> Void) {
            self.seconds = seconds
            self.givesUp = givesUp
            self.waiting = waiting
        }
    }

    /// As `acquire(site:)`, but a lock held by another process is tried again every 100 ms for up to
    /// `wait.seconds` (`newsgen serve`'s rebuild beside a `newsgen build`, ADR 058); nil waits not at all.
    public static func acquire(site: Site, waiting wait: Wait?) throws(BuildError) -> BuildLock {
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
        var code: Int32 = 0
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, wait?.seconds ?? 0) * 1e9)
        var told = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            code = errno
            guard code == EWOULDBLOCK || code == EINTR, let wait, DispatchTime.now().uptimeNanoseconds < deadline,
                  !wait.givesUp() else { break }
            if !told {
                told = true
                wait.waiting()
            }
            usleep(100_000)
            code = 0
        }
        guard code == 0 else {
            close(descriptor)
            if code == EWOULDBLOCK, let wait {
                throw BuildError("another newsgen build or edit in \(siteDirectory.path) still held its lock (\(relativePath)) after \(String(format: "%g", wait.seconds)) s of waiting")
            }
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
