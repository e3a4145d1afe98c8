import Foundation
import NewsgenModel

/// A command line, parsed. `CommandLine.parse` is pure, so it is tested without running a process.
public enum Command: Equatable, Sendable {
    case build(BuildArguments)
    case inspect(InspectArguments)
    case help(topic: String?)
    case version

    public struct BuildArguments: Equatable, Sendable {
        public var site: String = "."
        public var output: String?
        public var offline = false
        public var strict = false
        public var verbosity: Verbosity = .normal
        public init() {}
    }

    /// `newsgen inspect FILE|URL [--content-type TYPE]`.
    public struct InspectArguments: Equatable, Sendable {
        /// A path (relative to the current folder) or an http(s) URL.
        public var source: String
        /// Stands in for the HTTP `Content-Type` header a file lacks.
        public var contentType: String?
        /// The arguments of one `newsgen inspect` call.
        public init(source: String, contentType: String? = nil) {
            self.source = source
            self.contentType = contentType
        }
    }

    public enum Verbosity: Equatable, Sendable { case quiet, normal, verbose }
}

/// A misuse of the command line: printed as `error: …` with usage, exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum CommandLineParser {
    static let commands = ["build", "help", "inspect"]
    static let buildFlags = ["--site", "--output", "--offline", "--strict", "--quiet", "--verbose", "--help"]
    static let inspectFlags = ["--content-type", "--help"]

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(topic: nil) }
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "--version": return .version
        case "help":
            guard arguments.count <= 2 else { throw UsageError("help takes at most one command name") }
            if let topic = arguments.dropFirst().first, !commands.contains(topic) { throw unknownCommand(topic) }
            return .help(topic: arguments.dropFirst().first)
        case "build": return try parseBuild(Array(arguments.dropFirst()))
        case "inspect": return try parseInspect(Array(arguments.dropFirst()))
        default:
            throw first.hasPrefix("-") ? unknownOption(first, among: ["--help", "--version"]) : unknownCommand(first)
        }
    }

    private static func parseBuild(_ arguments: [String]) throws(UsageError) -> Command {
        var build = Command.BuildArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let (flag, inline) = splitInline(argument)
            /// The value of a flag: `--site=DIR` or `--site DIR`.
            func nextValue(_ flag: String) throws(UsageError) -> String {
                if let inline { return inline }
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else { throw UsageError("\(flag) needs a value") }
                index += 1
                return arguments[index]
            }
            switch flag {
            case "--site": build.site = try nextValue(flag)
            case "--output": build.output = try nextValue(flag)
            case "--offline": build.offline = true
            case "--strict": build.strict = true
            case "--quiet": build.verbosity = .quiet
            case "--verbose": build.verbosity = .verbose
            case "--help", "-h": return .help(topic: "build")
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: buildFlags) }
                throw UsageError("build takes no argument '\(argument)' (use --site DIR to build another folder)")
            }
            index += 1
        }
        return .build(build)
    }

    private static func parseInspect(_ arguments: [String]) throws(UsageError) -> Command {
        var source: String?
        var contentType: String?
        func setSource(_ argument: String) throws(UsageError) {
            if let source { throw UsageError("inspect takes one feed file or URL, not both '\(source)' and '\(argument)'") }
            source = argument
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let (flag, inline) = splitInline(argument)
            switch flag {
            case "--content-type":
                if let inline {
                    contentType = inline
                } else {
                    // A media type never starts with "-": an option next means the value is missing.
                    guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
                        throw UsageError("--content-type needs a value (a media type such as 'application/rss+xml; charset=utf-8')")
                    }
                    index += 1
                    contentType = arguments[index]
                }
                if contentType?.trimmingCharacters(in: .whitespaces).isEmpty == true {
                    throw UsageError("--content-type needs a value (a media type such as 'application/rss+xml; charset=utf-8')")
                }
            case "--help", "-h": return .help(topic: "inspect")
            case "--":
                // Everything after "--" is a source, even when it starts with "-".
                for rest in arguments[(index + 1)...] { try setSource(rest) }
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: inspectFlags) }
                try setSource(argument)
            }
            index += 1
        }
        guard let source, !source.isEmpty else { throw UsageError("inspect needs a feed file or an http(s) URL") }
        return .inspect(Command.InspectArguments(source: source, contentType: contentType))
    }

    /// `--site=DIR` is the same as `--site DIR`.
    private static func splitInline(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
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

    private static func closest(_ word: String, _ candidates: [String]) -> String? {
        NewsgenModel.Suggestion.closest(to: word, among: candidates)
    }
}
