import Foundation
import Mustache
import Testing
import NewsgenTestSupport

/// The six core modules of the official Mustache spec, run case by case from
/// the shared corpus (`../shared/corpora/mustache-spec/specs/` beside the package).
@Suite(Prerequisite.require(SpecCorpus.exists, "../shared/corpora/mustache-spec is absent: spec tests skipped"))
struct SpecConformanceTests {
    @Test func coreModulesPassInFull() throws {
        var passed = 0
        var total = 0
        for module in SpecCorpus.coreModules {
            let file = try SpecCorpus.load(module)
            #expect(!file.tests.isEmpty, "\(module).json has no tests")
            var modulePassed = 0
            for spec in file.tests {
                total += 1
                let label = "\(module).json › \(spec.name)"
                do {
                    let library = try MustacheLibrary(templates: spec.partials ?? [:])
                    let template = try MustacheTemplate(source: spec.template, name: spec.name)
                    let actual = try template.render(spec.data, partials: library)
                    #expect(actual == spec.expected, "\(label): template \(spec.template.debugDescription)")
                    if actual == spec.expected { modulePassed += 1 }
                } catch {
                    Issue.record("\(label): \(error)")
                }
            }
            print("Mustache spec: \(module).json \(modulePassed)/\(file.tests.count)")
            passed += modulePassed
        }
        print("Mustache spec: \(passed)/\(total) core tests passed")
        #expect(passed == total)
    }
}

/// Where the spec corpus lives and how its files decode.
enum SpecCorpus {
    static let coreModules = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// Tests/MustacheTests/<file> → package root → ../shared/corpora/mustache-spec/specs
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("../shared/corpora/mustache-spec/specs")
        .standardizedFileURL

    static var exists: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("interpolation.json").path)
    }

    struct File: Decodable {
        let tests: [Case]
    }

    struct Case: Decodable {
        let name: String
        let data: MustacheValue
        let template: String
        let expected: String
        let partials: [String: String]?
    }

    static func load(_ module: String) throws -> File {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(module).json"))
        return try JSONDecoder().decode(File.self, from: data)
    }
}
