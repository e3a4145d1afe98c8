import Testing
@testable import NewsgenCLI

@Suite("Command line: check, switches and usage hints")
struct CheckCommandLineTests {
    @Test func checkWithDefaultsAndEveryFlag() throws {
        #expect(try parse("check") == .check(Command.CheckArguments()))
        #expect(try parse("check", "--site", "news", "--output=/srv/www", "--offline")
                == .check(Command.CheckArguments(site: "news", output: "/srv/www", offline: true)))
    }

    @Test(arguments: [["check", "--help"], ["check", "-h"], ["help", "check"], ["check", "--offline", "--help"]])
    func checkHelp(arguments: [String]) throws {
        #expect(try CommandLineParser.parse(arguments) == .help(topic: "check"))
    }

    @Test(arguments: [
        (["chek"], "unknown command 'chek' (did you mean 'check'?)"),
        (["check", "--ofline"], "unknown option '--ofline' (did you mean '--offline'?)"),
        (["check", "public"], "check takes no argument 'public' (use --site DIR to check another folder)"),
        (["check", "--site"], "--site needs a value"),
        (["check", "--offline=yes"], "--offline takes no value"),
        (["build", "--strict=no"], "--strict takes no value"),
        (["build", "--verbose=2"], "--verbose takes no value"),
        (["build", "--quiet", "--verbose"], "--quiet and --verbose cannot be used together"),
        (["build", "--verbose", "--offline", "--quiet"], "--quiet and --verbose cannot be used together"),
        (["help", "chek"], "unknown command 'chek' (did you mean 'check'?)"),
    ])
    func misuse(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
    }

    @Test(arguments: [
        (["check", "--bad"], "newsgen help check"),
        (["bookmark", "ad"], "newsgen help bookmark"),
        (["biuld"], "newsgen --help"),
        (["help", "x"], "newsgen --help"),
        ([], "newsgen --help"),
    ])
    func aMistakePointsAtTheCommandsOwnHelp(arguments: [String], help: String) {
        #expect(CommandLineParser.helpCommand(for: arguments) == help)
    }
}
