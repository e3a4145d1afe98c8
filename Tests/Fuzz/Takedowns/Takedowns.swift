import Foundation
@testable import NewsgenKit

/// `content/archive/takedowns.json`: `TakedownList.decode`, and for a list it accepts, the
/// round trip the `archive remove` command makes: what `encoded()` writes decodes to a list
/// that encodes the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTakedowns(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let file = "content/archive/takedowns.json"
    let list: TakedownList
    do {
        list = try TakedownList.decode(FuzzInput.data(bytes, count), file: file)
    } catch {
        _ = error.description
        return 0
    }
    fuzzRequireRoundTrip(list.encoded(), of: "takedown list") { try TakedownList.decode($0, file: file).encoded() }
    return 0
}
