import Foundation
import NewsgenKit
import NewsgenModel

/// Runs one command line and returns the exit code: parses it, calls NewsgenKit (which
/// prints nothing), and writes what happened to the terminal. A library rather than the
/// executable, so the executable stays a one-liner and the tests can call it.
public enum NewsgenCLI {
    /// Done; a source that failed is only a warning.
    public static let exitSuccess: Int32 = 0
    /// Failed: a build publishes nothing, check found a problem.
    public static let exitFailure: Int32 = 1
    /// A mistake on the command line (`EX_USAGE` of sysexits.h).
    public static let exitUsage: Int32 = 64

    /// What the `newsgen` executable runs: a sandbox worker when a build started it as one
    /// (`SandboxWorkerLoop`), else the command line, with every feed parsed in worker
    /// processes (`ParseSandbox`, ADR 046). Tests call `run`, which parses in their own process.
    public static func main(_ arguments: [String], currentDirectory: String) -> Int32 {
        if let build = SandboxWorkerLoop.build(startedBy: arguments) { return SandboxWorkerLoop.serve(for: build) }
        #if os(Linux)
        ParseSandbox.useWorkers(executable: "/proc/self/exe")
        #endif
        defer { ParseSandbox.shared.finishWorkers() }
        return run(arguments, currentDirectory: currentDirectory, catchingSignals: true)
    }

