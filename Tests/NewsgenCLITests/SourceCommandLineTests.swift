import NewsgenCLI
import Testing

/// `newsgen source …` parsed: the pure parser, without a process.
@Suite("source command line")
struct SourceCommandLineTests {
    @Test func addWithEveryOption() throws {
        #expect(try parse("source", "add", "https://example.org/", "--id", "ex", "--title", "Ex", "--full-text", "auto", "--pick", "2", "--site", "news")
                == .source(Command.SourceArguments(.add(url: "https://example.org/", id: "ex", title: "Ex", fullText: "auto", pick: "2"), site: "news")))
        #expect(try parse("source", "add", "https://example.org/feed.xml")
                == .source(Command.SourceArguments(.add(url: "https://example.org/feed.xml", id: nil, title: nil, fullText: nil, pick: nil))))
    }

    @Test func listRemoveImportExport() throws {
        #expect(try parse("source", "list") == .source(Command.SourceArguments(.list)))
        #expect(try parse("source", "remove", "harbour", "--purge") == .source(Command.SourceArguments(.remove(id: "harbour", keepArchive: false, purge: true))))
        #expect(try parse("source", "remove", "harbour", "--keep-archive")
                == .source(Command.SourceArguments(.remove(id: "harbour", keepArchive: true, purge: false))))
        #expect(try parse("source", "import", "subs.opml", "--dry-run") == .source(Command.SourceArguments(.importOPML(file: "subs.opml", dryRun: true, check: true))))
        #expect(try parse("source", "import", "subs.opml", "--no-check") == .source(Command.SourceArguments(.importOPML(file: "subs.opml", dryRun: false, check: false))))
        #expect(try parse("source", "export", "--site", "news") == .source(Command.SourceArguments(.export, site: "news")))
        #expect(try parse("source", "add", "--help") == .help(topic: "source"))
        #expect(HelpText.text(for: nil).contains("\n  source      Add a source by its web address, list or remove sources, import\n"))
    }

    @Test func setTakesThreeWordsTheLastMayBeEmpty() throws {
        #expect(try parse("source", "set", "a,b", "full-text", "auto", "--site", "news")
                == .source(Command.SourceArguments(.set(ids: "a,b", key: "full-text", value: "auto"), site: "news")))
        #expect(try parse("source", "set", "a", "category", "") == .source(Command.SourceArguments(.set(ids: "a", key: "category", value: ""))))
    }

    @Test(arguments: [
        (["source"], "source needs a subcommand: add, list, set, remove, import or export"),
        (["source", "ad", "x"], "unknown source subcommand 'ad' (did you mean 'add'?); use add, list, set, remove, import or export"),
        (["source", "add"], "source add needs a URL: a feed's or a web page's"),
        (["source", "remove"], "source remove needs a source id ('newsgen source list' shows them)"),
        (["source", "import"], "source import needs an OPML file"),
        (["source", "remove", "a", "--keep-archive", "--purge"], "--keep-archive and --purge cannot be used together"),
        (["source", "list", "--pick", "2"], "--pick is only for 'source add'"),
        (["source", "add", "x", "--dry-run"], "--dry-run is only for 'source import'"),
        (["source", "export", "x"], "source export takes no argument 'x'"),
        (["source", "set", "a", "title"], "source set needs ID KEY VALUE, e.g. 'example-news full-text auto'"),
        (["source", "set", "a", "title", "x", "y"], "source set takes ID KEY VALUE, not also 'y'"),
    ])
    func misuse(arguments: [String], message: String) {
        #expect(usageError(arguments) == message)
    }
}
