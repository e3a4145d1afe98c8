import NewsgenModel

/// The text of `newsgen --help` and `newsgen help COMMAND`, written from `CommandTable.newsgen`:
/// usage lines from each command's operand and options, the lists of commands, subcommands
/// and options from their entries, the prose as the table holds it. The README and
/// docs/commands.md quote it (`make usage-docs`).
public enum HelpText {
    /// What `newsgen --version` prints (one version for every layer: `NewsgenVersion`), and the commit
    /// of a `make dist` build: `newsgen 0.1.0 (commit 4d61fe2c1a9b)`.
    public static let version = NewsgenVersion.name + (BuildCommit.current.map { " (commit \($0))" } ?? "")

    /// `newsgen --help`: every command, the global options, the exit status.
    public static let overview = overview(CommandLineParser.table)
    /// `newsgen help build`.
    public static let build = text(for: "build")
    /// `newsgen help check`.
    public static let check = text(for: "check")
    /// `newsgen help inspect`.
    public static let inspect = text(for: "inspect")
    /// `newsgen help extract`.
    public static let extract = text(for: "extract")
    /// `newsgen help bookmark`.
    public static let bookmark = text(for: "bookmark")
    /// `newsgen help archive`.
    public static let archive = text(for: "archive")
    /// `newsgen help init`.
    public static let initialize = text(for: "init")

    /// The help of the command called `topic`; the overview for none (and for `help` itself).
    public static func text(for topic: String?) -> String {
        let table = CommandLineParser.table
        guard let topic, topic != "help", let spec = table.command(topic) else { return overview(table) }
        return command(spec)
    }

    /// Tagline, usage, the commands, the options before any command, then the table's notes and examples.
    static func overview(_ table: CommandTable) -> String {
        [table.tagline, "Usage: newsgen <command> [options]",
         "Commands:\n" + rows(table.commands.map { ($0.name, $0.summary) }),
         "Options:\n" + rows(table.options.map { ($0.synopsis, $0.help) }),
         table.notes, examples(table.examples), table.trailer].joined(separator: "\n\n")
    }

    /// Usage, what it does, its subcommands (when more than one: a single one is its usage line),
    /// its options, then its notes and examples.
    static func command(_ spec: CommandSpec) -> String {
        var blocks = ["Usage: " + usage(spec).joined(separator: "\n       "), spec.about]
        if spec.subcommands.count > 1 { blocks.append("Subcommands:\n" + rows(spec.subcommands.map { ($0.name, $0.summary) })) }
        if !spec.options.isEmpty { blocks.append("Options:\n" + rows(spec.options.map { ($0.synopsis, $0.help) }, column: spec.optionColumn)) }
        if let notes = spec.notes { blocks.append(notes) }
        blocks.append(examples(spec.examples))
        return blocks.joined(separator: "\n\n")
    }

    /// One line per subcommand, or the command's one: `newsgen bookmark add ARTICLE [--note TEXT] [--site DIR]`.
    static func usage(_ spec: CommandSpec) -> [String] {
        let forms: [(words: String, operand: OperandSpec?, subcommand: String?)] = spec.subcommands.isEmpty
            ? [(spec.name, spec.operand, nil)] : spec.subcommands.map { ("\(spec.name) \($0.name)", $0.operand, $0.name) }
        return forms.map { form in
            var words = ["newsgen", form.words]
            if let operand = form.operand {
                let name = operand.name + (operand.many ? "..." : "")
                words.append(operand.required ? name : "[\(name)]")
            }
            var options = spec.options(for: form.subcommand)[...]
            while let option = options.popFirst() {
                // Options of one group share a pair of brackets: `[--quiet | --verbose]`.
                var group = [option.synopsis]
                while let name = option.group, options.first?.group == name, let next = options.popFirst() { group.append(next.synopsis) }
                words.append("[" + group.joined(separator: " | ") + "]")
            }
            return words.joined(separator: " ")
        }
    }

    /// `  name  help`, the help in one column (`column`, else two spaces after the longest name),
    /// its further lines under its first.
    static func rows(_ entries: [(name: String, help: [String])], column: Int? = nil) -> String {
        let column = column ?? 2 + (entries.map(\.name.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: column)
        return entries.map { entry in
            let first = "  " + entry.name + String(repeating: " ", count: max(1, column - 2 - entry.name.count))
            return entry.help.enumerated().map { ($0.offset == 0 ? first : indent) + $0.element }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func examples(_ lines: [String]) -> String {
        "Examples:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
