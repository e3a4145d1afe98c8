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
        #expect(try parse("extract", "page.html") == .extract(.init(sources: ["page.html"])))
    }

    @Test func manyPagesAListAndAFolder() throws {
        #expect(try parse("extract", "a.html", "b.html", "c/d.htm", "--format", "json")
            == .extract(.init(sources: ["a.html", "b.html", "c/d.htm"], format: "json")))
        #expect(try parse("extract", "--list", "pages.txt", "--output", "out", "--format", "text")
            == .extract(.init(sources: [], list: "pages.txt", output: "out", format: "text")))
        #expect(try parse("extract", "--list", "-", "--format=json")
            == .extract(.init(sources: [], list: "-", format: "json")))
        #expect(try parse("extract", "a.html", "--list=more.txt", "--output=out")
            == .extract(.init(sources: ["a.html"], list: "more.txt", output: "out")))
        #expect(try parse("extract", "--", "-odd.html", "b.html") == .extract(.init(sources: ["-odd.html", "b.html"])))
        // A source's rules, tried on every page of the run.
        #expect(try parse("extract", "--list", "pages.txt", "--format", "json", "--select", "article", "--remove", ".related")
            == .extract(.init(sources: [], list: "pages.txt", format: "json", select: "article", remove: ".related")))
    }

    @Test func oneFileWithoutAListOrAFolderIsTheOnePageForm() throws {
        #expect(Command.ExtractArguments(source: "a.html").isBulk == false)
        #expect(Command.ExtractArguments(source: "a.html", base: "https://example.org/", format: "text").isBulk == false)
        #expect(Command.ExtractArguments(sources: ["a.html", "b.html"]).isBulk)
        #expect(Command.ExtractArguments(sources: ["a.html"], output: "out").isBulk)
        // A list is the bulk form even when it names one page: what a script gets does not depend on the list's length.
        #expect(Command.ExtractArguments(sources: [], list: "one-line.txt").isBulk)
    }

    @Test func helpForExtract() throws {
        #expect(try parse("extract", "--help") == .help(topic: "extract"))
        #expect(HelpText.text(for: "extract") == HelpText.extract)
        #expect(HelpText.overview.contains("  extract     Show the article newsgen finds on a web page"))
        #expect(HelpText.extract.hasPrefix("Usage: newsgen extract FILE|URL... [--base URL] [--format FORMAT] [--select CSS] [--remove CSS] [--list FILE] [--output DIR]\n"))
        let words = HelpText.extract.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("With many pages: exits 0 when every page gave an article, 1 when any did not."))
    }

    @Test func misuseNamesTheProblem() {
        #expect(usageError("extract") == "extract needs a page file or an http(s) URL (or --list FILE)")
        #expect(usageError("extract", "--output", "out") == "extract needs a page file or an http(s) URL (or --list FILE)")
        #expect(usageError("extract", "a.html", "--base") == "--base needs a value (an absolute URL such as 'https://example.org/story.html')")
        #expect(usageError("extract", "--list") == "--list needs a value")
    }
}
