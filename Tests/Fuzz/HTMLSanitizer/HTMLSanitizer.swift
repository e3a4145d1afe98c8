import Foundation
import NewsgenHTML

/// An article body or summary as a feed gives it: `HTMLSanitizer.sanitize`, with the item's link
/// as the base for relative URLs and two embed hosts allowed, as a site with `embeds.allow` has.
/// With NEWSGEN_FUZZ_FIXPOINT=1 it also requires that a second pass changes nothing (issue 15,
/// point 5: on by default once the sanitizer's nesting fix is in).
private let base = "https://news.example/2026/11/article.html"
private let embedHosts = ["player.vimeo.com", "youtube-nocookie.com"]
private let checkFixpoint = ProcessInfo.processInfo.environment["NEWSGEN_FUZZ_FIXPOINT"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLSanitizer(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let clean = HTMLSanitizer.sanitize(FuzzInput.text(bytes, count), baseURL: base, embedHosts: embedHosts)
    if checkFixpoint {
        let again = HTMLSanitizer.sanitize(clean, baseURL: base, embedHosts: embedHosts)
        fuzzRequire(again == clean, "a second pass changed the output:\n\(clean)\n---\n\(again)")
    }
    return 0
}
