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
        do {
            let site = try Site.load(from: siteURL)
            let lock = try BuildLock.acquire(siteDirectory: site.directory)
            defer { lock.release() }
            let report = try SiteBuilder.build(site, options: BuildOptions(output: output, offline: arguments.offline, strict: arguments.strict,
                                                                               now: buildTime()))
            for warning in report.warnings { printError("warning: \(warning)") }
            if arguments.verbosity == .verbose {
                for (id, outcome) in report.sources { print("  \(id): \(describe(outcome))") }
            }
            if arguments.verbosity != .quiet {
                let shown = report.output.path.hasPrefix(base.path + "/") ? String(report.output.path.dropFirst(base.path.count + 1)) : report.output.path
                let warningNote = report.warnings.isEmpty ? "" : ", \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"
                print("Built \(report.articleCount) article\(report.articleCount == 1 ? "" : "s") into \(shown)/ (\(report.pageCount) pages\(warningNote)).")
            }
            return exitSuccess
        } catch {
            printError("error: \(error)")
            return exitFailure
        }
    }

    /// The build's "now", read once: `SOURCE_DATE_EPOCH` when set (reproducible builds), else the clock.
    private static func buildTime() -> Date {
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return Date()
    }

    private static func describe(_ outcome: SourceOutcome) -> String {
        switch outcome {
        case .fresh(let count): return "ok, \(count) item\(count == 1 ? "" : "s")"
        case .notModified: return "not modified"
        case .skipped(let reason): return "skipped: \(reason)"
        case .failed(let reason): return "failed: \(reason)"
        }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
