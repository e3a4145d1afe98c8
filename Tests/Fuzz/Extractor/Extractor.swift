import Foundation
import NewsgenExtract

/// A page as fetched: `ArticleExtractor.extract` on the bytes, from the address Readability's
/// test pages use. Every input gets an answer, never a crash, and the same answer twice (the
/// extractor reads no clock and keeps no state); an article holds at least the text it counts.
private let pageURL = URL(string: "http://fakehost/test/page.html")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtractor(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzInput.data(bytes, count)
    let result = ArticleExtractor.extract(html: data, pageURL: pageURL)
    switch result {
    case .article(let article):
        fuzzRequire(!article.html.isEmpty, "an article without HTML")
        fuzzRequire(article.textLength <= article.html.utf16.count, "text length \(article.textLength) over the HTML's \(article.html.utf16.count)")
    case .notFound(let reason, _):
        fuzzRequire(!reason.description.isEmpty, "a reason without words")
    }
    fuzzRequire(ArticleExtractor.extract(html: data, pageURL: pageURL) == result, "a second extraction differed")
    return 0
}
