import Foundation
import NewsgenHTML

/// One file of `content/articles/` as the Parse stage reads it (`MarkdownReader`): UTF-8 text, whose
/// YAML front matter libyaml checks and whose body cmark-gfm renders and the sanitizer cleans
/// (`MarkdownArticle.parse`). Text that is not UTF-8 is skipped there, and here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdownArticle(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let text = String(data: FuzzInput.data(bytes, count), encoding: .utf8) else { return 0 }
    do {
        _ = try MarkdownArticle.parse(text)
    } catch {
        _ = "\(error.line):\(error.column): \(error.reason)"
    }
    return 0
}
