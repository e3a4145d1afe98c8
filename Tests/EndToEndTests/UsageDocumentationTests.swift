import Foundation
import Testing

/// The README's usage section and docs/commands.md quote the binary's own help: these tests run
/// `newsgen` for each quoted block and fail when the text differs (`make usage-docs` rewrites them).
@Suite struct UsageDocumentationTests {
    struct Block: CustomStringConvertible {
        let file: String
        let arguments: [String]
        let body: String
        var description: String { "\(file): newsgen \(arguments.joined(separator: " "))" }
    }

    /// Every ```text block right after a `<!-- usage: newsgen ARGS -->` line.
    static func blocks(in file: String) throws -> [Block] {
        let text = try String(contentsOf: TemporarySite.packageRoot.appendingPathComponent(file), encoding: .utf8)
        var blocks: [Block] = []
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- usage: newsgen "), line.hasSuffix(" -->"), index < lines.count, lines[index] == "```text" else { continue }
            let arguments = line.dropFirst("<!-- usage: newsgen ".count).dropLast(" -->".count).split(separator: " ").map(String.init)
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            blocks.append(Block(file: file, arguments: arguments, body: body.map { $0 + "\n" }.joined()))
        }
        return blocks
    }

    static let quoted: [Block] = (try? blocks(in: "README.md") + blocks(in: "docs/commands.md")) ?? []

    @Test func theReadmeQuotesTheOverviewAndTheCommandsPageQuotesEveryCommand() throws {
        #expect(try Self.blocks(in: "README.md").map(\.arguments) == [["--help"]])
        let overview = try Newsgen.run(["--help"], in: TemporarySite.packageRoot)
        // The command names listed under "Commands:" in the overview, but `help` itself.
        let commands = overview.stdout.components(separatedBy: "\n")
            .drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
            .compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
                return line.split(separator: " ").first.map(String.init)
            }
            .filter { $0 != "help" }
        #expect(commands == ["init", "source", "build", "serve", "check", "inspect", "extract", "bookmark", "archive", "completion"])
        #expect(try Self.blocks(in: "docs/commands.md").map(\.arguments) == commands.map { ["help", $0] })
    }

    @Test(arguments: quoted)
    func quotedHelpMatchesTheBinary(block: Block) throws {
        let result = try Newsgen.run(block.arguments, in: TemporarySite.packageRoot)
        #expect(result.status == 0)
        #expect(result.stdout == block.body, "\(block) differs from the binary's output: run 'make usage-docs'")
    }

    @Test(arguments: ["init", "source", "build", "serve", "check", "inspect", "bookmark", "archive"])
    func everyCommandTakesHelpAndShowsExamples(command: String) throws {
        let viaHelp = try Newsgen.run(["help", command], in: TemporarySite.packageRoot)
        let viaFlag = try Newsgen.run([command, "--help"], in: TemporarySite.packageRoot)
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("Usage: newsgen \(command)"))
        #expect(viaHelp.stdout.contains("\nExamples:\n  newsgen \(command)"))
    }

    /// A new user's first three commands, in the order the README's "Starting a site" shows them.
    @Test func startingASiteOpensWithInitSourceAddAndServe() throws {
        let readme = try String(contentsOf: TemporarySite.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n### Starting a site\n").dropFirst().first)
        let block = section.drop { $0.isWhitespace }
        #expect(block.hasPrefix("```sh\n"), "the section opens with its commands")
        let commands = block.dropFirst("```sh\n".count).prefix { $0 != "`" }
            .split(separator: "\n").map { $0.split(separator: " ").prefix { !$0.hasPrefix("#") }.prefix(3).joined(separator: " ") }
            .filter { $0.hasPrefix("newsgen") }
        #expect(commands == ["newsgen init my-news", "newsgen source add", "newsgen serve"])
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try Newsgen.run(["--version"], in: TemporarySite.packageRoot)
        #expect(result.status == 0)
        #expect(result.stdout == "newsgen 0.1.0\n")
    }
}
