import Testing
@testable import NewsgenCLI

@Suite struct TerminalStyleTests {
    @Test(arguments: [
        (true, [:], true),
        (false, [:], false),
        (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": "0"], false),
        (true, ["NO_COLOR": ""], true),
        (true, ["TERM": "dumb"], false),
        (true, ["TERM": "xterm-256color"], true),
        (false, ["TERM": "xterm-256color"], false),
    ] as [(Bool, [String: String], Bool)])
    func colourOnlyOnATerminalAndNeverWithNoColor(isTerminal: Bool, environment: [String: String], colour: Bool) {
        #expect(TerminalStyle.forStream(isTerminal: isTerminal, environment: environment).colour == colour)
    }

    @Test func labelsAreColouredBySeverity() {
        let style = TerminalStyle(colour: true)
        #expect(style.line(.error, "x") == "\u{1B}[1;31merror:\u{1B}[0m x")
        #expect(style.line(.warning, "x") == "\u{1B}[1;33mwarning:\u{1B}[0m x")
        #expect(style.line(.note, "x") == "\u{1B}[1;36mnote:\u{1B}[0m x")
    }

    @Test func plainLabelsWithoutColour() {
        #expect(TerminalStyle(colour: false).line(.error, "site.json:2:16: not valid JSON") == "error: site.json:2:16: not valid JSON")
    }
}
