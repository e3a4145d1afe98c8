import Testing
@testable import NewsgenHTML

@Suite("HTMLLinks: relative URLs in feed content")
struct HTMLLinksTests {
    private let base = "http://example.com/dir/page"

    @Test(arguments: [
        ("<a href=\"x\">x</a>", "<a href=\"http://example.com/dir/x\">x</a>"),
        ("<A HREF='/x'>x</A>", "<A HREF=\"http://example.com/x\">x</A>"),
        ("<img src=../i.png alt=\"a &amp; b\">", "<img src=\"http://example.com/i.png\" alt=\"a &amp; b\">"),
        ("<a href=\" /spaced \">s</a>", "<a href=\"http://example.com/spaced\">s</a>"),
        ("<a href=\"?q=1&amp;r=2\">q</a>", "<a href=\"http://example.com/dir/page?q=1&amp;r=2\">q</a>"),
        ("<a href=\"https://other.example/\">o</a>", "<a href=\"https://other.example/\">o</a>"),
        ("<a title=\"x\">no href</a>", "<a title=\"x\">no href</a>"),
        ("<p cite=\"x\">not a URL attribute here</p>", "<p cite=\"x\">not a URL attribute here</p>"),
        ("<blockquote cite=\"q\">c</blockquote>", "<blockquote cite=\"http://example.com/dir/q\">c</blockquote>"),
        ("<!-- <a href=\"x\"> --><b>&#38;</b>", "<!-- <a href=\"x\"> --><b>&#38;</b>"),
        ("a < b and <a href=\"\u{C0}\">uri</a>", "a < b and <a href=\"http://example.com/dir/\u{C0}\">uri</a>"),
        ("<video poster=\"p.jpg\" src=\"v.mp4\"></video>", "<video poster=\"http://example.com/dir/p.jpg\" src=\"http://example.com/dir/v.mp4\"></video>"),
    ])
    func resolves(html: String, expected: String) {
        #expect(HTMLLinks.resolvingRelativeURLs(in: html, base: base) == expected)
    }

    @Test func withoutAnAbsoluteBaseNothingChanges() {
        #expect(HTMLLinks.resolvingRelativeURLs(in: "<a href=\"x\">x</a>", base: nil) == "<a href=\"x\">x</a>")
        #expect(HTMLLinks.resolvingRelativeURLs(in: "<a href=\"x\">x</a>", base: "/relative/") == "<a href=\"x\">x</a>")
    }

    @Test func characterReferencesInValuesAreDecodedForResolving() {
        #expect(CharacterReferences.decode("a&amp;b&#38;c&#x26;d&bogus;e&") == "a&b&c&d&bogus;e&")
    }
}
