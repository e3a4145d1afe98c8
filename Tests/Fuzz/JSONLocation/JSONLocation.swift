import Foundation
@testable import NewsgenModel

/// Where errors point in a JSON document, for any document and any key path: the first line
/// is a key path as errors write it (`sources[2].url`), the rest the document. Runs
/// `JSONLocation.components`, `value(at:in:)`, `key(at:in:)`, `position(ofByte:in:)` and the
/// syntax-error locator `JSONErrorText`, which site.json and bookmarks.json errors go through.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLocation(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzInput.data(bytes, count)
    let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
    let path = JSONLocation.components(String(decoding: data[..<newline], as: UTF8.self))
    let document = newline < data.endIndex ? Data(data[(newline + 1)...]) : Data()
    _ = JSONLocation.value(at: path, in: document)
    _ = JSONLocation.key(at: path, in: document)
    _ = JSONLocation.position(ofByte: document.count / 2, in: document)
    _ = JSONErrorText.locate(in: document)
    return 0
}
