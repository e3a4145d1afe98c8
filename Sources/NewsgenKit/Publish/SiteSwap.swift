#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Puts the new tree where the old site was with no moment without an output folder:
/// Linux's `renameat2(…, RENAME_EXCHANGE)` swaps the two folders' names in one step, so a
/// reader or a kill at any instant sees the old site or the new one, whole, and the old site
/// is then where the new tree was. Where the call is missing (an old C library, another system)
/// or the file system refuses it, the old site is renamed aside first and the new one into place,
/// and a build killed between the two renames leaves the old site under its retired name, which
/// the next build puts back (`Leftovers`).
enum SiteSwap {
    /// Whether to try the exchange: `never` stands for a file system that refuses it (tests).
    enum Exchange: Sendable {
        case whereSupported, never
    }

    /// Where the old site is after a swap.
    enum OldSite: Equatable {
        /// There was none.
        case none
        /// Under the new tree's former name.
        case exchanged
        /// Under the retired name (the fallback).
        case retired
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let exchangeFlag: UInt32 = 2

    private static let renameat2: RenameAt2? = DurableFile.linuxFunction("renameat2")

    /// Replaces `output` by `tree` and says where the old site went; every name is judged by `bounds` first.
    static func swap(_ tree: URL, into output: URL, retired: URL, exchange: Exchange = .whereSupported,
                     within bounds: WriteBounds) throws(DiskError) -> OldSite {
        guard FileManager.default.fileExists(atPath: output.path) else {
            try DurableFile.move(tree, over: output, within: bounds)
            return .none
        }
        if exchange == .whereSupported, let renameat2 {
            let (from, to) = (try bounds.resolve(tree), try bounds.resolve(output))
            if renameat2(AT_FDCWD, from.path, AT_FDCWD, to.path, exchangeFlag) == 0 { return .exchanged }
            // EINVAL: the file system cannot exchange; ENOSYS: the kernel is too old. Anything else is a real failure.
            guard errno == EINVAL || errno == ENOSYS else { throw DiskError.fromErrno() }
        }
        try DurableFile.move(output, over: retired, within: bounds)
        do {
            try DurableFile.move(tree, over: output, within: bounds)
        } catch {
            // Put the old site back if the swap stopped halfway.
            try? DurableFile.move(retired, over: output, within: bounds)
            throw error
        }
        return .retired
    }
}
