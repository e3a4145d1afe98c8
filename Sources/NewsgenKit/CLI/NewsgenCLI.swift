import Foundation

/// Runs one command line and returns the exit code. Kept in the library so the
/// executable stays a one-liner.
public enum NewsgenCLI {
    public static let exitSuccess: Int32 = 0
    public static let exitFailure: Int32 = 1
    public static let exitUsage: Int32 = 64

    public static func run(_ arguments: [String], currentDirectory: String) -> Int32 {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            printError("error: \(error.message)\nRun 'newsgen --help' for usage.")
            return exitUsage
        }
        switch command {
        case .version:
            print(HelpText.version)
            return exitSuccess
        case .help(let topic):
            print(HelpText.text(for: topic))
            return exitSuccess
        case .build(let arguments):
            return build(arguments, currentDirectory: currentDirectory)
        case .inspect(let arguments):
            return inspect(arguments, currentDirectory: currentDirectory)
        case .bookmark(let arguments):
            return bookmark(arguments, currentDirectory: currentDirectory)
        case .archive(let arguments):
            return archive(arguments, currentDirectory: currentDirectory)
        case .initialize(let directory):
            return initialize(directory, currentDirectory: currentDirectory)
        }
    }

    /// `newsgen init DIR`: writes the scaffold, then lists what it made and the next step.
    private static func initialize(_ directory: String, currentDirectory: String) -> Int32 {
        let url = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: currentDirectory)).standardizedFileURL
        do {
            let outcome = try SiteScaffold.create(in: url, shownAs: directory, created: buildTime())
            let place = directory == "." ? "this folder" : directory
            var lines = ["Made a new site in \(place):"]
            lines += outcome.written.map { "  \($0)" }
            if !outcome.kept.isEmpty {
                lines.append("Kept, already there:")
                lines += outcome.kept.map { "  \($0)" }
            }
            lines.append("")
            lines.append("Next: add a source to site.json, then run "
                         + (directory == "." ? "'newsgen build'" : "'cd \(directory) && newsgen build'")
                         + " (README.md says how).")
            print(lines.joined(separator: "\n"))
            return exitSuccess
        } catch {
            printError("error: \(error)")
            return exitFailure
        }
    }

    private static func bookmark(_ arguments: Command.BookmarkArguments, currentDirectory: String) -> Int32 {
        let siteURL = URL(fileURLWithPath: arguments.site, relativeTo: URL(fileURLWithPath: currentDirectory)).standardizedFileURL
        do {
            print(try BookmarkCommand.run(arguments.action, site: try Site.load(from: siteURL), now: buildTime()))
            return exitSuccess
        } catch {
            printError("error: \(error)")
            return exitFailure
        }
    }

    /// `newsgen archive remove`: takes the build lock, as a build would, since both rewrite the archive.
    private static func archive(_ arguments: Command.ArchiveArguments, currentDirectory: String) -> Int32 {
        let siteURL = URL(fileURLWithPath: arguments.site, relativeTo: URL(fileURLWithPath: currentDirectory)).standardizedFileURL
        do {
            let site = try Site.load(from: siteURL)
            let lock = try BuildLock.acquire(siteDirectory: site.directory)
            defer { lock.release() }
            switch arguments.action {
            case .remove(let article, let reason):
                print(try TakedownCommand.remove(article, reason: reason, site: site, now: buildTime()))
            }
            return exitSuccess
        } catch {
            printError("error: \(error)")
            return exitFailure
        }
    }

    private static func inspect(_ arguments: Command.InspectArguments, currentDirectory: String) -> Int32 {
        do {
            let json = try Inspector().inspect(arguments.source, contentType: arguments.contentType,
                                               currentDirectory: URL(fileURLWithPath: currentDirectory))
            print(json)
            return exitSuccess
        } catch {
            printError("error: \(error.description.replacingOccurrences(of: "\n", with: " "))")
            return exitFailure
        }
    }

    private static func build(_ arguments: Command.BuildArguments, currentDirectory: String) -> Int32 {
        let base = URL(fileURLWithPath: currentDirectory)
        let siteURL = URL(fileURLWithPath: arguments.site, relativeTo: base).standardizedFileURL
        let output = arguments.output.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL }
        let started = DispatchTime.now()
        let printer = BuildProgressPrinter(mode: BuildProgressPrinter.mode(verbosity: arguments.verbosity, terminal: isatty(STDERR_FILENO) == 1),
                                           write: { text in writeProgress(text) })
        do {
            let site = try Site.load(from: siteURL)
            let lock = try BuildLock.acquire(siteDirectory: site.directory)
            defer { lock.release() }
            var options = BuildOptions(output: output, offline: arguments.offline, strict: arguments.strict, now: buildTime(),
                                       progress: { printer.report($0) })
            if arguments.verbosity == .verbose { options.stageClock = { DispatchTime.now().uptimeNanoseconds } }
            let report = try SiteBuilder.build(site, options: options)
            printer.finish()
            for warning in report.warnings { printError("warning: \(warning)") }
            if arguments.verbosity != .quiet {
                let shown = report.output.path.hasPrefix(base.path + "/") ? String(report.output.path.dropFirst(base.path.count + 1)) : report.output.path
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                if arguments.verbosity == .verbose {
                    print(BuildSummary.imageDetail(report.images))
                    print(BuildSummary.stages(report.stageTimes))
                    print("Pages: \(report.pagesRendered) rendered, \(report.pagesKept) kept from the last build (unchanged inputs).")
                }
                print(report.upToDate ? BuildSummary.upToDate(report, outputShownAs: shown, seconds: seconds)
                                      : BuildSummary.line(report, outputShownAs: shown, seconds: seconds))
            }
            return exitSuccess
        } catch {
            printer.finish()
            printError("error: \(error)")
            return exitFailure
        }
    }

    /// The live line goes to standard error (the terminal); per-source lines to standard output, with the summary.
    private static func writeProgress(_ text: String) {
        if text.hasPrefix("\r") {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// The build's "now", read once: `SOURCE_DATE_EPOCH` when set (reproducible builds), else the clock.
    private static func buildTime() -> Date {
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return Date()
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
