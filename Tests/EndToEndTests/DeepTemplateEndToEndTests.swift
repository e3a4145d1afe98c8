import Foundation
import Testing

/// A theme whose `row.mustache` nests sections tens of thousands deep (issue 32: 30,000 crashed
/// `build` with SIGSEGV, 100,000 crashed `check` too) is a template error like any other: the
/// file, the line and the depth, exit 1, nothing published (ADR 050).
@Suite("A deeply nested template, end to end", .serialized)
struct DeepTemplateEndToEndTests {
    static let message = "templates/row.mustache:101:1: section 'deep' is nested 101 deep; sections nest at most 100 deep"

    /// The sample site with its real row template wrapped in `depth` sections, one opening tag a line.
    private func site(nesting depth: Int) throws -> TemporarySite {
        let site = try TemporarySite.sample()
        let row = try site.read("templates/row.mustache")
        try site.write("templates/row.mustache", String(repeating: "{{#deep}}\n", count: depth) + row
                           + String(repeating: "{{/deep}}\n", count: depth))
        return site
    }

    @Test(arguments: [30_000, 100_000])
    func buildAndCheckNameTheFileTheLineAndTheDepth(depth: Int) throws {
        let site = try site(nesting: depth)
        defer { site.remove() }

        let build = try site.run("build", "--offline")
        #expect(!build.signalled, "build died of signal \(build.status)")
        #expect(build.status == 1)
        #expect(build.stderr.contains("error: \(Self.message)\n"), "stderr: \(build.stderr.prefix(2_000))")
        #expect(!FileManager.default.fileExists(atPath: site.publicDirectory.appendingPathComponent("index.html").path))

        let check = try site.run("check", "--offline")
        #expect(!check.signalled, "check died of signal \(check.status)")
        #expect(check.status == 1)
        #expect(check.stdout.contains("error: \(Self.message)\n"), "stdout: \(check.stdout.prefix(2_000))")
    }
}
