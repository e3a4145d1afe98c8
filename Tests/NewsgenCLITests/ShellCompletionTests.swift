import Testing
@testable import NewsgenCLI

/// The completion scripts and the man page are written from the table the parser reads: every command,
/// subcommand, option and option value the parser takes is in each of them.
@Suite("Shell completion and man page")
struct ShellCompletionTests {
    static let table = CommandLineParser.table

    /// Every word the command line takes: commands, subcommands, options (global ones too).
    static let everyWord: [String] = table.options.map(\.name) + table.commands.flatMap { command in
        [command.name] + command.subcommands.map(\.name) + command.options.map(\.name)
    }

    @Test(arguments: [ShellCompletion.Shell.bash, .zsh])
    func bashAndZshOfferEveryCommandSubcommandOptionAndChoice(_ shell: ShellCompletion.Shell) {
        let script = ShellCompletion.script(for: shell, table: Self.table)
        for word in Self.everyWord { #expect(script.contains(" '\(word):") || script.contains(" '\(word)'"), "\(shell): \(word)") }
        for choice in ["html", "text", "json", "never", "auto", "always"] { #expect(script.contains(" '\(choice)'"), "\(shell): \(choice)") }
        // The value of --source (archive refresh) is a source id, of --site a folder.
        #expect(script.contains("archive:--source) _newsgen_reply sources; return ;;"))
        #expect(script.contains("build:--site) _newsgen_reply directories; return ;;"))
        #expect(script.contains("source:--id) _newsgen_reply none; return ;;"), "a new source's id is not one already there")
        #expect(script.contains("\"bookmark remove\") _newsgen_reply bookmarks ;;"))
        #expect(script.contains("\"source remove\") _newsgen_reply sources ;;"))
    }

    @Test func fishOffersEveryCommandSubcommandOptionAndChoice() {
        let script = ShellCompletion.script(for: .fish, table: Self.table)
        for word in Self.everyWord {
            let offered = word.hasPrefix("--") ? " -l \(word.dropFirst(2))" : " -a '\(word)'"
            #expect(script.contains(offered), "\(word)")
        }
        #expect(script.contains("-n '__newsgen_at extract' -l format -x -a 'html text json'"))
        #expect(script.contains("-n '__newsgen_at source add' -l full-text -x -a 'never auto always'"))
        #expect(script.contains("-n '__newsgen_at source remove' -x -a '(__newsgen_ids sources)'"))
        #expect(!script.contains("__newsgen_at source add' -l purge"), "--purge is only for source remove")
    }

    /// The word after an option that takes a value is skipped when the scripts look for the command.
    @Test func everyOptionWithAValueIsSkippedAsAValue() {
        let withValue = Self.table.commands.flatMap(\.options).filter { $0.value != nil }.map(\.name)
        #expect(Set(ShellCompletion.valueOptions(Self.table)) == Set(withValue))
        #expect(ShellCompletion.valueOptions(Self.table).contains("--content-type"))
    }

    @Test func theManPageHasEveryCommandItsOptionsAndTheHelpsProse() throws {
        let page = ManPage.text(Self.table)
        #expect(page.contains(".TH NEWSGEN 1 \"\" \"newsgen "))
        for command in Self.table.commands {
            #expect(page.contains(".SS \"newsgen \(command.name)\""), "\(command.name)")
            for usage in HelpText.usage(command) { #expect(page.contains("\\fB" + ManPage.escape(usage) + "\\fR"), "\(usage)") }
            for option in command.options { #expect(page.contains("\\fB" + ManPage.escape(option.synopsis) + "\\fR"), "\(option.name)") }
        }
        let check = try #require(Self.table.command("check"))
        #expect(page.contains(ManPage.escape("  - the bookmark manifest: it loads, and every bookmark is in the archive;")))
        #expect(page.contains(ManPage.escape(check.about.components(separatedBy: "\n")[0])))
        // Every line is text or a request the page means: no help text starts one with a dot.
        for line in page.components(separatedBy: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect([".\\\"", ".TH", ".nh", ".ad l", ".SH", ".SS", ".PP", ".TP", ".br", ".nf", ".fi", ".RS", ".RE"].contains { line.hasPrefix($0) }, "\(line)")
        }
    }

    @Test func roffEscapesHyphensBackslashesAndALeadingDot() {
        #expect(ManPage.escape("--site DIR") == "\\-\\-site DIR")
        #expect(ManPage.escape("a\\b") == "a\\eb")
        #expect(ManPage.escape(".hidden") == "\\&.hidden")
        #expect(ManPage.escape("'quoted'") == "\\&'quoted'")
        #expect(ManPage.escape("newsgen — news") == "newsgen \\[u2014] news")
    }

    @Test func helpManAndCompletionParse() throws {
        #expect(try CommandLineParser.parse(["help", "--man"]) == .manPage)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["help", "build", "--man"]) }
        for shell in ShellCompletion.Shell.allCases {
            #expect(try CommandLineParser.parse(["completion", shell.rawValue]) == .completion(shell))
        }
        #expect(throws: UsageError("completion needs a subcommand: bash, zsh or fish")) { try CommandLineParser.parse(["completion"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["completion", "tcsh"]) }
    }

    @Test func quotingSurvivesQuotes() {
        #expect(ShellQuote.single("it's") == "'it'\\''s'")
        #expect(ShellQuote.fish("it's a \\") == "'it\\'s a \\\\'")
    }
}
