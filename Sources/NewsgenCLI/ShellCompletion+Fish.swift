/// The fish script: `complete` lines, each guarded by `__newsgen_at COMMAND [SUBCOMMAND]`, which finds the
/// command and subcommand among the words typed as the bash and zsh scripts do (`ShellScript`).
struct FishScript {
    var table: CommandTable

    var text: String {
        let nested = table.commands.filter { !$0.subcommands.isEmpty }.map(\.name).joined(separator: " ")
        var lines = [
            ShellCompletion.header(.fish), "",
            "# True when the words typed name COMMAND ('-': none yet) and, when given, SUBCOMMAND ('-': none yet).",
            "function __newsgen_at",
            "    set -l command -",
            "    set -l subcommand -",
            "    set -l skip 0",
            "    for word in (commandline -opc)[2..-1]",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $word",
            "            case \(ShellCompletion.valueOptions(table).joined(separator: " "))",
            "                set skip 1",
            "            case '-*'",
            "            case '*'",
            "                if test $command = -",
            "                    set command $word",
            "                else if test $subcommand = -; and contains -- $command \(nested)",
            "                    set subcommand $word",
            "                end",
            "        end",
            "    end",
            "    test $command = $argv[1]; and begin; test (count $argv) -lt 2; or test $subcommand = $argv[2]; end",
            "end",
            "",
            "# --site DIR as typed, for the id lists.",
            "function __newsgen_site",
            "    set -l words (commandline -opc)",
            "    set -l at (contains -i -- --site $words); and set -q words[(math $at + 1)]; and printf '%s\\n' --site $words[(math $at + 1)]",
            "end",
            "",
            "function __newsgen_ids",
            "    set -l program (commandline -opc)[1]",
            "    switch $argv[1]",
            "        case sources",
            "            $program source list (__newsgen_site) 2>/dev/null | awk 'NR > 1 {print $1}'",
            "        case bookmarks",
            "            $program bookmark list (__newsgen_site) 2>/dev/null | awk '/^[0-9][0-9][0-9][0-9]-/ {print $2}'",
            "    end",
            "end",
            "",
            "complete -c newsgen -f",
        ]
        lines += ShellCompletion.topLevel(table).map { line(at: "-", $0) }
        for form in ShellCompletion.forms(table) {
            let at = form.command.name + (form.command.subcommands.isEmpty ? "" : " " + (form.subcommand ?? "-"))
            for option in form.options {
                var words = ["complete -c newsgen -n \(ShellQuote.fish("__newsgen_at " + at)) -l \(option.name.dropFirst(2))"]
                if option.value != nil { words.append(arguments(ShellCompletion.values(of: option, command: form.command.name, table: table))) }
                words.append("-d " + ShellQuote.fish(option.help.joined(separator: " ")))
                lines.append(words.joined(separator: " "))
            }
            if case .words(let words) = form.operand {
                lines += words.map { line(at: at, $0) }
            } else if form.operand != .none {
                lines.append("complete -c newsgen -n \(ShellQuote.fish("__newsgen_at " + at)) \(arguments(form.operand))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A word offered at `at`, with its description.
    private func line(at: String, _ word: ShellCompletion.Word) -> String {
        let flag = word.text.hasPrefix("--") ? "-l \(word.text.dropFirst(2))" : "-a \(ShellQuote.fish(word.text))"
        return "complete -c newsgen -n \(ShellQuote.fish("__newsgen_at " + at)) \(flag)" + (word.description.map { " -d " + ShellQuote.fish($0) } ?? "")
    }

    /// What `complete` offers for a value or an operand: `-x` takes one and offers no file unless `-F`.
    private func arguments(_ values: ShellCompletion.Values) -> String {
        switch values {
        case .none: return "-x"
        case .directories: return "-x -a '(__fish_complete_directories (commandline -ct))'"
        case .files: return "-r -F"
        case .sourceIDs: return "-x -a '(__newsgen_ids sources)'"
        case .bookmarkIDs: return "-x -a '(__newsgen_ids bookmarks)'"
        case .words(let words): return "-x -a " + ShellQuote.fish(words.map(\.text).joined(separator: " "))
        }
    }
}