    /// `environment` decides colour (`NO_COLOR`, `TERM`) and the build's "now" (`SOURCE_DATE_EPOCH`);
    /// `network` is how every command that fetches sends requests and waits (libcurl and real sleeps).
    /// `catchingSignals`: the process is newsgen's own, so a build may catch SIGINT and SIGTERM to keep
    /// the pages it extracted (ADR 057); tests calling this in their process leave their signals alone.
    public static func run(_ arguments: [String], currentDirectory: String,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           network: Network = .live, catchingSignals: Bool = false) -> Int32 {
        let console = Console.current(environment: environment)
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            console.error(error.message)
            console.diagnose(nil, "Run '\(CommandLineParser.helpCommand(for: arguments))' for usage.")
            return exitUsage
        }
        let context = Context(console: console, currentDirectory: URL(fileURLWithPath: currentDirectory),
                              now: buildTime(environment: environment), network: network,
                              progressInterval: progressInterval(environment: environment), catchesSignals: catchingSignals)
        return console.finish(run(command, context, environment: environment), saved: command.savedWhenDone)
    }

    /// Runs a parsed command; what it printed is judged by the caller.
    private static func run(_ command: Command, _ context: Context, environment: [String: String]) -> Int32 {
        let console = context.console
        switch command {
        case .version:
            console.print(HelpText.version)
            return exitSuccess
        case .help(let topic):
            console.print(HelpText.text(for: topic))
            return exitSuccess
        case .manPage:
            console.print(ManPage.text(CommandLineParser.table, source: BuildCommit.source))
            return exitSuccess
        case .completion(let shell):
            console.print(ShellCompletion.script(for: shell, table: CommandLineParser.table))
            return exitSuccess
        case .build(let arguments): return build(arguments, context)
        case .check(let arguments): return check(arguments, context)
        case .inspect(let arguments): return inspect(arguments, context)
        case .extract(let arguments): return extract(arguments, context)
        case .bookmark(let arguments): return bookmark(arguments, context)
        case .archive(let arguments): return archive(arguments, context)
        case .source(let arguments): return source(arguments, context)
        case .initialize(let directory, let source): return initialize(directory, newsgenSource: source, context)
        case .serve(let arguments): return serve(arguments, context, environment: environment)
        }
    }

    /// What every command gets: where to write, the folder it runs in, the time read once, and the network.
    struct Context {
        let console: Console
        let currentDirectory: URL
        let now: Date
        let network: Network
        /// Seconds between two progress lines without a terminal (`BuildProgressPrinter.defaultInterval`).
        var progressInterval = BuildProgressPrinter.defaultInterval
        /// Whether a build may catch SIGINT and SIGTERM (only in newsgen's own process).
        var catchesSignals = false

        /// A path typed on the command line, relative to the current folder.
        func url(_ path: String) -> URL {
            URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
        }
    }

    /// `newsgen init DIR`: writes the scaffold, then lists what it made, the next step, where its
    /// workflow gets newsgen from and the three steps to publish it. A `--newsgen-source` that
    /// cannot be used is a usage error, and nothing is written.
    private static func initialize(_ directory: String, newsgenSource: String?, _ context: Context) -> Int32 {
        let source: NewsgenSource?
        do {
            source = try newsgenSource.map { text throws(InitError) in try NewsgenSource.parse(option: text) } ?? BuildCommit.source
        } catch {
            context.console.error("\(error)")
            context.console.diagnose(nil, "Run 'newsgen help init' for usage.")
            return exitUsage
        }
        do {
            let outcome = try SiteScaffold.create(in: context.url(directory), shownAs: directory, created: context.now, source: source)
            let place = directory == "." ? "this folder" : directory
            var lines = ["Made a new site in \(place):"]
            lines += outcome.written.map { "  \($0)" }
            if !outcome.kept.isEmpty {
                lines.append("Kept, already there:")
                lines += outcome.kept.map { "  \($0)" }
            }
            lines.append("")
            lines.append("Next: " + (directory == "." ? "" : "'cd \(directory)', ")
                         + "add a source ('newsgen source add URL'), then 'newsgen serve' to preview it as you edit (README.md says how).")
            lines.append("")
            lines.append(source.map { "The workflow (\(CIWorkflow.path)) builds newsgen from \($0.repository) at \($0.ref)." }
                         ?? "The workflow (\(CIWorkflow.path)) does not know where to get newsgen: set NEWSGEN_REPOSITORY on line \(CIWorkflow.repositoryLine) to the address of newsgen's git repository (or NEWSGEN_DEB on line \(CIWorkflow.debLine) to a release's .deb) before you push; until then its first step stops each run and says so.")
            lines.append("To publish the site on GitHub Pages:")
            lines += SiteScaffold.publishSteps(pagesURL: outcome.pagesURL, folderName: outcome.folderName, indent: "  ")
            context.console.print(lines.joined(separator: "\n"))
            return exitSuccess
        } catch {
            context.console.error("\(error)")
            return exitFailure
        }
    }

    /// An edit takes the build lock, so it neither races another edit nor lands in the middle of a build.
    private static func bookmark(_ arguments: Command.BookmarkArguments, _ context: Context) -> Int32 {
        guard let change = arguments.action.change else {
            return onSite(arguments.site, context, locked: false) { site in
                if arguments.action == .list(json: true) {
                    let (manifest, articles) = try BookmarkCommand.listing(site: site)
                    return BookmarkList.json(manifest, articles: articles)
                }
                return BookmarkList.text(try BookmarkCommand.manifest(site: site),
                                         timeZone: TimeZone(identifier: site.config.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current)
            }
        }
        return onSite(arguments.site, context, locked: true) { site in try BookmarkCommand.edit(change, site: site, now: context.now) }
    }

    /// `newsgen archive remove` and `refresh`: take the build lock, as a build would, since both rewrite the archive.
    private static func archive(_ arguments: Command.ArchiveArguments, _ context: Context) -> Int32 {
        switch arguments.action {
        case .remove(let article, let reason):
            return onSite(arguments.site, context, locked: true) { site in
                try TakedownCommand.remove(article, reason: reason, site: site, now: context.now)
            }
        case .refresh(let article, let source):
            return onSite(arguments.site, context, locked: true) { site in
                switch (article, source) {
                case (let article?, nil): return try RefreshCommand.refresh(.article(article), site: site)
                case (nil, let source?): return try RefreshCommand.refresh(.source(source), site: site)
                case (.some, .some): throw BuildError("archive refresh takes an article or --source ID, not both")
                case (nil, nil): throw BuildError("archive refresh needs an article (its id, page or URL) or --source ID")
                }
            }
        }
    }

    /// Loads the site at `path`, runs `body` on it (holding the build lock when `locked`) and prints
    /// what it returns; an error is one `error:` line and exit 1.
    static func onSite(_ path: String, _ context: Context, locked: Bool, _ body: (Site) throws -> String) -> Int32 {
        do {
            let site = try Site.load(from: context.url(path))
            let lock = locked ? try BuildLock.acquire(site: site) : nil
            defer { lock?.release() }
            context.console.print(try body(site))
            return exitSuccess
        } catch {
            context.console.error("\(error)")
            return exitFailure
        }
    }

    private static func inspect(_ arguments: Command.InspectArguments, _ context: Context) -> Int32 {
        do {
            let fetcher = HTTPFetcher(transport: context.network.transport, clock: context.network.clock)
            let json = try Inspector(fetcher: fetcher).inspect(arguments.source, contentType: arguments.contentType,
                                               currentDirectory: context.currentDirectory)
            context.console.print(json)
            return exitSuccess
        } catch {
            return failed(error, command: "inspect", context)
        }
    }

    /// An `inspect` or `extract` error on one line; exit 64 with the usage hint when the argument itself must be fixed.
    static func failed(_ error: InspectError, command: String, _ context: Context) -> Int32 {
        context.console.error(error.description.replacingOccurrences(of: "\n", with: " "))
        guard error.isUsage else { return exitFailure }
        context.console.diagnose(nil, "Run 'newsgen help \(command)' for usage.")
        return exitUsage
    }

    private static func build(_ arguments: Command.BuildArguments, _ context: Context) -> Int32 {
        let base = context.currentDirectory
        let console = context.console
        let siteURL = context.url(arguments.site)
        let output = arguments.output.map { context.url($0) }
        let started = DispatchTime.now()
        let printer = BuildProgressPrinter(mode: BuildProgressPrinter.mode(verbosity: arguments.verbosity, terminal: isatty(STDERR_FILENO) == 1),
                                           write: { text in writeProgress(text, console) }, status: { console.errors.write($0) },
                                           interval: context.progressInterval,
                                           clock: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 })
        do {
            var options = BuildOptions(output: output, offline: arguments.offline, strict: arguments.strict, now: context.now,
                                       progress: { printer.report($0) })
            options.stageProgress = { printer.report($0) }
            if context.catchesSignals {
                options.interrupted = { signal, kept in
                    printer.finish()
                    console.error("interrupted (\(signal == SIGINT ? "SIGINT" : "SIGTERM")) during full-text extraction; the archive keeps the "
                        + "full text of the \(kept) page\(kept == 1 ? "" : "s") read in this build, which the next build does not fetch again")
                }
            }
            options.network = context.network
            if arguments.verbosity == .verbose { options.stageClock = { DispatchTime.now().uptimeNanoseconds } }
            let report = try SiteBuilder.buildHoldingLock(siteDirectory: siteURL, options: options) { repairs in
                for repair in repairs { console.warning("\(repair)") }
            }
            printer.finish()
            for warning in report.warnings { console.warning("\(warning)") }
            if arguments.verbosity != .quiet {
                let shown = shownPath(report.output, base: base)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                if arguments.verbosity == .verbose {
                    console.print(BuildSummary.imageDetail(report.images))
                    if !report.upToDate {
                        console.print(BuildSummary.enrichDetail(report.enrich))
                        console.print(BuildSummary.parseDetail(report))
                        console.print(BuildSummary.searchDetail(report))
                    }
                    console.print(BuildSummary.stages(report.stageTimes))
                    console.print("Pages: \(Wording.grouped(report.pagesRendered)) rendered, \(Wording.grouped(report.pagesKept)) kept from the last build (unchanged inputs).")
                }
                console.print(report.upToDate ? BuildSummary.upToDate(report, outputShownAs: shown, seconds: seconds)
                                      : BuildSummary.line(report, outputShownAs: shown, seconds: seconds))
                if let note = report.teasers.note { console.print(note) }
            }
            return exitSuccess
        } catch {
            printer.finish()
            console.error("\(error)")
            return exitFailure
        }
    }

    /// The live line goes to standard error (the terminal); per-source lines to standard output, with the summary.
    private static func writeProgress(_ text: String, _ console: Console) {
        if text.hasPrefix("\r") {
            console.errors.write(text)
        } else {
            console.output.write(text)
        }
    }

    /// `NEWSGEN_PROGRESS_INTERVAL` (seconds, more than 0) when set: how often a build without a terminal
    /// writes a progress line; ten seconds otherwise. For CI logs that want more or fewer, and for tests.
    static func progressInterval(environment: [String: String]) -> Double {
        guard let text = environment["NEWSGEN_PROGRESS_INTERVAL"], let seconds = Double(text), seconds > 0, seconds.isFinite else {
            return BuildProgressPrinter.defaultInterval
        }
        return seconds
    }

    /// The build's "now", read once: `SOURCE_DATE_EPOCH` when set (reproducible builds), else the clock.
    static func buildTime(environment: [String: String]) -> Date {
        if let epoch = environment["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return Date()
    }
}
