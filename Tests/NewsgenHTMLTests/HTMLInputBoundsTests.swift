import Testing
@testable import NewsgenHTML

/// `HTMLInputBounds`: what reaches libxml2's HTML parser is cut to a bounded
/// number of attributes per tag and of tags and comments. The times these
/// bounds keep are shown by Tests/Benchmarks/hostile.sh, not here.
@Suite("HTML input bounds")
struct HTMLInputBoundsTests {
    @Test func theDefaults() {
        #expect(HTMLInputBounds.maxAttributes == 256)
        #expect(HTMLInputBounds.maxNodes == 500_000)
    }

    @Test(arguments: ["", "plain text", "<p class=\"a\" title='b > c'>x</p><!-- c --><br/>", "<script>a < b && c > d</script>"])
    func inputWithinTheBoundsIsUnchanged(html: String) {
        #expect(HTMLInputBounds.apply(html) == html)
        #expect(!HTMLInputBounds.exceeds(html))
    }

    @Test(arguments: [
        ("<p a=1 b=\"2\" c='3' d>x</p>", "<p a=1 b=\"2\">x</p>"),
        ("<br a b c/>", "<br a b/>"),
        ("<p title=\"a>b\" c d e>x", "<p title=\"a>b\" c>x"),
        ("<p a=\"1\"b=\"2\"c=\"3\">x", "<p a=\"1\"b=\"2\">x"),          // no blank needed between quoted values
        ("<p a b \"junk c=1\" d>x", "<p a b>x"),                      // what is not a name still counts
        ("<p a b c", "<p a b>"),                                      // a tag cut by the end of the input
    ])
    func attributesAfterTheLimitAreLeftOut(html: String, cut: String) {
        #expect(HTMLInputBounds.apply(html, maxAttributes: 2) == cut)
        #expect(HTMLInputBounds.exceeds(html, maxAttributes: 2))
    }

    @Test func everythingFromTheNodeAfterTheLimitIsDropped() {
        let html = "<p>a</p><!-- c --><p>b</p><p>c</p>"
        #expect(HTMLInputBounds.apply(html, maxNodes: 3) == "<p>a</p><!-- c --><p>b</p>")
        #expect(HTMLInputBounds.apply(html, maxNodes: 4) == html)
        #expect(HTMLInputBounds.exceeds(html, maxNodes: 3))
    }

    /// End tags, stray `<` and markup inside comments or the raw text of
    /// `script` and `style` are not nodes, and cannot hide the tags after them.
    @Test func whatIsNotCounted() {
        let html = "</b>a < b<!-- <p><p><p> --><script><p><p><!--</script><style><p></STYLE><p a b c>"
        #expect(HTMLInputBounds.apply(html, maxAttributes: 2, maxNodes: 4) == html.replacingOccurrences(of: " c>", with: ">"))
        #expect(HTMLInputBounds.apply(html, maxAttributes: 3, maxNodes: 3)
            == "</b>a < b<!-- <p><p><p> --><script><p><p><!--</script><style><p></STYLE>")
    }

    @Test func theSanitizerKeepsTheFirst256AttributesOfATag() {
        let filler = (1...255).map { "data-x\($0)=\"\($0)\"" }.joined(separator: " ")
        let kept = "<a \(filler) href=\"https://example.org/\">x</a>"      // href is the 256th
        let cut = "<a \(filler) data-y=\"1\" href=\"https://example.org/\">x</a>" // href is the 257th
        #expect(HTMLSanitizer.sanitize(kept) == "<a href=\"https://example.org/\" rel=\"noopener noreferrer nofollow\">x</a>")
        #expect(HTMLSanitizer.sanitize(cut) == "<a>x</a>")
    }

    @Test func plainTextStopsAfterTheLastNodeParsed() {
        let html = String(repeating: "<b>x</b>", count: HTMLInputBounds.maxNodes + 10)
        #expect(HTMLText.plainText(fromHTML: html) == String(repeating: "x", count: HTMLInputBounds.maxNodes))
        #expect(HTMLInputBounds.exceeds(html))
    }
}
