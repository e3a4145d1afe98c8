/// Colour for the labels of diagnostics (`error:`, `warning:`, `note:`), as compilers print them.
/// Colour is for people: only when the stream is a terminal, never when `NO_COLOR` is set to
/// anything but the empty string (https://no-color.org), and never on a `dumb` terminal.
/// A log file, a pipe or CI output therefore gets plain text.
public struct TerminalStyle: Equatable, Sendable {
    /// The severity of one diagnostic line, which picks its label and colour.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// Whether the labels are coloured.
    public let colour: Bool

    /// A style that colours, or does not; `forStream` picks one for a stream.
    public init(colour: Bool) { self.colour = colour }

    /// The style a user expects for a stream: pure, so the rule is tested without a terminal.
    public static func forStream(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return TerminalStyle(colour: false) }
        if environment["TERM"] == "dumb" { return TerminalStyle(colour: false) }
        return TerminalStyle(colour: isTerminal)
    }

    /// `error: message`, with the label in bold and the severity's colour when colour is on.
    public func line(_ severity: Severity, _ message: String) -> String {
        let label = severity.rawValue + ":"
        guard colour else { return label + " " + message }
        return "\u{1B}[1;\(Self.colourCode(severity))m" + label + "\u{1B}[0m " + message
    }

    /// Red for errors, yellow for warnings, cyan for notes: the compilers' palette.
    private static func colourCode(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 31
        case .warning: return 33
        case .note: return 36
        }
    }
}
