import NewsgenKit

extension Command {
    /// `newsgen source add|list|set|remove|import|export …`: edits or shows site.json's sources.
    public struct SourceArguments: Equatable, Sendable {
        /// What to do; values are kept as typed and checked when the command runs (`--full-text`, `--pick`).
        public enum Action: Equatable, Sendable {
            /// Find the feed at URL (a feed or a web page), fetch it and add it.
            case add(url: String, id: String?, title: String?, fullText: String?, pick: String?)
            /// Show the sources.
            case list
            /// Take source ID out of site.json; `keepArchive` or `purge` say what becomes of its articles.
            case remove(id: String, keepArchive: Bool, purge: Bool)
            /// Add every feed of an OPML file; `dryRun` writes nothing.
            case importOPML(file: String, dryRun: Bool, check: Bool)
            /// Print the sources as OPML 2.0.
            case export
            /// Set one per-source key of the sources `ids` (comma-separated on the command line) to `value`.
            case set(ids: String, key: String, value: String)
        }

        /// What to do.
        public var action: Action
        /// The site folder, relative to the current folder.
        public var site: String

        /// The arguments of one `newsgen source` call.
        public init(_ action: Action, site: String = ".") {
            self.action = action
            self.site = site
        }
    }
}
