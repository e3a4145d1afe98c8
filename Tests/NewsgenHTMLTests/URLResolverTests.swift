import Testing
@testable import NewsgenHTML

@Suite struct URLResolverTests {
    /// What `isAbsolute` answered before its byte-level fast path: the scheme of the RFC 3986 split, checked.
    private static func splitAnswer(_ reference: String) -> Bool {
        guard let scheme = URLReference(reference).scheme, let first = scheme.unicodeScalars.first else { return false }
        let isLetter = { (s: Unicode.Scalar) in ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
        return isLetter(first) && scheme.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    @Test(arguments: [
        "https://example.org/a", "HTTP://x", "mailto:someone@example.org", "a+b.c-d:rest", "h:", "x:y:z",
        "", ":", ":x", "1http://x", "+a:b", "/a:b", "?a:b", "#a:b", "a b:c", "a/b:c", "é:x", "aé:x",
        "http:\u{301}//x", ":\u{301}abc:d", "http:é", "http:\u{200D}x", "ht\u{301}tp:x", "javascript:alert(1)",
        "//example.org/x", "relative/path", "a\u{600}:b:c",
    ])
    func isAbsoluteAnswersAsTheSplitDoes(reference: String) {
        #expect(URLResolver.isAbsolute(reference) == Self.splitAnswer(reference))
    }

    @Test func exactAnswers() {
        #expect(URLResolver.isAbsolute("https://example.org/"))
        #expect(URLResolver.isAbsolute("a+b.c-d:x"))
        #expect(!URLResolver.isAbsolute("1a:x"))
        #expect(!URLResolver.isAbsolute("/a:b"))
        // A combining mark makes `:` part of another character: no scheme.
        #expect(!URLResolver.isAbsolute("http:\u{301}//x"))
    }
}
