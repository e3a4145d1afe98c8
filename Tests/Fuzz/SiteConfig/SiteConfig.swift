import Foundation
import NewsgenModel

/// `site.json` as `newsgen build` and `check` read it: `SiteConfig.decode` (JSONDecoder into
/// `JSONValue`, then `ObjectReader` key by key), and on a refusal the message with its
/// `file:line:column` (`JSONErrorText`, `JSONLocation`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSiteConfig(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    do {
        _ = try SiteConfig.decode(FuzzInput.data(bytes, count))
    } catch {
        _ = error.description
    }
    return 0
}
