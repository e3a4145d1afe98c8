import Testing
import NewsgenModel

/// Links that name the same page compare equal once canonical.
@Suite("Canonical links")
struct CanonicalLinkTests {
    @Test(arguments: [
        ("https://Example.org/a/b", "example.org/a/b"),
        ("http://example.org/a/b/", "example.org/a/b"),
        ("https://example.org:443/a#comments", "example.org/a"),
        ("http://example.org:80/", "example.org"),
        ("https://example.org:8443/a", "example.org:8443/a"),
        ("https://example.org/a?id=7&utm_source=rss&utm_medium=feed", "example.org/a?id=7"),
        ("https://example.org/a?fbclid=x&gclid=y", "example.org/a"),
        ("https://user@example.org/A", "example.org/A"),
        ("  https://example.org/a  ", "example.org/a"),
    ])
    func reducesALink(link: String, canonical: String) {
        #expect(CanonicalLink.make(link) == canonical)
    }

    @Test(arguments: ["mailto:a@example.org", "/relative/path", "ftp://example.org/a", "https://", ""])
    func refusesWhatIsNotAnHTTPLink(link: String) {
        #expect(CanonicalLink.make(link) == nil)
    }
}
