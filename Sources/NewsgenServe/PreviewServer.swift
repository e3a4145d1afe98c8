import Foundation
import NewsgenKit
import NewsgenModel
import NewsgenServer

/// `newsgen serve` without the terminal (ADR 038): builds the site, serves `public/` through
/// `StaticSite` with the preview's script tag put into each HTML page as it is sent, rebuilds when
/// an input changes, tells open pages to reload (or shows them the error), and, on loopback,
/// toggles bookmarks for the page's buttons.
public final class PreviewServer: Sendable {
    /// What `newsgen serve` was asked for.
    public struct Options: Sendable {
        public var siteDirectory: URL
        public var host = "127.0.0.1"
        public var port = 1313
        /// False: url sources come from the archive, as with `build --offline`.
        public var fetch = false
        public var labels = PreviewLabels()
        /// Each build's "now", read when it starts.
        public var now: @Sendable () -> Date
        public var network: Network = .live
        /// Seconds a rebuild waits for the build lock another `newsgen build` holds, then fails (ADR 058).
        public var lockWait: Double = 600
        /// `.polling` forces the fallback watcher.
        var watcherMode: SiteWatcher.Mode = .inotify

        public init(siteDirectory: URL, now: @escaping @Sendable () -> Date) {
            self.siteDirectory = siteDirectory
            self.now = now
        }
    }

    /// Where it listens (the port the kernel chose for port 0), and the `Host` values it answers.
    public let address: ServerAuthority
    /// The watcher in use: inotify, or polling where there is none.
    public var watching: String { watcher.mode == .inotify ? "inotify" : "polling" }
    private let server: LocalServer
    private let rebuilder: Rebuilder
    private let watcher: SiteWatcher

    /// Binds at once, so that a port in use is said before the first build; `report` hears of every build.
    public init(_ options: Options, report: @escaping @Sendable (PreviewEvent) -> Void) throws(ServerError) {
        let events = EventStream()
        let notes = Locked(PreviewNotes())
        let labels = Locked(options.labels)
        let siteDirectory = options.siteDirectory
        let fetch = options.fetch
        var settings = Rebuilder.Settings(siteDirectory: options.siteDirectory, offline: !options.fetch, now: options.now, network: options.network)
        settings.lockWait = options.lockWait
        let rebuilder = Rebuilder(settings) { event in
            switch event {
            case .built(let built, let repairs, _):
                let site = try? Site.load(from: siteDirectory)
                if let texts = try? site?.themeTexts(PreviewLabels.keys) {
                    labels.withLock { $0 = PreviewLabels(texts: texts) }
                }
                // A good build clears the failure; its page warnings and the hint replace the last ones.
                let empty = !fetch && site?.urlSourcesHaveNothingArchived == true
                let warnings = site.map { PageWarnings.select((repairs + built.warnings).map(\.description), config: $0.config) } ?? []
                let wasEmpty = notes.withLock { current in
                    let was = current.nothingArchived
                    current = PreviewNotes(warnings: warnings, nothingArchived: empty)
                    return was
                }
                events.send(event: "reload", data: "built")
                report(event)
                if empty, !wasEmpty { report(.nothingArchived) }
                return
            case .failed(let error):
                notes.withLock { $0.failure = error.description }
                events.send(event: "error", data: error.description)
            case .bookmarked, .refused, .nothingArchived, .waitingForLock: break
            }
            report(event)
        }
        let output = options.siteDirectory.appendingPathComponent("public")
        let box = Locked<PreviewRoutes?>(nil)
        let server = try LocalServer(host: options.host, port: options.port) { request in
            box.withLock { $0 }?.reply(to: request) ?? .response(.text(503, "Starting"))
        }
        let address = server.authority
        let routes = PreviewRoutes(site: StaticSite(root: output), events: events, labels: labels, address: address,
                                  rebuilder: rebuilder, notes: notes, report: report)
        box.withLock { $0 = routes }
        self.address = address
        self.server = server
        self.rebuilder = rebuilder
        self.watcher = SiteWatcher(prefer: options.watcherMode) { rebuilder.buildIfChanged() }
    }

    /// Builds once, then serves and watches; returns at once after the first build.
    public func start() {
        let folders = rebuilder.buildNow()
        server.start()
        watcher.start(watching: folders)
    }

    /// Stops watching, waits for a build under way to finish (nothing is left half-written), closes the socket.
    public func stop() {
        watcher.stop()
        rebuilder.stop()
        server.stop()
    }
}
