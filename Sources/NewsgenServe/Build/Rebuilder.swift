import Foundation
import NewsgenKit
import NewsgenModel
import NewsgenServer

/// Builds the site one build at a time, for the watcher and for a bookmark edit alike, with the
/// same `SiteBuilder` as `newsgen build` (incremental, under the build lock). A build starts from a
/// scan of the inputs (`WatchedInputs`), and the watcher's next wake-up rebuilds only when a scan
/// differs from it, so what a build writes never starts another build.
final class Rebuilder: @unchecked Sendable {
    struct Settings: Sendable {
        var siteDirectory: URL
        var offline: Bool
        /// Each build's "now" (and a new bookmark's date), read when the build starts.
        var now: @Sendable () -> Date
        var network: Network
        /// How long a rebuild waits for the build lock another process (a `newsgen build`) holds.
        var lockWait: Double = 600
    }

    private let settings: Settings
    private let onBuild: @Sendable (PreviewEvent) -> Void
    /// Held for the whole of a build or an edit: one at a time, and `stop()` waits for the current one.
    private let running = NSLock()
    // Guarded by `running`.
    private var lastScan: WatchedInputs.Scan?
    private var inputs: WatchedInputs?
    private var stopped = false
    /// Set by `stop()` before it waits for `running`: a rebuild waiting for another process's build lock gives up.
    private let stopping = Locked(false)

    init(_ settings: Settings, onBuild: @escaping @Sendable (PreviewEvent) -> Void) {
        self.settings = settings
        self.onBuild = onBuild
    }

    /// Builds whatever the inputs are; returns the folders to watch.
    @discardableResult
    func buildNow() -> [String] {
        exclusive { scan in build(from: scan) }
    }

    /// Builds when an input changed since the last build started; returns the folders to watch.
    func buildIfChanged() -> [String] {
        exclusive { scan in if scan != lastScan { build(from: scan) } }
    }

    /// `newsgen bookmark toggle ID` (the same code, under the build lock), then a build.
    func toggleBookmark(_ id: String) throws(BuildError) -> String {
        running.lock()
        defer { running.unlock() }
        guard !stopped else { throw BuildError("the preview is stopping") }
        let message = try toggle(id)
        build(from: currentInputs().scan())
        return message
    }

    /// The edit alone, holding the build lock only for it (the build takes it again).
    private func toggle(_ id: String) throws(BuildError) -> String {
        let site = try Site.load(from: settings.siteDirectory)
        let lock = try BuildLock.acquire(site: site)
        defer { lock.release() }
        return try BookmarkCommand.edit(.toggle(article: id, note: nil), site: site, now: settings.now())
    }

    /// Waits for a build under way, and starts none after it.
    func stop() {
        stopping.withLock { $0 = true }
        running.lock()
        stopped = true
        running.unlock()
    }

    private func exclusive(_ body: (WatchedInputs.Scan) -> Void) -> [String] {
        running.lock()
        defer { running.unlock() }
        let inputs = currentInputs()
        let scan = inputs.scan()
        if !stopped { body(scan) }
        return scan.folders
    }

    /// The inputs of the site as site.json says now; the last ones when it cannot be read (its own
    /// change is then what the next build reports).
    private func currentInputs() -> WatchedInputs {
        if let site = try? Site.load(from: settings.siteDirectory) {
            inputs = WatchedInputs(site: site, output: site.defaultOutputDirectory)
        }
        return inputs ?? WatchedInputs(site: Site(directory: settings.siteDirectory, config: SiteConfig(title: "", sources: [])),
                                       output: settings.siteDirectory.appendingPathComponent("public"))
    }

    private func build(from scan: WatchedInputs.Scan) {
        lastScan = scan
        let started = DispatchTime.now()
        var options = BuildOptions(offline: settings.offline, now: settings.now())
        options.network = settings.network
        options.preview = true
        let wait = BuildLock.Wait(seconds: settings.lockWait, givesUp: { [stopping] in stopping.withLock { $0 } }) { [onBuild, seconds = settings.lockWait] in
            onBuild(.waitingForLock(seconds: seconds))
        }
        do {
            var repairs: [BuildWarning] = []
            let report = try SiteBuilder.buildHoldingLock(siteDirectory: settings.siteDirectory, options: options, lockWait: wait) { repairs = $0 }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            onBuild(.built(report, repairs: repairs, seconds: seconds))
        } catch {
            onBuild(.failed(error))
        }
    }
}
