import Foundation
import NewsgenModel

/// `newsgen help --man`: newsgen(1) in roff, written from the same table and the same prose as every
/// `--help`, so the manual says what the binary does (ADR 041). No date in it: the page is the same
/// for the same version, whenever it is made.
public enum ManPage {
    /// The whole page: name, synopsis, the overview's options, each command's help, exit status, environment.
    public static func text(_ table: CommandTable) -> String {
        var lines = [
            ".\\\" newsgen(1), written by 'newsgen help --man' from its command table; edit the table, not this.",
            ".TH NEWSGEN 1 \"\" \"\(NewsgenVersion.name)\" \"User Commands\"",
            // Commands and paths read best unhyphenated and ragged right.
            ".nh",
            ".ad l",
            ".SH NAME",
            "newsgen \\- " + escape(table.tagline.components(separatedBy: " — ").dropFirst().joined(separator: " — ")),
            ".SH SYNOPSIS",
        ]
        for command in table.commands {
            for usage in HelpText.usage(command) { lines += [".br", bold(usage)] }
        }
        lines += [".SH DESCRIPTION", escape(table.tagline), ".SH OPTIONS"]
        lines += options(table.options)
        lines.append(".SH COMMANDS")
        for command in table.commands {
            lines += [".SS " + quoted("newsgen " + command.name), escape(command.summary.joined(separator: " ")), ".PP"]
            for usage in HelpText.usage(command) { lines += [bold(usage), ".br"] }
            lines += prose(command.about)
            if command.subcommands.count > 1 {
                lines += [".PP", "Subcommands:"]
                for sub in command.subcommands { lines += [".TP", bold(sub.name), escape(sub.summary.joined(separator: " "))] }
            }
            if !command.options.isEmpty {
                lines += [".PP", "Options:"]
                lines += options(command.options)
            }
            if let notes = command.notes { lines += prose(notes) }
            lines += examples(command.examples)
        }
        lines += [".SH EXIT STATUS"] + prose(table.notes)
        lines += [".SH ENVIRONMENT", ".TP", bold("NO_COLOR"), "Set to any value: diagnostics are never coloured.",
                  ".TP", bold("SOURCE_DATE_EPOCH"), "Seconds since 1970: the build's time, for a reproducible build."]
        lines += [".SH EXAMPLES"] + examples(table.examples).dropFirst(2)
        lines += [".SH SEE ALSO", escape(table.trailer.components(separatedBy: "\n").first ?? "")]
        return lines.joined(separator: "\n")
    }

    /// One `.TP` per option: its synopsis in bold, its help as one filled line.
    private static func options(_ options: [OptionSpec]) -> [String] {
        options.flatMap { [".TP", bold($0.synopsis), escape($0.help.joined(separator: " "))] }
    }

    private static func examples(_ lines: [String]) -> [String] {
        guard !lines.isEmpty else { return [] }
        return [".PP", "Examples:", ".RS", ".nf"] + lines.map(escape) + [".fi", ".RE"]
    }

    /// The help's paragraphs: one filled paragraph each, except one with indented lines (a list, commands
    /// to type), which keeps its lines as the help shows them.
    static func prose(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.flatMap { paragraph in
            let lines = paragraph.components(separatedBy: "\n")
            guard lines.dropFirst().contains(where: { $0.hasPrefix(" ") }) || lines.first?.hasPrefix(" ") == true else {
                return [".PP", escape(lines.joined(separator: " "))]
            }
            return [".PP", ".nf"] + lines.map(escape) + [".fi"]
        }
    }

    /// Text as roff reads it literally: backslashes and hyphens escaped, a leading dot or quote neutralised,
    /// and every character beyond ASCII as `\[u2014]`, which groff reads whatever the locale.
    static func escape(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": return "\\e"
            case "-": return "\\-"
            case _ where scalar.isASCII: return String(scalar)
            default: return "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }.joined()
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    private static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    private static func quoted(_ text: String) -> String { "\"" + escape(text) + "\"" }
}
