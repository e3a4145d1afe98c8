import Foundation
import Mustache

/// A template with its data and partials, in the shape of a Mustache spec case: the template,
/// then (after a NUL byte) the data as JSON, then NUL-separated pairs of partial name and source.
/// Without data (or with data that is not JSON) it renders a context shaped like a theme's page.
/// The template is parsed (`MustacheTemplate`), the partials too (`MustacheLibrary`), and it is
/// rendered with them, as the Render stage renders every page: a render past its limits (a
/// partial that includes itself twice) is an answer, not a finding.
/// Made for each input, not kept in a global: Swift keeps an enum's case in the spare bits of its
/// payload's pointer, which LeakSanitizer does not recognise, so a global value reads as a leak.
private func pageLike() -> MustacheValue { [
    "title": "Bits & <Bobs> \"quoted\" 'single'",
    "site": ["title": "Marrow Bay", "baseURL": "https://news.example/"],
    "articles": [
        ["title": "One", "url": "/a/one/", "tags": ["harbour", "ferry"], "summaryHTML": "<p>first</p>"],
        ["title": "Two", "url": "/a/two/", "tags": [], "bookmarked": true],
    ],
    "count": 2, "ratio": 0.5, "empty": [], "none": .null, "flag": false, "yes": true,
    "nested": ["deeper": ["name": "inner", "list": [1, 2, 3]]],
] }

/// The build's limits, a tenth of them: a render stopped at the standard ones (64 MB after
/// 100,000 partials) takes seconds in a sanitized build, which libFuzzer would call a hang, and
/// the fuzzer is after what escapes the limits, not what they cost (MustacheLimitsTests).
private let fuzzLimits = MustacheLimits(partialExpansions: MustacheLimits.standard.partialExpansions / 10,
                                        outputBytes: MustacheLimits.standard.outputBytes / 10)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = FuzzInput.text(bytes, count).split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    guard let template = try? MustacheTemplate(source: parts[0], name: "fuzz") else { return 0 }
    var context = pageLike()
    if parts.count > 1, let data = try? JSONDecoder().decode(MustacheValue.self, from: Data(parts[1].utf8)) {
        context = data
    }
    var partials: [String: String] = [:]
    var index = 2
    while index + 1 < parts.count {
        partials[parts[index]] = parts[index + 1]
        index += 2
    }
    _ = try? template.render(context, partials: try? MustacheLibrary(templates: partials), limits: fuzzLimits)
    return 0
}
