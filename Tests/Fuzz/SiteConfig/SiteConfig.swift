import Foundation
import NewsgenModel

/// `site.json` as `newsgen build` and `check` read it: `SiteConfig.decode` (`JSONDocument`,
/// then `ObjectReader` key by key), and on a refusal the message with its `file:line:column`
/// (the syntax error's place, or the offending value's `JSONElement.place`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSiteConfig(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    do {
        _ = try SiteConfig.decode(FuzzInput.data(bytes, count))
    } catch {
        _ = error.description
    }
    return 0
}
