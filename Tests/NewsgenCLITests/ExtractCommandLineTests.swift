import Testing
@testable import NewsgenCLI

@Suite("Command line: extract")
struct ExtractCommandLineTests {
    @Test func fileOrURLWithBaseAndFormat() throws {
        #expect(try parse("extract", "page.html") == .extract(.init(source: "page.html")))
        #expect(try parse("extract", "https://example.org/story", "--format", "json")
            == .extract(.init(source: "https://example.org/story", format: "json")))
        #expect(try parse("extract", "page.html", "--base", "https://example.org/a.html", "--format=text")
            == .extract(.init(source: "page.html", base: "https://example.org/a.html", format: "text")))
        #expect(Command.ExtractArguments.Format(rawValue: "xml") == nil)
        #expect(Command.ExtractArguments.Format.allCases.map(\.rawValue) == ["html", "text", "json"])
    }

    @Test func helpForExtract() throws {
        #expect(try parse("extract", "--help") == .help(topic: "extract"))
        #expect(HelpText.text(for: "extract") == HelpText.extract)
        #expect(HelpText.overview.contains("  extract     Show the article newsgen finds on one web page"))
    }

    @Test func misuseNamesTheProblem() {
        #expect(usageError("extract") == "extract needs a page file or an http(s) URL")
        #expect(usageError("extract", "a.html", "b.html") == "extract takes one page file or URL, not both 'a.html' and 'b.html'")
        #expect(usageError("extract", "a.html", "--base") == "--base needs a value (an absolute URL such as 'https://example.org/story.html')")
    }
}
