import Foundation
import NewsgenModel

/// What the last save wrote into each month file, kept in `.newsgen/cache/archive-seals.bin` (ADR 034):
/// for each path, the seal of its bytes: SHA-256 over the SHA-256 of each of its lines, in order. A month
/// file whose bytes give the seal recorded for it is, byte for byte, what `ArchiveLineWriter` made of its
/// articles, so a save that does not change them has nothing to compare and leaves it alone.
///
/// The seal is of the bytes, not of when or by whom they were written: a file edited by hand, restored
/// from git, or written by a save this file did not hear of (a killed build, `newsgen archive remove`
/// without the cache) gives another seal and is compared in full, as every file was before.
/// A missing, damaged or foreign file, or one of another release (whose writer may write other bytes),
/// is no seals: only the next save costs more.
struct ArchiveSeals: Equatable, Sendable, CacheFileValue {
    /// Bump whenever the file's layout changes.
    static let formatVersion: UInt32 = 1
    static let magic = Array("NGSEALS ".utf8)
    static let fileName = "archive-seals.bin"

    /// By month file path relative to the archive folder (`source/2026-11.jsonl`).
    var byPath: [String: [UInt8]] = [:]

    /// The seal of a month file whose lines have `digests`, in order.
    static func seal(lineDigests digests: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digests.count * 32)
        for digest in digests { bytes += digest }
        return FastSHA256.digest(bytes)
    }

    func encode() -> [UInt8] {
        var bytes = Self.magic
        CacheBytes.append(Self.formatVersion, to: &bytes)
        CacheBytes.append(NewsgenVersion.current, to: &bytes)
        CacheBytes.append(UInt32(byPath.count), to: &bytes)
        for (path, seal) in byPath.sorted(by: { $0.key < $1.key }) {
            CacheBytes.append(path, to: &bytes)
            bytes += seal
        }
        return CacheBytes.sealed(bytes)
    }

    init() {}

    init(byPath: [String: [UInt8]]) { self.byPath = byPath }

    /// The seals `bytes` hold; nil for a cut, damaged or foreign file, or one of another release.
    init?(_ bytes: UnsafeRawBufferPointer) { self.init(bytes, release: NewsgenVersion.current) }

    init?(_ bytes: UnsafeRawBufferPointer, release: String) {
        guard let body = CacheBytes.unsealed(bytes), body.count >= Self.magic.count, Array(body.prefix(Self.magic.count)) == Self.magic else { return nil }
        var reader = CacheByteReader(body, at: Self.magic.count)
        guard reader.integer(UInt32.self) == Self.formatVersion, reader.string() == .some(.some(release)),
              let count = reader.integer(UInt32.self) else { return nil }
        for _ in 0..<count {
            guard let path = reader.string() ?? nil, let seal = reader.run(32) else { return nil }
            byPath[path] = Array(seal)
        }
        guard reader.remaining == 0 else { return nil }
    }
}

/// The seals' file: any trouble reading is no seals, any trouble writing removes the file.
typealias ArchiveSealStore = CacheFile<ArchiveSeals>
