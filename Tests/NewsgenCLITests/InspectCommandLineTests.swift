import Testing
@testable import NewsgenCLI

@Suite("Command line: inspect")
struct InspectCommandLineTests {
    @Test func fileOrURLWithOptionalContentType() throws {
        #expect(try parse("inspect", "feed.xml") == .inspect(.init(source: "feed.xml")))
        #expect(try parse("inspect", "https://example.org/feed") == .inspect(.init(source: "https://example.org/feed")))
        #expect(try parse("inspect", "feed.xml", "--content-type", "text/xml; charset=iso-8859-1")
            == .inspect(.init(source: "feed.xml", contentType: "text/xml; charset=iso-8859-1")))
        #expect(try parse("inspect", "--content-type=application/rss+xml", "feed.xml")
            == .inspect(.init(source: "feed.xml", contentType: "application/rss+xml")))
        #expect(try parse("inspect", "--", "-odd-name.xml") == .inspect(.init(source: "-odd-name.xml")))
    }

    @Test func helpForInspect() throws {
        #expect(try parse("inspect", "--help") == .help(topic: "inspect"))
        #expect(try parse("help", "inspect") == .help(topic: "inspect"))
        #expect(HelpText.text(for: "inspect") == HelpText.inspect)
        #expect(HelpText.overview.contains("  inspect     Show how newsgen reads one feed"))
    }

    @Test func misuseNamesTheProblemAndSuggests() {
        #expect(usageError("inspect") == "inspect needs a feed file or an http(s) URL")
        #expect(usageError("inspect", "a.xml", "b.xml") == "inspect takes one feed file or URL, not both 'a.xml' and 'b.xml'")
        #expect(usageError("inspect", "a.xml", "--content-typ", "text/xml")
            == "unknown option '--content-typ' (did you mean '--content-type'?)")
        #expect(usageError("inspect", "a.xml", "--content-type")
            == "--content-type needs a value (a media type such as 'application/rss+xml; charset=utf-8')")
        #expect(usageError("inspect", "--content-type", "--help")
            == "--content-type needs a value (a media type such as 'application/rss+xml; charset=utf-8')")
        #expect(usageError("inspect", "a.xml", "--content-type=")
            == "--content-type needs a value (a media type such as 'application/rss+xml; charset=utf-8')")
        #expect(usageError("inspect", "--offline", "a.xml") == "unknown option '--offline'")
        #expect(usageError("inpsect", "a.xml") == "unknown command 'inpsect' (did you mean 'inspect'?)")
        #expect(usageError("help", "inspekt") == "unknown command 'inspekt' (did you mean 'inspect'?)")
    }

    @Test func buildIsUnchanged() throws {
        #expect(try parse("build") == .build(Command.BuildArguments()))
        #expect(usageError("biuld") == "unknown command 'biuld' (did you mean 'build'?)")
    }
}
