import Foundation
import NewsgenKit
import NewsgenModel

/// A command line, parsed. `CommandLine.parse` is pure, so it is tested without running a process.
public enum Command: Equatable, Sendable {
    case build(BuildArguments)
    /// `newsgen check [--site DIR] [--output DIR] [--offline]`: validate a site without building it.
    case check(CheckArguments)
    case inspect(InspectArguments)
    case bookmark(BookmarkArguments)
    /// `newsgen archive remove ARTICLE [--reason TEXT] [--site DIR]`: take an article down.
    case archive(ArchiveArguments)
    /// `newsgen init [DIR]`: scaffold a new site in DIR (default: the current folder).
    case initialize(directory: String)
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

    /// `newsgen check`: what to check, and whether the network may be used.
    public struct CheckArguments: Equatable, Sendable {
        /// The site folder, relative to the current folder.
        public var site: String = "."
        /// The built site whose links are checked (default: the site's public/).
        public var output: String?
        /// Skip the url sources instead of fetching them.
        public var offline = false
        public init(site: String = ".", output: String? = nil, offline: Bool = false) {
            self.site = site
            self.output = output
            self.offline = offline
        }
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

    /// `newsgen bookmark add|remove|toggle|list …`: edits or shows the site's bookmark manifest.
    public struct BookmarkArguments: Equatable, Sendable {
        /// What to do; ARTICLE is kept as typed and resolved against the archive later.
        public enum Action: Equatable, Sendable {
            /// Bookmark ARTICLE; with a note on an existing bookmark, change its note.
            case add(article: String, note: String?)
            /// Remove ARTICLE's bookmark.
            case remove(article: String)
            /// Add when missing, remove when present: the app's bookmark button.
            case toggle(article: String, note: String?)
            /// Show the bookmarks, newest first, as text or as JSON.
            case list(json: Bool)
        }

        public var action: Action
        /// The site folder, relative to the current folder.
        public var site: String

        /// The arguments of one `newsgen bookmark` call.
        public init(_ action: Action, site: String = ".") {
            self.action = action
            self.site = site
        }
    }

    /// `newsgen archive remove …`: edits the archive by hand (takedowns).
    public struct ArchiveArguments: Equatable, Sendable {
        /// What to do; ARTICLE is kept as typed and resolved against the archive later.
        public enum Action: Equatable, Sendable {
            /// Take ARTICLE down, with an optional reason kept in the takedown list.
            case remove(article: String, reason: String?)
        }

        public var action: Action
        /// The site folder, relative to the current folder.
        public var site: String

        /// The arguments of one `newsgen archive` call.
        public init(_ action: Action, site: String = ".") {
            self.action = action
            self.site = site
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

extension Command.BookmarkArguments.Action {
    /// The change to the manifest; nil for `list`, which changes nothing.
    var change: BookmarkCommand.Change? {
        switch self {
        case .add(let article, let note): return .add(article: article, note: note)
        case .remove(let article): return .remove(article: article)
        case .toggle(let article, let note): return .toggle(article: article, note: note)
        case .list: return nil
        }
    }
}

public enum CommandLineParser {
    static let commands = ["archive", "bookmark", "build", "check", "help", "init", "inspect"]
    static let bookmarkSubcommands = ["add", "list", "remove", "toggle"]
    static let archiveSubcommands = ["remove"]
    static let buildFlags = ["--site", "--output", "--offline", "--strict", "--quiet", "--verbose", "--help"]
    static let checkFlags = ["--site", "--output", "--offline", "--help"]
    static let inspectFlags = ["--content-type", "--help"]
    static let initFlags = ["--help"]

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
        case "check": return try parseCheck(Array(arguments.dropFirst()))
        case "inspect": return try parseInspect(Array(arguments.dropFirst()))
        case "bookmark": return try parseBookmark(Array(arguments.dropFirst()))
        case "archive": return try parseArchive(Array(arguments.dropFirst()))
        case "init": return try parseInit(Array(arguments.dropFirst()))
        default:
            throw first.hasPrefix("-") ? unknownOption(first, among: ["--help", "--version"]) : unknownCommand(first)
        }
    }

