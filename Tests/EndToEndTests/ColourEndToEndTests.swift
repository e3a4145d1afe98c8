import Foundation
import Testing
import NewsgenTestSupport

/// Colour is for a person at a terminal: `warning:` and `error:` are coloured on a terminal
/// (a pseudo-terminal made by util-linux's `script`), never in a pipe, never with NO_COLOR set,
/// never on a dumb terminal.
@Suite(Prerequisite.require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux 'script' is needed for a terminal"))
struct ColourEndToEndTests {
    static let yellowWarning = "\u{1B}[1;33mwarning:\u{1B}[0m source 'gone' failed"
    static let redError = "\u{1B}[1;31merror:\u{1B}[0m unknown command 'biuld'"

    /// A sample site with one source whose file is missing: every build warns about it.
    static func siteWithAWarning() throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try site.editConfig { config in
            var sources = config["sources"] as? [[String: Any]] ?? []
            sources.append(["id": "gone", "path": "content/feeds/gone.xml"])
            config["sources"] = sources
        }
        return site
    }

    /// Runs `newsgen ARGS` on a pseudo-terminal; what it printed to either stream, as the terminal showed it.
    static func onATerminal(_ arguments: [String], in directory: URL, environment extra: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([Newsgen.binary.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        environment["TERM"] = "xterm-256color"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aTerminalGetsColouredLabels() throws {
        let site = try Self.siteWithAWarning()
        defer { site.remove() }
        let shown = try Self.onATerminal(["build", "--offline"], in: site.directory, environment: [:])
        #expect(shown.contains(Self.yellowWarning), "\(shown.debugDescription)")
        let misuse = try Self.onATerminal(["biuld"], in: site.directory, environment: [:])
        #expect(misuse.contains(Self.redError), "\(misuse.debugDescription)")
    }

    @Test(arguments: [["NO_COLOR": "1"], ["NO_COLOR": "yes"], ["TERM": "dumb"]])
    func noColourWhenTheEnvironmentSaysSo(environment: [String: String]) throws {
        let site = try Self.siteWithAWarning()
        defer { site.remove() }
        let shown = try Self.onATerminal(["build", "--offline"], in: site.directory, environment: environment)
        #expect(shown.contains("warning: source 'gone' failed"), "\(shown.debugDescription)")
        #expect(!shown.contains("\u{1B}[1;"), "\(shown.debugDescription)")
    }

    @Test func aPipeGetsPlainTextEvenWithoutNoColor() throws {
        let site = try Self.siteWithAWarning()
        defer { site.remove() }
        // An empty NO_COLOR does not count as set (no-color.org), so only the pipe keeps colour off.
        let result = try site.run("build", "--offline", environment: ["NO_COLOR": ""])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("warning: source 'gone' failed"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stdout.contains("\u{1B}"))
    }
}
