import Foundation

/// libFuzzer's bytes as the library's inputs. Each target's entry point is
/// `LLVMFuzzerTestOneInput(bytes, count)`; libFuzzer supplies `main`.
enum FuzzInput {
    static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The bytes as text, invalid UTF-8 replaced by U+FFFD, as newsgen's decoders hand text on.
    static func text(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> String {
        guard let bytes, count > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// A property every input must keep (a round trip, a fixpoint): when it fails, the process
/// stops with `message`, and libFuzzer keeps the input as a crash.
func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
