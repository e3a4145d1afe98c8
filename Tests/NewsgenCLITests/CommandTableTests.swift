import Testing
@testable import NewsgenCLI

/// The table drives both the parser and the help: every option it lists is accepted where it
/// says, every usage line is made from it, and every command's help lists its options.
@Suite("Command table")
struct CommandTableTests {
    static let table = CommandLineParser.table

    /// Each command, and each subcommand with its parent: the words that name it.
    static let forms: [(words: [String], spec: CommandSpec, subcommand: String?)] = table.commands.filter { $0.name != "help" }.flatMap { spec in
        spec.subcommands.isEmpty ? [([spec.name], spec, nil)] : spec.subcommands.map { ([spec.name, $0.name], spec, $0.name) }
    }

    @Test func everyOptionIsAcceptedWhereTheTableSaysAndRefusedElsewhere() throws {
        for form in Self.forms {
            let operand = form.spec.subcommands.first { $0.name == form.subcommand }?.operand ?? form.spec.operand
            let words = form.words + (operand?.required == true ? Array(repeating: "x", count: operand?.words ?? 1) : [])
            for option in form.spec.options {
                let line = words + [option.name] + (option.value.map { _ in ["text/xml"] } ?? [])
                if form.spec.options(for: form.subcommand).contains(where: { $0.name == option.name }) {
                    #expect(throws: Never.self, "\(line)") { try CommandLineParser.parse(line) }
                } else {
                    #expect(throws: UsageError.self, "\(line)") { try CommandLineParser.parse(line) }
                }
            }
            #expect(try CommandLineParser.parse(words + ["--help"]) == .help(topic: form.spec.name))
        }
    }

    @Test func usageLinesComeFromTheOperandAndTheOptions() throws {
        let build = try #require(Self.table.command("build"))
        #expect(HelpText.usage(build) == ["newsgen build [--site DIR] [--output DIR] [--offline] [--strict] [--quiet | --verbose]"])
        let bookmark = try #require(Self.table.command("bookmark"))
        #expect(HelpText.usage(bookmark) == ["newsgen bookmark add ARTICLE [--note TEXT] [--site DIR]",
                                            "newsgen bookmark remove ARTICLE [--site DIR]",
                                            "newsgen bookmark toggle ARTICLE [--note TEXT] [--site DIR]",
                                            "newsgen bookmark list [--json] [--site DIR]"])
        let initialize = try #require(Self.table.command("init"))
        #expect(HelpText.usage(initialize) == ["newsgen init [DIR] [--newsgen-source URL[@REF]]"])
    }

    @Test func everyCommandsHelpListsItsOptionsAndTheOverviewListsEveryCommand() {
        for spec in Self.table.commands where spec.name != "help" {
            let help = HelpText.text(for: spec.name)
            for option in spec.options { #expect(help.contains("\n  \(option.synopsis)  "), "\(spec.name): \(option.name)") }
            #expect(HelpText.overview.contains("\n  \(spec.name) "))
        }
        #expect(HelpText.text(for: "help") == HelpText.overview)
    }

    @Test func rowsAlignTheirHelpAndIndentItsFurtherLines() {
        #expect(HelpText.rows([("a", ["one", "two"]), ("abc", ["three"])]) == "  a    one\n       two\n  abc  three")
        #expect(HelpText.rows([("a", ["one"])], column: 6) == "  a   one")
    }
}
