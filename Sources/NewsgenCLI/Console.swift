import Foundation
import NewsgenKit
import NewsgenModel

/// Where a command's words go: results and summaries to standard output, diagnostics
/// (`error:`, `warning:`, `note:`) to standard error, each stream with its own colour rule,
/// since either may be a terminal while the other is piped.
struct Console: Sendable {
    let outputStyle: TerminalStyle
    let errorStyle: TerminalStyle

    /// The styles for this process's two streams, from `isatty` and the environment.
    static func current(environment: [String: String]) -> Console {
        Console(outputStyle: .forStream(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment),
                errorStyle: .forStream(isTerminal: isatty(STDERR_FILENO) == 1, environment: environment))
    }

    func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// A diagnostic on standard error: `error: message`, labelled and coloured by severity;
    /// with no severity, a plain line that follows one (a hint).
    func diagnose(_ severity: TerminalStyle.Severity?, _ message: String) {
        let line = severity.map { errorStyle.line($0, message) } ?? message
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// A diagnostic that is the command's own result (`newsgen check`), on standard output.
    func report(_ severity: TerminalStyle.Severity, _ message: String) {
        print(outputStyle.line(severity, message))
    }

    func error(_ message: String) { diagnose(.error, message) }
    func warning(_ message: String) { diagnose(.warning, message) }
}
