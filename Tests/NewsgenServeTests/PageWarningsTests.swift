import NewsgenModel
@testable import NewsgenServe
import Testing

/// Which build warnings the preview's overlay shows (ADR 058).
@Suite("Page warnings")
struct PageWarningsTests {
    @Test func onlyWarningsAboutAPagesOwnFilesAreShown() {
        var config = SiteConfig(title: "Bay", sources: [])
        config.articles = "posts"
        let warnings = [
            "posts/broken.md:2:8: did not find expected ',' or ']'; article skipped",
            "templates/strings/de.json: a warning about a strings file",
            "site.json: language 'xx' has no strings table; English is used",
            "bookmarks.json: bookmark 'a' (A) names no article in the archive; shown from the manifest",
            "source 'wire': the server answered HTTP 404 (not found)",
            "content/archive/wire/2026-11.jsonl:3: a line that is not JSON was set aside",
            "content/articles/old.md: not the articles folder of this site",
            "postscript.md: a file beside the folder",
        ]
        #expect(PageWarnings.select(warnings, config: config) == Array(warnings.prefix(4)))
    }
}
