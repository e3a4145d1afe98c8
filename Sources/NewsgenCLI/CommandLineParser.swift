import Foundation
import NewsgenModel

/// One command line checked against its `CommandSpec`: what `CommandSpec.make` turns into a `Command`.
struct ParsedArguments: Sendable {
    var subcommand: String?
    var operand: String?
    /// Every word of an operand of several (`source set ID KEY VALUE`), `operand` the first.
    var operands: [String] = []
    /// The last value given to each option.
    var values: [String: String] = [:]
    /// The switches given.
    var switches: Set<String> = []

    func value(_ option: String) -> String? { values[option] }
    func has(_ option: String) -> Bool { switches.contains(option) }
}

/// Command lines → `Command`, driven by `CommandTable.newsgen`: pure, so each misuse is a unit test.
public enum CommandLineParser {
    static let table = CommandTable.newsgen
    static let commands = table.commands.map(\.name).sorted()

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(topic: nil) }
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "--version": return .version
        case "help":
            if arguments.dropFirst().contains("--man") {
                guard arguments.count == 2 else { throw UsageError("help --man takes no command name: the man page holds them all") }
                return .manPage
            }
            guard arguments.count <= 2 else { throw UsageError("help takes at most one command name") }
            if let topic = arguments.dropFirst().first, !commands.contains(topic) { throw unknownCommand(topic) }
            return .help(topic: arguments.dropFirst().first)
        default:
            guard let spec = table.command(first) else {
                throw first.hasPrefix("-") ? unknownOption(first, among: table.options.map(\.name)) : unknownCommand(first)
            }
            return try parse(Array(arguments.dropFirst()), of: spec)
        }
    }

    /// A command's arguments: its subcommand first when it has them, then options and operands in any order;
    /// `--help` anywhere shows the command's help.
    private static func parse(_ arguments: [String], of spec: CommandSpec) throws(UsageError) -> Command {
        guard !spec.subcommands.isEmpty else {
            return try parse(arguments, from: 0, of: spec, subcommand: nil)
        }
        let names = spec.subcommands.map(\.name)
        let choices = listed(names, "or")
        guard let subcommand = arguments.first else { throw UsageError("\(spec.name) needs a subcommand: \(choices)") }
        guard let sub = spec.subcommands.first(where: { $0.name == subcommand }) else {
            if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(topic: spec.name) }
            if subcommand.hasPrefix("-") { throw UsageError("\(spec.name) needs a subcommand (\(choices)) before '\(subcommand)'") }
            var message = "unknown \(spec.name) subcommand '\(subcommand)'"
            if let suggestion = closest(subcommand, names.sorted()) { message += " (did you mean '\(suggestion)'?)" }
            throw UsageError(message + "; use \(choices)")
        }
        return try parse(arguments, from: 1, of: spec, subcommand: sub)
    }

    /// The options and operand of a command or of one of its subcommands (`build`, `bookmark add`).
    /// `--` ends the options of a command that takes operands (build and check take none, so there
    /// it is an unknown option).
    private static func parse(_ arguments: [String], from start: Int, of spec: CommandSpec,
                              subcommand: CommandSpec?) throws(UsageError) -> Command {
        let path = [spec.name, subcommand?.name].compactMap { $0 }.joined(separator: " ")
        let operand = subcommand.map(\.operand) ?? spec.operand
        let options = spec.options(for: subcommand?.name)
        let endsOptions = spec.operand != nil || subcommand != nil
        var parsed = ParsedArguments(subcommand: subcommand?.name)
        var groups: [String: String] = [:]
        func setOperand(_ argument: String) throws(UsageError) {
            guard let operand else { throw UsageError("\(path) takes no argument '\(argument)'" + (spec.strayHint.map { " (\($0))" } ?? "")) }
            if let earlier = parsed.operand, !operand.many, parsed.operands.count >= operand.words {
                let given = operand.words == 1 ? "both '\(earlier)' and '\(argument)'" : "also '\(argument)'"
                throw UsageError("\(path) takes \(operand.one), not \(given)")
            }
            parsed.operand = parsed.operand ?? argument
            parsed.operands.append(argument)
        }
        var cursor = ArgumentCursor(arguments, from: start)
        while let (argument, flag, inline) = cursor.next() {
            if flag == "--help" || flag == "-h" { return .help(topic: spec.name) }
            if flag == "--", endsOptions {
                for rest in cursor.rest() { try setOperand(rest) }
                continue
            }
            guard let option = options.first(where: { $0.name == flag }) else {
                if let other = spec.options.first(where: { $0.name == flag }), let only = other.subcommands {
                    throw UsageError("\(flag) is only for " + only.map { "'\(spec.name) \($0)'" }.joined(separator: " and "))
                }
                if argument.hasPrefix("-") { throw unknownOption(argument, among: options.map(\.name) + ["--help"]) }
                try setOperand(argument)
                continue
            }
            guard option.value != nil else {
                try cursor.noValue(flag, inline: inline)
                if let group = option.group {
                    if let earlier = groups[group], earlier != flag {
                        throw UsageError(listed(spec.options.filter { $0.group == group }.map(\.name), "and") + " cannot be used together")
                    }
                    groups[group] = flag
                }
                parsed.switches.insert(flag)
                continue
            }
            parsed.values[flag] = try value(of: option, cursor: &cursor, inline: inline)
        }
        let replaced = operand?.unlessOption.map { parsed.values[$0] != nil } ?? false
        if let operand, parsed.operand?.isEmpty ?? (operand.required && !replaced) || (operand.words > 1 && parsed.operands.count < operand.words) {
            throw UsageError("\(path) needs \(operand.needs)" + (operand.required ? "" : ", not an empty one"))
        }
        return spec.make(parsed)
    }

    /// An option's value; one with an example is never blank and never starts with "-", so an
    /// option after it means the value is missing.
    private static func value(of option: OptionSpec, cursor: inout ArgumentCursor, inline: String?) throws(UsageError) -> String {
        guard let example = option.valueExample else { return try cursor.value(of: option.name, inline: inline) }
        let missing = "\(option.name) needs a value (\(example))"
        let value = try cursor.value(of: option.name, inline: inline, optionPrefix: "-", missing: missing)
        if value.trimmingCharacters(in: .whitespaces).isEmpty { throw UsageError(missing) }
        return value
    }

    /// Where a misused command line is explained: the command's own help when the first
    /// argument names one (`newsgen help bookmark`), else the overview.
    public static func helpCommand(for arguments: [String]) -> String {
        guard let first = arguments.first, commands.contains(first), first != "help" else { return "newsgen --help" }
        return "newsgen help \(first)"
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        if let suggestion = closest(name, commands) { message += " (did you mean '\(suggestion)'?)" }
        return UsageError(message)
    }

    private static func unknownOption(_ name: String, among options: [String]) -> UsageError {
        var message = "unknown option '\(name)'"
        if let suggestion = closest(name, options) { message += " (did you mean '\(suggestion)'?)" }
        return UsageError(message)
    }

    /// `add, remove, toggle or list`; `--quiet and --verbose`.
    private static func listed(_ words: [String], _ last: String) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(last) " + (words.last ?? "")
    }

    private static func closest(_ word: String, _ candidates: [String]) -> String? {
        NewsgenModel.Suggestion.closest(to: word, among: candidates)
    }
}
