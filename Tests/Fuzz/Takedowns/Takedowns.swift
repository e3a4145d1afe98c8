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
    let written = list.encoded()
    do {
        fuzzRequire(try TakedownList.decode(written, file: file).encoded() == written,
                    "the takedown list changed when read back:\n\(String(decoding: written, as: UTF8.self))")
    } catch {
        fuzzRequire(false, "newsgen cannot read the takedown list it wrote (\(error)):\n\(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
