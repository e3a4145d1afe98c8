import Foundation
import NewsgenKit
import NewsgenServe

extension NewsgenCLI {
    /// `newsgen serve`: the preview runs until SIGINT or SIGTERM, then stops cleanly (a build under
    /// way finishes first, the socket is closed) and exits 0.
    static func serve(_ arguments: Command.ServeArguments, _ context: Context, environment: [String: String]) -> Int32 {
        let console = context.console
        guard let port = Int(arguments.port ?? "1313"), (0...65535).contains(port) else {
            console.error("serve: --port must be a number from 0 to 65535, not '\(arguments.port ?? "")'")
            console.diagnose(nil, "Run 'newsgen help serve' for usage.")
            return exitUsage
        }
        let siteDirectory = context.url(arguments.site)
        do {
            _ = try Site.load(from: siteDirectory)
        } catch {
            console.error("\(error)")
            return exitFailure
        }
        var options = PreviewServer.Options(siteDirectory: siteDirectory, now: { buildTime(environment: environment) })
        options.host = arguments.host
        options.port = port
        options.fetch = arguments.fetch
        options.network = context.network
        let base = context.currentDirectory
        let preview: PreviewServer
        do {
            preview = try PreviewServer(options) { event in report(event, console: console, base: base) }
        } catch {
            console.error("serve: \(error)")
            return exitFailure
        }
        let stopping = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopping.signal() }
            source.resume()
            return source
        }
        preview.start()
        if !preview.address.isLoopback {
            console.warning("\(arguments.host) is not a loopback address: anyone who can reach it sees the site; bookmark buttons are off")
        }
        console.print("Serving \(preview.address.origin)/ (watching with \(preview.watching); Ctrl-C stops)")
        stopping.wait()
        preview.stop()
        for source in signals { source.cancel() }
        console.print("Stopped.")
        return exitSuccess
    }

    /// One line per build (the summary `newsgen build` prints), its warnings, and each page's bookmark change.
    private static func report(_ event: PreviewEvent, console: Console, base: URL) {
        switch event {
        case .built(let report, let repairs, let seconds):
            for warning in repairs + report.warnings { console.warning("\(warning)") }
            let shown = shownPath(report.output, base: base)
            console.print(report.upToDate ? BuildSummary.upToDate(report, outputShownAs: shown, seconds: seconds)
                                          : BuildSummary.line(report, outputShownAs: shown, seconds: seconds))
        case .failed(let error):
            console.error("\(error)")
            console.diagnose(.note, "the rebuild failed; still serving the last good site")
        case .bookmarked(let message):
            console.print(message)
        case .refused(let reason):
            console.warning("refused \(reason)")
        case .nothingArchived:
            console.diagnose(.note, "nothing is archived from the url sources yet, and serve does not fetch them: "
                             + "run 'newsgen build' to fetch them (then the preview shows them), or 'newsgen serve --fetch'")
        case .waitingForLock(let seconds):
            console.diagnose(.note, "another newsgen build is running in this site; the rebuild waits for it (up to \(Int(seconds)) s)")
        }
    }

    /// `path` relative to the current folder when it is inside it, as build summaries show the output.
    static func shownPath(_ url: URL, base: URL) -> String {
        url.path.hasPrefix(base.path + "/") ? String(url.path.dropFirst(base.path.count + 1)) : url.path
    }
}
