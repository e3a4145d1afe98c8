import Foundation
@testable import NewsgenKit
import NewsgenModel

/// The image cache's `index.json` as a build opens the cache (`DiskImageCache`, which reads the
/// index and heals the folder), beside one real blob, `blobs/<sha256>.png`, that entries may
/// name. Every URL it keeps is read back; then the cache is saved, and opening it again must
/// find nothing left to repair and the same URLs: the folder heals in one pass.
private let png = Data([
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
])
private let blobName = SHA256.hex(png) + ".png"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageCacheIndex(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let folder = FuzzScratch.freshFolder("image-cache")
    FuzzScratch.write(png, to: folder.appendingPathComponent("blobs").appendingPathComponent(blobName))
    FuzzScratch.write(FuzzInput.data(bytes, count), to: folder.appendingPathComponent("index.json"))
    let cache = DiskImageCache(directory: folder, capacity: 1 << 20, shownAs: ".newsgen/images")
    for url in cache.urlsByRecency { _ = cache.load(url) }
    let kept = cache.urlsByRecency
    do {
        try cache.save()
    } catch {
        fuzzRequire(false, "the healed cache cannot be saved: \(error)")
    }
    let reopened = DiskImageCache(directory: folder, capacity: 1 << 20, shownAs: ".newsgen/images")
    fuzzRequire(reopened.repairs.isEmpty, "a healed cache still needs repairs: \(reopened.repairs)")
    fuzzRequire(reopened.urlsByRecency == kept, "the cache lost URLs between two builds: \(kept) then \(reopened.urlsByRecency)")
    return 0
}
