/// The command line as data: every command, its operand, its options with their value
/// names and help. `CommandLineParser` reads it and `HelpText` writes every help text from
/// it, so a new option is one entry here; a man page or shell completions can be made from
/// the same value (ADR 021).
public struct CommandTable: Sendable {
    /// `newsgen — …`, the overview's first line.
    public var tagline: String
    /// In the order the overview lists them.
    public var commands: [CommandSpec]
    /// The options before any command (`--help`, `--version`).
    public var options: [OptionSpec]
    /// The overview's paragraphs after its options (the exit status).
    public var notes: String
    /// Whole command lines, shown under "Examples:".
    public var examples: [String]
    /// The overview's last lines (where to read more).
    public var trailer: String

    /// The command called `name`; nil when there is none.
    public func command(_ name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}

/// One command, or one subcommand of a command (`bookmark add`).
public struct CommandSpec: Sendable {
    /// The word that names it on the command line.
    public var name: String
    /// What it does, as the line(s) of the overview's (or its parent's) list.
    public var summary: [String]
    /// The word or words that are not options (`ARTICLE`); nil when it takes none.
    public var operand: OperandSpec?
    /// Its options; a subcommand's are its parent's, each naming the subcommands it is for.
    public var options: [OptionSpec] = []
    /// `add`, `remove`…: the word after the command, each with its own operand.
    public var subcommands: [CommandSpec] = []
    /// The hint after "takes no argument 'X'" when it takes no operand.
    public var strayHint: String?
    /// The help's paragraphs after the usage lines, verbatim.
    public var about: String = ""
    /// The help's paragraphs after its options, verbatim.
    public var notes: String?
    /// Whole command lines, shown under "Examples:".
    public var examples: [String] = []
    /// The column the options' help starts at; nil: two spaces after the longest option.
    /// build and check align theirs one column further, as their help always has.
    public var optionColumn: Int?
    /// The parsed command line as a `Command`, once the parser has checked it against this entry.
    var make: @Sendable (ParsedArguments) -> Command = { _ in .help(topic: nil) }

    /// The options `subcommand` takes (all of them, for a command without subcommands).
    func options(for subcommand: String?) -> [OptionSpec] {
        options.filter { option in
            guard let subcommand, let only = option.subcommands else { return true }
            return only.contains(subcommand)
        }
    }
}

/// A command's operand: what the usage line calls it and what the messages say of it.
public struct OperandSpec: Sendable {
    /// `ARTICLE`, `FILE|URL`, `DIR`.
    public var name: String
    /// Whether the command needs it; an optional one is shown in brackets (`[DIR]`).
    public var required: Bool
    /// "takes `one article`, not both …".
    public var one: String
    /// "needs `an article: …`" when missing or empty ("…, not an empty one" when optional).
    public var needs: String
    /// How many words it is (`ID KEY VALUE` is 3); all of them are needed, the last may be empty.
    public var words = 1
    /// Whether it may be given any number of times (`extract a.html b.html`); the usage line says `FILE|URL...`.
    public var many = false
    /// An option that stands in for it (`extract --list FILE`): with that option given, it is not needed.
    public var unlessOption: String?

    /// ARTICLE as `bookmark` and `archive remove` take it: an id, a page or a URL.
    static let article = OperandSpec(name: "ARTICLE", required: true, one: "one article",
                                     needs: "an article: its id, its page on the site (/articles/<slug>/) or its URL")
}

/// One option: its name, the name of its value (nil for a switch) and its help.
public struct OptionSpec: Sendable {
    /// `--site`, as typed.
    public var name: String
    /// `DIR`, `TEXT`; nil for a switch, which takes no value.
    public var value: String?
    /// The help as its lines in the help text; `help.joined(separator: " ")` is the one-line form.
    public var help: [String]
    /// Options of one group exclude each other (`--quiet | --verbose`).
    public var group: String?
    /// The subcommands it is for; nil: all of them.
    public var subcommands: [String]?
    /// When set, a value is never blank and never starts with "-" (a media type): the message
    /// for a missing value then says what one looks like.
    public var valueExample: String?
    /// The only values it takes, when there is a short list: shell completions offer them.
    public var choices: [String]?

    /// `--site DIR`, or the switch's name.
    var synopsis: String { value.map { "\(name) \($0)" } ?? name }

    /// `--site DIR`, as build, check, bookmark and archive take it.
    static let site = OptionSpec(name: "--site", value: "DIR", help: ["The site folder (default: the current folder)"])

    /// `--output DIR`: build writes there, check reads the built site there.
    static func output(_ help: String) -> OptionSpec { OptionSpec(name: "--output", value: "DIR", help: [help]) }

    /// `--offline`: "Use no network:", then what that means for the url sources.
    static func offline(_ consequence: String) -> OptionSpec { OptionSpec(name: "--offline", help: ["Use no network: " + consequence]) }
}
