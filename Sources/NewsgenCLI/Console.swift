import Foundation
import NewsgenKit
import NewsgenModel

/// Where a command's words go: results and summaries to standard output, diagnostics
/// (`error:`, `warning:`, `note:`) to standard error, each stream with its own colour rule,
/// since either may be a terminal while the other is piped. A write that fails never ends the
/// process: `finish` turns a lost output into exit 1 and a sentence (ADR 050).
struct Console: Sendable {
    let outputStyle: TerminalStyle
    let errorStyle: TerminalStyle
    let output = StandardStream(descriptor: STDOUT_FILENO)
    /// A diagnostic that cannot be written is dropped: there is nowhere left to say so.
    let errors = StandardStream(descriptor: STDERR_FILENO)

    /// The styles for this process's two streams, from `isatty` and the environment.
    static func current(environment: [String: String]) -> Console {
        Console(outputStyle: .forStream(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment),
                errorStyle: .forStream(isTerminal: isatty(STDERR_FILENO) == 1, environment: environment))
    }

    func print(_ text: String) {
        output.write(text + "\n")
    }

    /// A diagnostic on standard error: `error: message`, labelled and coloured by severity;
    /// with no severity, a plain line that follows one (a hint).
    func diagnose(_ severity: TerminalStyle.Severity?, _ message: String) {
        let line = severity.map { errorStyle.line($0, message) } ?? message
        errors.write(line + "\n")
    }

    /// A diagnostic that is the command's own result (`newsgen check`), on standard output.
    func report(_ severity: TerminalStyle.Severity, _ message: String) {
        print(outputStyle.line(severity, message))
    }

    func error(_ message: String) { diagnose(.error, message) }
    func warning(_ message: String) { diagnose(.warning, message) }

    /// The exit status of a command that ended with `status`, once its output is judged. When the
    /// output could not be written that is exit 1, with a sentence on standard error saying so and,
    /// for a command that succeeded, what it had `saved` (`bookmarks.json was saved; writing the
    /// output failed: No space left on device`). A reader that closed the pipe (`newsgen … | head -1`)
    /// has read all it wanted: nothing is said and the status stands, as ripgrep does it.
    func finish(_ status: Int32, saved: String?) -> Int32 {
        guard let failure = output.failure, failure != EPIPE else { return status }
        let done = status == NewsgenCLI.exitSuccess ? saved.map { "\($0); " } ?? "" : ""
        error(done + "writing the output failed: " + String(cString: strerror(failure)))
        return status == NewsgenCLI.exitSuccess ? NewsgenCLI.exitFailure : status
    }
}
