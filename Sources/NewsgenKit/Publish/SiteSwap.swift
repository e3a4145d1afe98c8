#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Puts the staged site where the old one was with no moment without an output folder:
/// Linux's `renameat2(…, RENAME_EXCHANGE)` swaps the two folders' names in one step, so a
/// reader or a kill at any instant sees the old site or the new one, whole. Where the call is
/// missing (an old C library, another system) or the file system refuses it, the old site is
/// renamed aside first and the new one into place, and a build killed between the two renames
/// leaves the old site under its retired name, which the next build puts back (`Leftovers`).
enum SiteSwap {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let exchangeFlag: UInt32 = 2

    private static let renameat2: RenameAt2? = DurableFile.linuxFunction("renameat2")

    /// Replaces `output` by `staging`; afterwards the old site, if there was one, is at `staging`
    /// (swapped) or at `retired` (the fallback), for the caller to remove.
    static func swap(staging: URL, into output: URL, retired: URL) throws(DiskError) {
        guard FileManager.default.fileExists(atPath: output.path) else {
            try DurableFile.move(staging, over: output)
            return
        }
        if let renameat2 {
            if renameat2(AT_FDCWD, staging.path, AT_FDCWD, output.path, exchangeFlag) == 0 { return }
            // EINVAL: the file system cannot exchange; ENOSYS: the kernel is too old. Anything else is a real failure.
            guard errno == EINVAL || errno == ENOSYS else { throw DiskError.fromErrno() }
        }
        try DurableFile.move(output, over: retired)
        do {
            try DurableFile.move(staging, over: output)
        } catch {
            // Put the old site back if the swap stopped halfway.
            try? DurableFile.move(retired, over: output)
            throw error
        }
    }
}
