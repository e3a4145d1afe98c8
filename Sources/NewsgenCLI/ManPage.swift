import Foundation
import NewsgenKit
import NewsgenModel

/// `newsgen help --man`: newsgen(1) in roff, written from the same table and the same prose as every
/// `--help`, so the manual says what the binary does (ADR 041). No date in it: the page is the same
/// for the same version, whenever it is made.
public enum ManPage {
    /// The whole page: name, synopsis, the overview's options, each command's help, exit status, environment.
    /// `source` is where the binary was built from, when its build recorded it (`BuildCommit.source`):
    /// SEE ALSO then names the documentation at that commit.
    public static func text(_ table: CommandTable, source: NewsgenSource? = nil) -> String {
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
        lines += ManPage.configuration + ManPage.files
        lines += [".SH EXAMPLES"] + examples(table.examples).dropFirst(2)
        lines += seeAlso(table, source: source)
        return lines.joined(separator: "\n")
    }

    /// CONFIGURATION: site.json's every key, from the table its decoder reads by (`SiteConfig.keys`, ADR 060).
    static var configuration: [String] {
        [".SH CONFIGURATION"] + prose("""
        A site is a folder with a site.json: one JSON object, version \(SiteConfig.supportedVersion). A key left out, or
        null, takes its default; a key newsgen does not know is an error that names it. Paths are relative to the
        site folder. Every key, with its type and default:
        """) + SiteConfig.keys.flatMap { key in
            [".TP", bold(key.path) + " " + escape("(\(key.kind.text); default: \(key.defaultValue))"), escape(key.meaning)]
        }
    }

    /// FILES: what a site folder holds, named by the defaults of site.json's keys.
    static var files: [String] {
        let site = SiteConfig(title: "", sources: [])
        let rows: [(String, String)] = [
            ("site.json", "The site's configuration (CONFIGURATION above); 'newsgen init' writes one."),
            (site.archive.path + "/", "The archive: every article newsgen has kept, by source (archive.path)."),
            (site.archive.path + "/state.json", "What each source last answered (validators, failures, back-off); newsgen writes it."),
            (site.bookmarks, "The bookmark manifest ('newsgen bookmark'); commit it with the site."),
            (site.articles + "/", "Markdown articles, published beside the feeds' (articles)."),
            ("templates/", "The site's own theme files and templates/strings/LANG.json, over the built-in ones."),
            (site.staticDirectory + "/", "Copied into the site as it is (static)."),
            (".newsgen/", "Caches and the last build's records (images, search terms, the build lock): newsgen remakes them; not committed."),
            ("public/", "The built site ('newsgen build --output' chooses another folder)."),
        ]
        return [".SH FILES"] + rows.flatMap { [".TP", bold($0.0), escape($0.1)] }
    }

    /// SEE ALSO: what is there on a machine with only the package: the help of each command, the
    /// package's documentation folder, and the source and its docs/ when the build recorded where from.
    static func seeAlso(_ table: CommandTable, source: NewsgenSource?) -> [String] {
        var lines = [".SH SEE ALSO", escape(table.trailer.components(separatedBy: "\n").first ?? ""), ".PP",
                     escape("/usr/share/doc/newsgen/: the package's copyright and changelog.")]
        if let source {
            lines += [".PP", escape("The source this newsgen was built from, with its README.md and docs/ (commands.md, "
                                    + "templates.md, full-text.md, hosting.md): \(source.repository) at commit \(source.ref).")]
        }
        return lines
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
