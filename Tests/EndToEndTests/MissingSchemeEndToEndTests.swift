import Foundation
import NewsgenTestSupport
import Testing

/// A feed's address typed without `https://`, the slip a new user makes first: every command
/// that takes the URL of a feed or page says which URL was meant and exits 64 (a usage error),
/// while a file of the same shape that is there is still read as a file.
@Suite("A URL without a scheme, end to end", .serialized)
struct MissingSchemeEndToEndTests {
    @Test func sourceAddSuggestsTheURLWithHTTPSAndChangesNothing() throws {
        let site = try TemporarySite.initialized()
        defer { site.remove() }
        let before = try site.read("site.json")

        let added = try site.run("source", "add", "example.org/feed.xml")
        #expect(added.status == 64)
        #expect(added.stderr == """
            error: source add needs an absolute http or https URL, not 'example.org/feed.xml'; did you mean https://example.org/feed.xml?
            Run 'newsgen help source' for usage.

            """)
        #expect(added.stdout.isEmpty)
        #expect(try site.read("site.json") == before)
    }

    @Test(arguments: ["inspect", "extract"])
    func inspectAndExtractSuggestTheURLWhenNoSuchFileIsThere(command: String) throws {
        let site = try TemporarySite.initialized()
        defer { site.remove() }

        let result = try site.run(command, "example.org/feed.xml")
        #expect(result.status == 64)
        #expect(result.stderr == """
            error: example.org/feed.xml: no such file, and not a URL (it has no http:// or https://); did you mean https://example.org/feed.xml?
            Run 'newsgen help \(command)' for usage.

            """)
        #expect(result.stdout.isEmpty)
    }

    @Test func aFileShapedLikeAnAddressThatIsThereStaysAFile() throws {
        let site = try TemporarySite.initialized()
        defer { site.remove() }
        try site.write("example.org/feed.xml", InspectEndToEndTests.smallFeed)
        try site.write("example.org/page.html", "<html><body><article><h1>Kept</h1><p>\(String(repeating: "A page read from disk. ", count: 30))</p></article></body></html>")

        let inspected = try site.run("inspect", "example.org/feed.xml")
        #expect(inspected.status == 0, "stderr: \(inspected.stderr)")
        #expect(inspected.stdout.contains("\"title\" : \"Small & Simple\"") || inspected.stdout.contains("\"title\": \"Small & Simple\""))
        let extracted = try site.run("extract", "example.org/page.html", "--format", "text")
        #expect(extracted.status == 0, "stderr: \(extracted.stderr)")
        #expect(extracted.stdout.contains("A page read from disk."))
    }

    @Test func aMistypedFileNameIsStillNotFoundWithoutASuggestion() throws {
        let site = try TemporarySite.initialized()
        defer { site.remove() }

        let result = try site.run("inspect", "feed.xml")
        #expect(result.status == 1)
        #expect(result.stderr == "error: feed.xml: not found\n")
    }
}
