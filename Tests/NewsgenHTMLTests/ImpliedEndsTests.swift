import Testing
@testable import NewsgenHTML

/// `ImpliedEnds.libxml2` is libxml2's own rule, asked of the parser itself: for every pair of
/// elements the sanitizer writes, `<P><E>` is parsed and E is seen inside P, or not.
@Suite struct ImpliedEndsTests {
    static let written = (Array(SanitizerPolicy.allowedElements.keys) + ["iframe", "input"]).sorted()

    @Test func theTableIsWhatLibxml2Does() {
        var probed: [String: Set<String>] = [:]
        for parent in Self.written where !SanitizerPolicy.voidElements.contains(parent) {
            for child in Self.written {
                var stack: [String] = []
                var nested = false
                let end = SanitizerPolicy.voidElements.contains(child) ? "" : "</\(child)>"
                HTMLFragment.walk("<\(parent)><\(child)>\(end)</\(parent)>", element: { element in
                    if element.name == child, stack.last == parent { nested = true }
                    stack.append(element.name)
                    return .descend(closeToken: element.name)
                }, text: { _ in }, close: { _ in stack.removeLast() })
                if !nested { probed[child, default: []].insert(parent) }
            }
        }
        #expect(probed == ImpliedEnds.libxml2)
    }

    @Test func htmlRulesReachPastInlineElements() {
        #expect(ImpliedEnds.count(endedBy: "a", open: ["a", "b", "span"]) == 3)
        #expect(ImpliedEnds.count(endedBy: "a", open: ["a", "table", "tr", "td", "span"]) == 0)
        #expect(ImpliedEnds.count(endedBy: "div", open: ["p", "em", "span"]) == 3)
        #expect(ImpliedEnds.count(endedBy: "div", open: ["p", "td", "span"]) == 0)
        #expect(ImpliedEnds.count(endedBy: "h2", open: ["div", "h1"]) == 1)
        #expect(ImpliedEnds.count(endedBy: "li", open: ["ul", "li", "b", "i"]) == 3)
        #expect(ImpliedEnds.count(endedBy: "li", open: ["ul", "li", "ul"]) == 0)
        #expect(ImpliedEnds.count(endedBy: "dt", open: ["dl", "dd", "span"]) == 2)
        #expect(ImpliedEnds.count(endedBy: "span", open: ["p", "a"]) == 0)
    }

    /// libxml2 ends the heading, and then HTML's rule finds the outer item (found by the fuzzer).
    @Test func whatOneRuleEndsCanUncoverWhatAnotherEnds() {
        #expect(ImpliedEnds.count(endedBy: "li", open: ["li", "div", "h6"]) == 3)
        #expect(ImpliedEnds.count(endedBy: "li", open: ["li", "div"]) == 2)
    }
}
