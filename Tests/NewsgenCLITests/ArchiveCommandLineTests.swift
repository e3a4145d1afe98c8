import NewsgenCLI
import Testing

/// `newsgen archive remove …` parsed: the pure parser, without a process.
@Suite("archive command line")
struct ArchiveCommandLineTests {
    @Test func removeWithReasonAndSite() throws {
        #expect(try parse("archive", "remove", "/articles/lantern/", "--reason", "legal request", "--site", "news")
                == .archive(Command.ArchiveArguments(.remove(article: "/articles/lantern/", reason: "legal request"), site: "news")))
        #expect(try parse("archive", "remove", "--reason=spam", "ca210d146b328b1f")
                == .archive(Command.ArchiveArguments(.remove(article: "ca210d146b328b1f", reason: "spam"))))
        #expect(try parse("archive", "remove", "ca210d146b328b1f")
                == .archive(Command.ArchiveArguments(.remove(article: "ca210d146b328b1f", reason: nil))))
        #expect(try parse("archive", "remove", "--", "-odd")
                == .archive(Command.ArchiveArguments(.remove(article: "-odd", reason: nil))))
        // A blank reason is no reason.
        #expect(try parse("archive", "remove", "x", "--reason", " ")
                == .archive(Command.ArchiveArguments(.remove(article: "x", reason: nil))))
    }

    @Test func refreshAnArticleOrASource() throws {
        #expect(try parse("archive", "refresh", "ca210d146b328b1f")
                == .archive(Command.ArchiveArguments(.refresh(article: "ca210d146b328b1f", source: nil))))
        #expect(try parse("archive", "refresh", "--source", "harbour", "--site", "news")
                == .archive(Command.ArchiveArguments(.refresh(article: nil, source: "harbour"), site: "news")))
    }

    @Test func help() throws {
        #expect(try parse("archive", "remove", "--help") == .help(topic: "archive"))
        #expect(try parse("archive", "--help") == .help(topic: "archive"))
        #expect(try parse("help", "archive") == .help(topic: "archive"))
        #expect(HelpText.text(for: "archive") == HelpText.archive)
        #expect(HelpText.text(for: nil).contains("\n  archive     Take an article down for good, or read an article's page again\n"))
    }

    @Test(arguments: [
        (["archive"], "archive needs a subcommand: remove or refresh"),
        (["archive", "remve", "x"], "unknown archive subcommand 'remve' (did you mean 'remove'?); use remove or refresh"),
        (["archive", "delete", "x"], "unknown archive subcommand 'delete'; use remove or refresh"),
        (["archive", "--site", "x"], "archive needs a subcommand (remove or refresh) before '--site'"),
        (["archive", "refresh", "a", "--reason", "x"], "--reason is only for 'archive remove'"),
        (["archive", "remove"], "archive remove needs an article: its id, its page on the site (/articles/<slug>/) or its URL"),
        (["archive", "remove", "a", "b"], "archive remove takes one article, not both 'a' and 'b'"),
        (["archive", "remove", "a", "--reason"], "--reason needs a value"),
        (["archive", "remove", "a", "--reasons", "x"], "unknown option '--reasons' (did you mean '--reason'?)"),
        (["archiv", "remove", "a"], "unknown command 'archiv' (did you mean 'archive'?)"),
    ])
    func misuse(arguments: [String], message: String) {
        #expect(usageError(arguments) == message)
    }
}
