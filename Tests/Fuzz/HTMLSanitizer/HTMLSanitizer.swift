import Foundation
import NewsgenHTML

/// An article body or summary as a feed gives it: `HTMLSanitizer.sanitize`, with the item's link
/// as the base for relative URLs and two embed hosts allowed, as a site with `embeds.allow` has.
/// A second pass must change nothing (issue 15, point 5): what the sanitizer writes is what it
/// keeps, so a browser's parse of the page is the sanitizer's parse.
private let base = "https://news.example/2026/11/article.html"
private let embedHosts = ["player.vimeo.com", "youtube-nocookie.com"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLSanitizer(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let clean = HTMLSanitizer.sanitize(FuzzInput.text(bytes, count), baseURL: base, embedHosts: embedHosts)
    let again = HTMLSanitizer.sanitize(clean, baseURL: base, embedHosts: embedHosts)
    fuzzRequire(again == clean, "a second pass changed the output:\n\(clean)\n---\n\(again)")
    return 0
}
