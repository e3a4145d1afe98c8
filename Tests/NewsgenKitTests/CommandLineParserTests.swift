import Foundation
import Testing
@testable import NewsgenKit

@Suite("Command line")
struct CommandLineParserTests {
    private func parse(_ arguments: String...) throws(UsageError) -> Command { try CommandLineParser.parse(arguments) }

    private func usageError(_ arguments: String...) -> String? {
        do { _ = try CommandLineParser.parse(arguments); return nil } catch { return error.message }
    }

    @Test func buildWithDefaults() throws {
        #expect(try parse("build") == .build(Command.BuildArguments()))
    }

    @Test func buildWithEveryFlag() throws {
        var expected = Command.BuildArguments()
        expected.site = "site"
        expected.output = "/tmp/out"
        expected.offline = true
        expected.strict = true
        expected.verbosity = .verbose
        #expect(try parse("build", "--site", "site", "--output=/tmp/out", "--offline", "--strict", "--verbose") == .build(expected))
        #expect(try parse("build", "--quiet") == .build({ var q = Command.BuildArguments(); q.verbosity = .quiet; return q }()))
    }

    @Test func helpAndVersion() throws {
        #expect(try parse() == .help(topic: nil))
        #expect(try parse("--help") == .help(topic: nil))
        #expect(try parse("help", "build") == .help(topic: "build"))
        #expect(try parse("build", "--help") == .help(topic: "build"))
        #expect(try parse("--version") == .version)
    }

    @Test func misuseNamesTheProblemAndSuggests() {
        #expect(usageError("biuld") == "unknown command 'biuld' (did you mean 'build'?)")
        #expect(usageError("frobnicate") == "unknown command 'frobnicate'")
        #expect(usageError("build", "--ofline") == "unknown option '--ofline' (did you mean '--offline'?)")
        #expect(usageError("build", "--site") == "--site needs a value")
        #expect(usageError("build", "--site", "--offline") == "--site needs a value")
        #expect(usageError("build", "extra") == "build takes no argument 'extra' (use --site DIR to build another folder)")
        #expect(usageError("--verison") == "unknown option '--verison' (did you mean '--version'?)")
        #expect(usageError("help", "bild") == "unknown command 'bild' (did you mean 'build'?)")
    }
}

/// The commands the CI documentation tells people to run are commands newsgen accepts.
@Suite("Documented commands")
struct DocumentedCommandsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `newsgen …` invocation in a documentation file, as its arguments.
    private static func invocations(in relativePath: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "newsgen build") else { return nil }
            let command = line[range.lowerBound...].prefix { $0 != ";" && $0 != "#" && $0 != "`" && $0 != "|" }
            return command.split(separator: " ").dropFirst().map(String.init)
        }
    }

    @Test(arguments: ["docs/ci.md", "docs/ci/github-actions.yml"])
    func theCIExampleRunsARealCommand(file: String) throws {
        let found = try Self.invocations(in: file)
        #expect(!found.isEmpty, "\(file) shows how newsgen build is run")
        for arguments in found {
            #expect(throws: Never.self, "\(arguments.joined(separator: " ")) in \(file)") { _ = try CommandLineParser.parse(arguments) }
        }
    }
}
