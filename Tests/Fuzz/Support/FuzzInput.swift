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

/// The round trip of a format newsgen writes and reads back: `written`, what it wrote of an input
/// it accepted, read and written once more by `rewrite`, must be the same bytes.
func fuzzRequireRoundTrip(_ written: Data, of what: String, describe: (Error) -> String = { "\($0)" },
                          _ rewrite: (Data) throws -> Data) {
    let shown = { String(decoding: written, as: UTF8.self) }
    let again: Data
    do {
        again = try rewrite(written)
    } catch {
        fatalError("newsgen cannot read the \(what) it wrote (\(describe(error))):\n\(shown())")
    }
    fuzzRequire(again == written, "the \(what) changed when read back:\n\(shown())")
}
