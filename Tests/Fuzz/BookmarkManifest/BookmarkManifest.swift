import Foundation
import NewsgenModel

/// `bookmarks.json`: `BookmarkManifest.decode`, and for a manifest it accepts, the round trip the
/// `bookmark` command makes: what `encoded()` writes decodes to a manifest that encodes the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBookmarkManifest(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let manifest: BookmarkManifest
    do {
        manifest = try BookmarkManifest.decode(FuzzInput.data(bytes, count))
    } catch {
        _ = error.description
        return 0
    }
    fuzzRequireRoundTrip(manifest.encoded(), of: "manifest") { try BookmarkManifest.decode($0).encoded() }
    return 0
}
