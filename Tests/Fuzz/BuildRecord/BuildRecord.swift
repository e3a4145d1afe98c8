import Foundation
@testable import NewsgenKit

/// `.newsgen/last-build.json` as a build reads it before deciding whether there is anything to
/// do: `BuildRecord(json:)` over `JSONDocument`. A record it accepts must come back the same from
/// the bytes `json()` writes of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBuildRecord(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let record = BuildRecord(json: FuzzInput.data(bytes, count)) else { return 0 }
    let written = record.json()
    fuzzRequire(BuildRecord(json: written) == record, "the record changed when read back:\n\(String(decoding: written, as: UTF8.self))")
    return 0
}
