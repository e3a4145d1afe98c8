import Testing
@testable import NewsgenKit

/// Which text reads as an address typed without `https://`, and which as a file name.
@Suite("Missing scheme")
struct MissingSchemeTests {
    @Test(arguments: [
        ("example.org/feed.xml", "https://example.org/feed.xml"),
        ("example.org", "https://example.org"),
        ("www.Example.co.uk/news?page=2", "https://www.Example.co.uk/news?page=2"),
        ("localhost:8080/feed", "https://localhost:8080/feed"),
        ("127.0.0.1:8000/rss.xml", "https://127.0.0.1:8000/rss.xml"),
    ])
    func anAddressGetsHTTPSInFront(text: String, suggestion: String) {
        #expect(MissingScheme.suggestion(for: text) == suggestion)
    }

    @Test(arguments: ["feed.xml", "feeds/local.xml", "./example.org/feed.xml", "/tmp/example.org", "page.html",
                      "https://example.org/feed.xml", "ftp://example.org/x", "example.org:http/x", "exa mple.org", "", "1.2.3"])
    func aFileNameOrAURLGetsNone(text: String) {
        #expect(MissingScheme.suggestion(for: text) == nil)
    }
}
