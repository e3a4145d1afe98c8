import NewsgenModel

/// `newsgen completion bash|zsh|fish`: completion scripts written from `CommandTable.newsgen`, the table the
/// parser reads, so every command, subcommand, option and option value the parser takes is offered, and
/// nothing it refuses (ADR 041). Source ids and bookmark ids are read at completion time through
/// `newsgen source list` and `newsgen bookmark list` on the site being completed.
public enum ShellCompletion {
    /// The shells a script is written for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish

        /// Where the Debian package installs its script (`make deb`).
        public var installedAt: String {
            switch self {
            case .bash: return "/usr/share/bash-completion/completions/newsgen"
            case .zsh: return "/usr/share/zsh/vendor-completions/_newsgen"
            case .fish: return "/usr/share/fish/vendor_completions.d/newsgen.fish"
            }
        }
    }

    /// What a word is completed with.
    enum Values: Equatable {
        /// Nothing to offer (free text, a number, a URL).
        case none
        case directories
        case files
        /// A fixed list, each word with its description when it has one.
        case words([Word])
        /// The site's source ids (`newsgen source list`).
        case sourceIDs
        /// The site's bookmarked articles' ids (`newsgen bookmark list`).
        case bookmarkIDs
    }

    /// One word to offer and what it means.
    struct Word: Equatable {
        var text: String
        var description: String?
    }

    /// One place on the command line: a command, or one subcommand of it (nil: before its subcommand).
    struct Form {
        var command: CommandSpec
        var subcommand: String?
        /// The options taken there; `--help` always.
        var options: [OptionSpec]
        /// What the word that is not an option completes to there: the subcommands, or the operand.
        var operand: Values
    }

    /// The script for `shell`, from `table`.
    public static func script(for shell: Shell, table: CommandTable) -> String {
        switch shell {
        case .bash: return ShellScript(table: table, dialect: .bash).text
        case .zsh: return ShellScript(table: table, dialect: .zsh).text
        case .fish: return FishScript(table: table).text
        }
    }

    /// The first line of every script: what wrote it, so that nobody edits it by hand.
    static func header(_ shell: Shell) -> String {
        "# \(shell.rawValue) completion for newsgen, written by 'newsgen completion \(shell.rawValue)' (\(NewsgenVersion.name)) from its command table."
    }

    /// The commands, then every command and subcommand in the table's order.
    static func forms(_ table: CommandTable) -> [Form] {
        table.commands.flatMap { command -> [Form] in
            let help = OptionSpec(name: "--help", help: ["Show this command's help"])
            guard !command.subcommands.isEmpty else {
                return [Form(command: command, options: command.options + [help],
                             operand: command.operand.map { values(forValue: $0.name, command: command.name, subcommand: nil, table: table) } ?? .none)]
            }
            let choose = Form(command: command, options: [help], operand: .words(command.subcommands.map(word)))
            return [choose] + command.subcommands.map { sub in
                Form(command: command, subcommand: sub.name, options: command.options(for: sub.name) + [help],
                     operand: sub.operand.map { values(forValue: $0.name, command: command.name, subcommand: sub.name, table: table) } ?? .none)
            }
        }
    }

    /// The words before any command: the commands and the global options.
    static func topLevel(_ table: CommandTable) -> [Word] {
        table.commands.map(word) + table.options.map { Word(text: $0.name, description: $0.help.joined(separator: " ")) }
    }

    /// An option's value: its choices when it has them, else what its value name says.
    static func values(of option: OptionSpec, command: String, table: CommandTable) -> Values {
        if let choices = option.choices { return .words(choices.map { Word(text: $0) }) }
        // `source add --id ID` names a new source, not one of those there.
        if option.name == "--id" { return .none }
        return values(forValue: option.value ?? "", command: command, subcommand: nil, table: table)
    }

    /// What a value or operand called `name` is: DIR a folder, FILE a file, ID a source there, COMMAND a command;
    /// ARTICLE a bookmark's id where only a bookmarked article makes sense (bookmark remove and toggle).
    static func values(forValue name: String, command: String, subcommand: String?, table: CommandTable) -> Values {
        switch name {
        case "DIR": return .directories
        case "FILE", "FILE|URL": return .files
        case "ID": return .sourceIDs
        case "COMMAND": return .words(table.commands.map(word))
        case "ARTICLE" where command == "bookmark" && subcommand != "add": return .bookmarkIDs
        default: return .none
        }
    }

    /// The options that take a value: the word after one is its value, not a command or an operand.
    static func valueOptions(_ table: CommandTable) -> [String] {
        Array(Set(table.commands.flatMap(\.options).filter { $0.value != nil }.map(\.name))).sorted()
    }

    private static func word(_ spec: CommandSpec) -> Word {
        Word(text: spec.name, description: spec.summary.joined(separator: " "))
    }
}
