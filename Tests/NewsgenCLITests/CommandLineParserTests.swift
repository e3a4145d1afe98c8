import Foundation
import Testing
@testable import NewsgenCLI

@Suite("Command line")
struct CommandLineParserTests {
    @Test func buildWithDefaults() throws {
        #expect(try parse("build") == .build(Command.BuildArguments()))
    }

    @Test func buildWithEveryFlag() throws {
        var expected = Command.BuildArguments()
        expected.site = "site"
        expected.output = "/tmp/out"
        expected.offline = true
        expected.strict = true
        expected.verbosity = .verbose
        #expect(try parse("build", "--site", "site", "--output=/tmp/out", "--offline", "--strict", "--verbose") == .build(expected))
        #expect(try parse("build", "--quiet") == .build({ var q = Command.BuildArguments(); q.verbosity = .quiet; return q }()))
    }

    @Test func helpAndVersion() throws {
        #expect(try parse() == .help(topic: nil))
        #expect(try parse("--help") == .help(topic: nil))
        #expect(try parse("help", "build") == .help(topic: "build"))
        #expect(try parse("build", "--help") == .help(topic: "build"))
        #expect(try parse("--version") == .version)
    }

    @Test func misuseNamesTheProblemAndSuggests() {
        #expect(usageError("biuld") == "unknown command 'biuld' (did you mean 'build'?)")
        #expect(usageError("frobnicate") == "unknown command 'frobnicate'")
        #expect(usageError("build", "--ofline") == "unknown option '--ofline' (did you mean '--offline'?)")
        #expect(usageError("build", "--site") == "--site needs a value")
        #expect(usageError("build", "--site", "--offline") == "--site needs a value")
        #expect(usageError("build", "extra") == "build takes no argument 'extra' (use --site DIR to build another folder)")
        #expect(usageError("--verison") == "unknown option '--verison' (did you mean '--version'?)")
        #expect(usageError("help", "bild") == "unknown command 'bild' (did you mean 'build'?)")
    }

    private func bookmark(_ action: Command.BookmarkArguments.Action, site: String = ".") -> Command {
        .bookmark(Command.BookmarkArguments(action, site: site))
    }

    @Test func bookmarkSubcommands() throws {
        #expect(try parse("bookmark", "add", "3f9a1c0d5e7b2a64") == bookmark(.add(article: "3f9a1c0d5e7b2a64", note: nil)))
        #expect(try parse("bookmark", "add", "/articles/a/", "--note", "for the digest", "--site", "news")
            == bookmark(.add(article: "/articles/a/", note: "for the digest"), site: "news"))
        #expect(try parse("bookmark", "add", "--note=-1 below the fold", "x") == bookmark(.add(article: "x", note: "-1 below the fold")))
        #expect(try parse("bookmark", "add", "x", "--note", "") == bookmark(.add(article: "x", note: "")))
        #expect(try parse("bookmark", "remove", "https://example.org/a?b=1") == bookmark(.remove(article: "https://example.org/a?b=1")))
        #expect(try parse("bookmark", "toggle", "--site=news", "x", "--note", "n") == bookmark(.toggle(article: "x", note: "n"), site: "news"))
        #expect(try parse("bookmark", "remove", "--", "-odd") == bookmark(.remove(article: "-odd")))
        #expect(try parse("bookmark", "list") == bookmark(.list(json: false)))
        #expect(try parse("bookmark", "list", "--json", "--site", "news") == bookmark(.list(json: true), site: "news"))
    }

    @Test(arguments: [
        ["help", "bookmark"], ["bookmark", "--help"], ["bookmark", "-h"], ["bookmark", "add", "--help"],
        ["bookmark", "list", "--json", "--help"], ["bookmark", "ad", "--help"],
    ])
    func bookmarkHelp(arguments: [String]) throws {
        #expect(try CommandLineParser.parse(arguments) == .help(topic: "bookmark"))
    }

    @Test(arguments: [
        (["bookmark"], "bookmark needs a subcommand: add, remove, toggle or list"),
        (["bokmark", "add"], "unknown command 'bokmark' (did you mean 'bookmark'?)"),
        (["bookmark", "ad", "x"], "unknown bookmark subcommand 'ad' (did you mean 'add'?); use add, remove, toggle or list"),
        (["bookmark", "delete", "x"], "unknown bookmark subcommand 'delete'; use add, remove, toggle or list"),
        (["bookmark", "lst"], "unknown bookmark subcommand 'lst' (did you mean 'list'?); use add, remove, toggle or list"),
        (["bookmark", "--site", "news", "list"], "bookmark needs a subcommand (add, remove, toggle or list) before '--site'"),
        (["bookmark", "add"], "bookmark add needs an article: its id, its page on the site (/articles/<slug>/) or its URL"),
        (["bookmark", "remove", "--site", "news"], "bookmark remove needs an article: its id, its page on the site (/articles/<slug>/) or its URL"),
        (["bookmark", "add", "a", "b"], "bookmark add takes one article, not both 'a' and 'b'"),
        (["bookmark", "add", "a", "--note"], "--note needs a value"),
        (["bookmark", "add", "a", "--note", "--site", "x"], "--note needs a value"),
        (["bookmark", "add", "a", "--noet", "x"], "unknown option '--noet' (did you mean '--note'?)"),
        (["bookmark", "remove", "a", "--note", "x"], "--note is only for 'bookmark add' and 'bookmark toggle'"),
        (["bookmark", "add", "a", "--json"], "--json is only for 'bookmark list'"),
        (["bookmark", "list", "--jsn"], "unknown option '--jsn' (did you mean '--json'?)"),
        (["bookmark", "list", "--json=yes"], "--json takes no value"),
        (["bookmark", "list", "x"], "bookmark list takes no argument 'x'"),
        (["bookmark", "list", "--site"], "--site needs a value"),
        (["help", "bookmark", "add"], "help takes at most one command name"),
    ])
    func bookmarkMisuse(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
    }

    @Test func theOverviewAndTheBookmarkHelpNameTheCommand() {
        #expect(HelpText.text(for: nil).contains("\n  bookmark    Add, remove, toggle or list the site's bookmarks (bookmarks.json)\n"))
        #expect(HelpText.text(for: "bookmark") == HelpText.bookmark)
        #expect(HelpText.bookmark.hasPrefix("Usage: newsgen bookmark add ARTICLE [--note TEXT] [--site DIR]\n"))
    }
}

/// The commands the CI documentation tells people to run are commands newsgen accepts.
@Suite("Documented commands")
struct DocumentedCommandsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `newsgen …` invocation in a documentation file, as its arguments.
    private static func invocations(in relativePath: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "newsgen build") else { return nil }
            let command = line[range.lowerBound...].prefix { $0 != ";" && $0 != "#" && $0 != "`" && $0 != "|" }
            return command.split(separator: " ").dropFirst().map(String.init)
        }
    }

    @Test(arguments: ["docs/ci.md", "docs/ci/github-actions.yml"])
    func theCIExampleRunsARealCommand(file: String) throws {
        let found = try Self.invocations(in: file)
        #expect(!found.isEmpty, "\(file) shows how newsgen build is run")
        for arguments in found {
            #expect(throws: Never.self, "\(arguments.joined(separator: " ")) in \(file)") { _ = try CommandLineParser.parse(arguments) }
        }
    }
}
