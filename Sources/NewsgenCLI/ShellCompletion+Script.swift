/// The bash and zsh scripts: one function that finds the command, the subcommand and `--site` among the
/// words before the cursor, then one `case` per question (an option's value, an option, an operand),
/// written from `ShellCompletion.forms`. Both shells read the same body; only how the words are read
/// and how a reply is made differ (`Dialect`).
struct ShellScript {
    var table: CommandTable
    var dialect: Dialect

    /// What differs between bash and zsh.
    struct Dialect {
        var shell: ShellCompletion.Shell
        /// Lines before the function (zsh's `#compdef`).
        var preamble: [String]
        /// The locals `cur` and `prev`, and the first word after the program's name.
        var cursor: String
        var firstWord: Int
        var lastWord: String
        /// The i-th word before the cursor, and the one after it.
        var word: String
        var nextWord: String
        /// The program as typed, and `--site DIR` when the line has one.
        var program: String
        var siteArguments: String
        /// `_newsgen_reply KIND [WORD:DESCRIPTION]…`.
        var reply: [String]
        /// Lines after the function: how the shell is told to use it.
        var register: [String]

        static let bash = Dialect(
            shell: .bash, preamble: [],
            cursor: "local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            firstWord: 1, lastWord: "COMP_CWORD", word: "${COMP_WORDS[i]}", nextWord: "${COMP_WORDS[i+1]}",
            program: "\"${COMP_WORDS[0]}\"", siteArguments: "${site:+--site \"$site\"}",
            reply: [
                "_newsgen_reply() {",
                "    local kind=$1 word list=()",
                "    shift",
                "    case $kind in",
                "        directories) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\")) ;;",
                "        files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")) ;;",
                "        sources|bookmarks) COMPREPLY=($(compgen -W \"$(_newsgen_ids \"$kind\")\" -- \"$cur\")) ;;",
                "        words)",
                "            for word in \"$@\"; do list+=(\"${word%%:*}\"); done",
                "            COMPREPLY=($(compgen -W \"${list[*]}\" -- \"$cur\")) ;;",
                "        *) COMPREPLY=() ;;",
                "    esac",
                "}",
            ],
            register: ["complete -F _newsgen newsgen"]
        )

        static let zsh = Dialect(
            shell: .zsh, preamble: ["#compdef newsgen"],
            cursor: "local cur=$words[CURRENT] prev=$words[CURRENT-1]",
            firstWord: 2, lastWord: "CURRENT", word: "$words[i]", nextWord: "$words[i+1]",
            program: "$words[1]", siteArguments: "${site:+--site} $site",
            reply: [
                "_newsgen_reply() {",
                "    local kind=$1",
                "    local -a list",
                "    shift",
                "    case $kind in",
                "        directories) _files -/ ;;",
                "        files) _files ;;",
                "        sources|bookmarks) list=(${(f)\"$(_newsgen_ids $kind)\"}); compadd -a list ;;",
                "        words) list=(\"$@\"); _describe -t values value list ;;",
                "        *) _message value ;;",
                "    esac",
                "}",
            ],
            register: [
                "# Autoloaded from $fpath, run it; sourced ('source <(newsgen completion zsh)'), register it.",
                "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
                "    _newsgen \"$@\"",
                "else",
                "    compdef _newsgen newsgen",
                "fi",
            ]
        )
    }

    var text: String {
        let forms = ShellCompletion.forms(table)
        var lines = dialect.preamble + [ShellCompletion.header(dialect.shell), ""] + dialect.reply + [""]
        lines += [
            "# The site's source ids and bookmarked articles' ids, as newsgen lists them.",
            "_newsgen_ids() {",
            "    case $1 in",
            "        sources) \(dialect.program) source list \(dialect.siteArguments) 2>/dev/null | awk 'NR > 1 {print $1}' ;;",
            "        bookmarks) \(dialect.program) bookmark list \(dialect.siteArguments) 2>/dev/null | awk '/^[0-9][0-9][0-9][0-9]-/ {print $2}' ;;",
            "    esac",
            "}",
            "",
            "_newsgen() {",
            "    \(dialect.cursor)",
            "    local command= subcommand= site= word i",
            "    # The command, its subcommand and --site DIR, skipping every option's value.",
            "    for ((i = \(dialect.firstWord); i < \(dialect.lastWord); i++)); do",
            "        word=\(dialect.word)",
            "        case $word in",
            "            --site) site=\(dialect.nextWord); ((i++)) ;;",
            "            \(ShellCompletion.valueOptions(table).filter { $0 != "--site" }.joined(separator: "|"))) ((i++)) ;;",
            "            -*) ;;",
            "            *)",
            "                if [[ -z $command ]]; then command=$word",
            "                elif [[ -z $subcommand ]]; then",
            "                    case $command in \(table.commands.filter { !$0.subcommands.isEmpty }.map(\.name).joined(separator: "|"))) subcommand=$word ;; esac",
            "                fi ;;",
            "        esac",
            "    done",
            "    # The value of the option before the cursor.",
            "    case \"$command:$prev\" in",
        ]
        for command in table.commands {
            for option in command.options where option.value != nil {
                lines.append("        \(command.name):\(option.name)) \(reply(ShellCompletion.values(of: option, command: command.name, table: table))); return ;;")
            }
        }
        lines += ["    esac", "    if [[ -z $command ]]; then", "        \(reply(.words(ShellCompletion.topLevel(table))))",
                  "    elif [[ $cur == -* ]]; then", "        case \"$command $subcommand\" in"]
        for form in forms {
            let words = form.options.map { ShellCompletion.Word(text: $0.name, description: $0.help.joined(separator: " ")) }
            lines.append("            \(pattern(form))) \(reply(.words(words))) ;;")
        }
        lines += ["        esac", "    else", "        case \"$command $subcommand\" in"]
        for form in forms where form.operand != .none {
            lines.append("            \(pattern(form))) \(reply(form.operand)) ;;")
        }
        lines += ["        esac", "    fi", "}", ""] + dialect.register
        return lines.joined(separator: "\n")
    }

    /// `"bookmark add"`, `"build "`: the case label of a form.
    private func pattern(_ form: ShellCompletion.Form) -> String {
        "\"\(form.command.name) \(form.subcommand ?? "")\""
    }

    /// `_newsgen_reply words 'add:Bookmark an article…' …`.
    private func reply(_ values: ShellCompletion.Values) -> String {
        switch values {
        case .none: return "_newsgen_reply none"
        case .directories: return "_newsgen_reply directories"
        case .files: return "_newsgen_reply files"
        case .sourceIDs: return "_newsgen_reply sources"
        case .bookmarkIDs: return "_newsgen_reply bookmarks"
        case .words(let words):
            return (["_newsgen_reply words"] + words.map { word in
                ShellQuote.single(word.description.map { "\(word.text):\($0)" } ?? word.text)
            }).joined(separator: " ")
        }
    }
}

/// Words for a POSIX-like shell (bash, zsh, fish all read single quotes the same way for these words).
enum ShellQuote {
    /// `'it'\''s'`: single quotes, each quote inside closed, escaped and reopened. fish reads `\'` inside
    /// single quotes itself, so it gets `fish(_:)`.
    static func single(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// fish's single quotes: a backslash escapes a quote or a backslash.
    static func fish(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