    private static func parseBuild(_ arguments: [String]) throws(UsageError) -> Command {
        var build = Command.BuildArguments()
        var cursor = ArgumentCursor(arguments)
        while let (argument, flag, inline) = cursor.next() {
            switch flag {
            case "--site": build.site = try cursor.value(of: flag, inline: inline)
            case "--output": build.output = try cursor.value(of: flag, inline: inline)
            case "--offline": try cursor.noValue(flag, inline: inline); build.offline = true
            case "--strict": try cursor.noValue(flag, inline: inline); build.strict = true
            case "--quiet", "--verbose":
                try cursor.noValue(flag, inline: inline)
                let wanted: Command.Verbosity = flag == "--quiet" ? .quiet : .verbose
                if build.verbosity != .normal, build.verbosity != wanted {
                    throw UsageError("--quiet and --verbose cannot be used together")
                }
                build.verbosity = wanted
            case "--help", "-h": return .help(topic: "build")
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: buildFlags) }
                throw UsageError("build takes no argument '\(argument)' (use --site DIR to build another folder)")
            }
        }
        return .build(build)
    }

    private static func parseCheck(_ arguments: [String]) throws(UsageError) -> Command {
        var check = Command.CheckArguments()
        var cursor = ArgumentCursor(arguments)
        while let (argument, flag, inline) = cursor.next() {
            switch flag {
            case "--site": check.site = try cursor.value(of: flag, inline: inline)
            case "--output": check.output = try cursor.value(of: flag, inline: inline)
            case "--offline": try cursor.noValue(flag, inline: inline); check.offline = true
            case "--help", "-h": return .help(topic: "check")
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: checkFlags) }
                throw UsageError("check takes no argument '\(argument)' (use --site DIR to check another folder)")
            }
        }
        return .check(check)
    }

    private static func parseInspect(_ arguments: [String]) throws(UsageError) -> Command {
        var source: String?
        var contentType: String?
        func setSource(_ argument: String) throws(UsageError) {
            if let source { throw UsageError("inspect takes one feed file or URL, not both '\(source)' and '\(argument)'") }
            source = argument
        }
        let missingType = "--content-type needs a value (a media type such as 'application/rss+xml; charset=utf-8')"
        var cursor = ArgumentCursor(arguments)
        while let (argument, flag, inline) = cursor.next() {
            switch flag {
            case "--content-type":
                // A media type never starts with "-": an option next means the value is missing.
                contentType = try cursor.value(of: flag, inline: inline, optionPrefix: "-", missing: missingType)
                if contentType?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw UsageError(missingType) }
            case "--help", "-h": return .help(topic: "inspect")
            case "--":
                // Everything after "--" is a source, even when it starts with "-".
                for rest in cursor.rest() { try setSource(rest) }
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: inspectFlags) }
                try setSource(argument)
            }
        }
        guard let source, !source.isEmpty else { throw UsageError("inspect needs a feed file or an http(s) URL") }
        return .inspect(Command.InspectArguments(source: source, contentType: contentType))
    }

    /// `bookmark SUBCOMMAND [ARTICLE] [--note TEXT] [--json] [--site DIR]`; `--help` anywhere shows the bookmark help.
    private static func parseBookmark(_ arguments: [String]) throws(UsageError) -> Command {
        guard let subcommand = arguments.first else {
            throw UsageError("bookmark needs a subcommand: add, remove, toggle or list")
        }
        guard bookmarkSubcommands.contains(subcommand) else {
            if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(topic: "bookmark") }
            if subcommand.hasPrefix("-") {
                throw UsageError("bookmark needs a subcommand (add, remove, toggle or list) before '\(subcommand)'")
            }
            var message = "unknown bookmark subcommand '\(subcommand)'"
            if let suggestion = closest(subcommand, bookmarkSubcommands) { message += " (did you mean '\(suggestion)'?)" }
            throw UsageError(message + "; use add, remove, toggle or list")
        }
        let takesArticle = subcommand != "list"
        let takesNote = subcommand == "add" || subcommand == "toggle"
        let flags = ["--site", "--help"] + (takesNote ? ["--note"] : []) + (takesArticle ? [] : ["--json"])
        var site = "."
        var article: String?
        var note: String?
        var json = false
        func setArticle(_ argument: String) throws(UsageError) {
            guard takesArticle else { throw UsageError("bookmark list takes no argument '\(argument)'") }
            if let article { throw UsageError("bookmark \(subcommand) takes one article, not both '\(article)' and '\(argument)'") }
            article = argument
        }
        var cursor = ArgumentCursor(arguments, from: 1)
        while let (argument, flag, inline) = cursor.next() {
            switch flag {
            case "--help", "-h": return .help(topic: "bookmark")
            case "--site": site = try cursor.value(of: flag, inline: inline)
            case "--note" where takesNote: note = try cursor.value(of: flag, inline: inline)
            case "--note": throw UsageError("--note is only for 'bookmark add' and 'bookmark toggle'")
            case "--json" where !takesArticle: try cursor.noValue(flag, inline: inline); json = true
            case "--json": throw UsageError("--json is only for 'bookmark list'")
            case "--":
                // Everything after "--" is the article, even when it starts with "-".
                for rest in cursor.rest() { try setArticle(rest) }
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: flags) }
                try setArticle(argument)
            }
        }
        let action: Command.BookmarkArguments.Action
        switch subcommand {
        case "list":
            action = .list(json: json)
        default:
            guard let article, !article.isEmpty else {
                throw UsageError("bookmark \(subcommand) needs an article: its id, its page on the site (/articles/<slug>/) or its URL")
            }
            switch subcommand {
            case "add": action = .add(article: article, note: note)
            case "remove": action = .remove(article: article)
            default: action = .toggle(article: article, note: note)
            }
        }
        return .bookmark(Command.BookmarkArguments(action, site: site))
    }

    /// `archive remove ARTICLE [--reason TEXT] [--site DIR]`; `--help` anywhere shows the archive help.
    private static func parseArchive(_ arguments: [String]) throws(UsageError) -> Command {
        guard let subcommand = arguments.first else { throw UsageError("archive needs a subcommand: remove") }
        guard archiveSubcommands.contains(subcommand) else {
            if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(topic: "archive") }
            if subcommand.hasPrefix("-") { throw UsageError("archive needs a subcommand (remove) before '\(subcommand)'") }
            var message = "unknown archive subcommand '\(subcommand)'"
            if let suggestion = closest(subcommand, archiveSubcommands) { message += " (did you mean '\(suggestion)'?)" }
            throw UsageError(message + "; use remove")
        }
        let flags = ["--reason", "--site", "--help"]
        var site = "."
        var article: String?
        var reason: String?
        func setArticle(_ argument: String) throws(UsageError) {
            if let article { throw UsageError("archive remove takes one article, not both '\(article)' and '\(argument)'") }
            article = argument
        }
        var cursor = ArgumentCursor(arguments, from: 1)
        while let (argument, flag, inline) = cursor.next() {
            switch flag {
            case "--help", "-h": return .help(topic: "archive")
            case "--site": site = try cursor.value(of: flag, inline: inline)
            case "--reason":
                let text = try cursor.value(of: flag, inline: inline)
                reason = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
            case "--":
                // Everything after "--" is the article, even when it starts with "-".
                for rest in cursor.rest() { try setArticle(rest) }
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: flags) }
                try setArticle(argument)
            }
        }
        guard let article, !article.isEmpty else {
            throw UsageError("archive remove needs an article: its id, its page on the site (/articles/<slug>/) or its URL")
        }
        return .archive(Command.ArchiveArguments(.remove(article: article, reason: reason), site: site))
    }

    /// `init [DIR] [--help]`; everything after `--` is the folder, even when it starts with "-".
    private static func parseInit(_ arguments: [String]) throws(UsageError) -> Command {
        var directory: String?
        func setDirectory(_ argument: String) throws(UsageError) {
            if let directory { throw UsageError("init takes one folder, not both '\(directory)' and '\(argument)'") }
            directory = argument
        }
        var cursor = ArgumentCursor(arguments)
        while let (argument, flag, _) = cursor.next() {
            switch flag {
            case "--help", "-h": return .help(topic: "init")
            case "--": for rest in cursor.rest() { try setDirectory(rest) }
            default:
                if argument.hasPrefix("-") { throw unknownOption(argument, among: initFlags) }
                try setDirectory(argument)
            }
        }
        if directory?.isEmpty == true { throw UsageError("init needs a folder name, not an empty one") }
        return .initialize(directory: directory ?? ".")
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

    private static func closest(_ word: String, _ candidates: [String]) -> String? {
        NewsgenModel.Suggestion.closest(to: word, among: candidates)
    }
}
