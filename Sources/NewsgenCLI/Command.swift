import Foundation
import NewsgenKit
import NewsgenModel

/// A command line, parsed. `CommandLineParser.parse` is pure, so it is tested without running a process.
public enum Command: Equatable, Sendable {
    case build(BuildArguments)
    /// `newsgen check [--site DIR] [--output DIR] [--offline]`: validate a site without building it.
    case check(CheckArguments)
    case inspect(InspectArguments)
    /// `newsgen extract FILE|URL... [--list FILE] [--output DIR] …`: the article of one page, or of many (ADR 063).
    case extract(ExtractArguments)
    case bookmark(BookmarkArguments)
    /// `newsgen archive remove ARTICLE [--reason TEXT] [--site DIR]`: take an article down.
    case archive(ArchiveArguments)
    /// `newsgen source add|list|remove|import|export …`: the sources of site.json (`Command+Source.swift`).
    case source(SourceArguments)
    /// `newsgen init [DIR] [--newsgen-source URL[@REF]]`: scaffold a new site in DIR (default: the
    /// current folder), its workflow getting newsgen from URL at REF when given (checked when run).
    case initialize(directory: String, newsgenSource: String? = nil)
    case serve(ServeArguments)
    case help(topic: String?)
    /// `newsgen help --man`: the manual as a man page (`ManPage`).
    case manPage
    /// `newsgen completion bash|zsh|fish`: the shell's completion script (`ShellCompletion`).
    case completion(ShellCompletion.Shell)
    case version

    /// `newsgen build`: where the site is and goes, and how much to say.
    public struct BuildArguments: Equatable, Sendable {
        /// The site folder, relative to the current folder.
        public var site: String = "."
        /// Where to write the site (default: the site's public/).
        public var output: String?
        /// Use no network: url sources come from the archive.
        public var offline = false
        /// Fail, publishing nothing, when any source failed.
        public var strict = false
        /// `--quiet`, `--verbose` or neither.
        public var verbosity: Verbosity = .normal
        /// The defaults: the current folder, its public/, online, lenient, normal output.
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
        /// The arguments of one `newsgen check` call.
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

    /// `newsgen extract FILE|URL... [--list FILE] [--output DIR] [--base URL] [--format html|text|json]`.
    public struct ExtractArguments: Equatable, Sendable {
        /// What `--format` prints: the sanitized article's HTML, its text, or one JSON object.
        public enum Format: String, Equatable, Sendable, CaseIterable {
            /// The sanitized article's HTML (the default).
            case html
            /// Its visible text, a blank line between blocks.
            case text
            /// One object: found, reason, URL, metadata, extractor version, HTML and text.
            case json
        }

        /// Paths (relative to the current folder) or http(s) URLs, in the order given.
        public var sources: [String]
        /// `--list FILE`: a file naming more pages, one a line (`PageList`); `-` is standard input.
        public var list: String?
        /// `--output DIR`: each page's result goes to a file in DIR (`ExtractionFolder`).
        public var output: String?
        /// Stands in for the page's URL (relative links resolve against it).
        public var base: String?
        /// `--format` as typed; nil: `html`. Checked when the command runs (`Format(rawValue:)`).
        public var format: String?
        /// `--select` and `--remove`: a source's rules tried on these pages (ADR 062), checked when the command runs.
        public var select: String?
        public var remove: String?

        /// The arguments of one `newsgen extract` call.
        public init(sources: [String], list: String? = nil, output: String? = nil, base: String? = nil, format: String? = nil,
                    select: String? = nil, remove: String? = nil) {
            self.sources = sources
            self.list = list
            self.output = output
            self.base = base
            self.format = format
            self.select = select
            self.remove = remove
        }

        /// The one-page form: `newsgen extract FILE|URL`.
        public init(source: String, base: String? = nil, format: String? = nil, select: String? = nil, remove: String? = nil) {
            self.init(sources: [source], base: base, format: format, select: select, remove: remove)
        }

        /// Several pages, a list or a folder to write to: results are written per page (`newsgen extract`'s bulk
        /// form), not printed as the one page's. A list counts even when it names one page, so what a
        /// script gets does not depend on how many lines its list has.
        public var isBulk: Bool { sources.count > 1 || list != nil || output != nil }
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

        /// What to do.
        public var action: Action
        /// The site folder, relative to the current folder.
        public var site: String

        /// The arguments of one `newsgen bookmark` call.
        public init(_ action: Action, site: String = ".") {
            self.action = action
            self.site = site
        }
    }

    /// `newsgen archive remove …`, `newsgen archive refresh …`: edits the archive by hand (takedowns, pages read again).
    public struct ArchiveArguments: Equatable, Sendable {
        /// What to do; ARTICLE is kept as typed and resolved against the archive later.
        public enum Action: Equatable, Sendable {
            /// Take ARTICLE down, with an optional reason kept in the takedown list.
            case remove(article: String, reason: String?)
            /// Read the page of ARTICLE, or of every article of the source, again for its full text.
            case refresh(article: String?, source: String?)
        }

        /// What to do.
        public var action: Action
        /// The site folder, relative to the current folder.
        public var site: String

        /// The arguments of one `newsgen archive` call.
        public init(_ action: Action, site: String = ".") {
            self.action = action
            self.site = site
        }
    }

    /// How much `newsgen build` prints: warnings and errors only, the summary, or every source and stage too.
    public enum Verbosity: Equatable, Sendable { case quiet, normal, verbose }
}

/// A misuse of the command line: printed as `error: …` with usage, exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The line after `error: `.
    public var message: String
    /// A misuse, said in one line.
    public init(_ message: String) { self.message = message }
    /// The message, as printed.
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
