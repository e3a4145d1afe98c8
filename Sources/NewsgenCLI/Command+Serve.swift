extension Command {
    /// `newsgen serve [--port N] [--host ADDRESS] [--fetch] [--site DIR]`: build, serve, watch, rebuild.
    public struct ServeArguments: Equatable, Sendable {
        /// The site folder, relative to the current folder.
        public var site: String = "."
        /// `--port` as typed; nil: 1313. Checked when the command runs.
        public var port: String?
        /// An IP address (or `localhost`); bookmarks from the page only on a loopback one.
        public var host: String = "127.0.0.1"
        /// Fetch url sources at each build, as `newsgen build` does (default: offline).
        public var fetch = false
        /// The defaults: the current folder, 127.0.0.1:1313, offline.
        public init() {}
    }
}
