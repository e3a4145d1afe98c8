/// `newsgen completion bash|zsh|fish`: the completion scripts come out of the binary, written from this
/// table, so they cannot drift from the options it parses (ADR 041).
extension CommandSpec {
    static let completion = CommandSpec(
        name: "completion",
        summary: ["Print the shell completion script for bash, zsh or fish"],
        subcommands: ShellCompletion.Shell.allCases.map { shell in
            CommandSpec(name: shell.rawValue, summary: ["The script for \(shell.rawValue) (\(shell.installedAt))"])
        },
        about: """
        Prints a script that completes newsgen's commands, subcommands, options and
        their values in the shell named; source ids and bookmark ids are read from
        the site (its --site DIR, else the current folder) as you type. The Debian
        package installs all three; to use one without it:
          bash: newsgen completion bash > ~/.local/share/bash-completion/completions/newsgen
          zsh:  newsgen completion zsh > ~/.zfunc/_newsgen (with ~/.zfunc in $fpath)
          fish: newsgen completion fish > ~/.config/fish/completions/newsgen.fish
        """,
        examples: ["source <(newsgen completion bash)", "newsgen completion fish > ~/.config/fish/completions/newsgen.fish"],
        make: { .completion(ShellCompletion.Shell(rawValue: $0.subcommand ?? "") ?? .bash) }
    )
}
