import Foundation
import Mustache
import NewsgenModel
import Testing
@testable import NewsgenKit
import NewsgenTestSupport

/// The theme embedded in the binary (Load/BuiltInTheme.generated.swift, made by `make embed-templates`) must
/// equal the repository's templates/ byte for byte, and a site's templates/ overrides it file by file.
@Suite("Built-in theme and per-file overrides")
struct BuiltInThemeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let templatesFolder = repository.appendingPathComponent("templates")
    static let hasRepository = FileManager.default.fileExists(atPath: templatesFolder.path)

    private static func files(in folder: URL, suffix: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(suffix) && !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[String(name.dropLast(suffix.count))] = try Data(contentsOf: url)
        }
        return files
    }

    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("embedded templates equal templates/*.mustache (run 'make embed-templates' after an edit)", Prerequisite.require(hasRepository, "the repository's templates/ folder is not beside the tests"))
    func templatesMatchTheRepository() throws {
        let onDisk = try Self.files(in: Self.templatesFolder, suffix: ".mustache")
        #expect(BuiltInTheme.templates.keys.sorted() == onDisk.keys.sorted())
        for (name, data) in onDisk {
            #expect(BuiltInTheme.templates[name].map { Data($0.utf8) } == data, "templates/\(name).mustache differs from the built-in copy")
        }
    }

    @Test("embedded assets equal templates/assets/*", Prerequisite.require(hasRepository, "the repository's templates/ folder is not beside the tests"))
    func assetsMatchTheRepository() throws {
        let onDisk = try Self.files(in: Self.templatesFolder.appendingPathComponent("assets"), suffix: "")
        #expect(BuiltInTheme.assets.keys.sorted() == onDisk.keys.sorted())
        for (name, data) in onDisk {
            #expect(BuiltInTheme.assets[name].map { Data($0.utf8) } == data, "templates/assets/\(name) differs from the built-in copy")
        }
    }

    @Test("docs/templates.md names every built-in template and asset", Prerequisite.require(hasRepository, "the repository's templates/ folder is not beside the tests"))
    func everyTemplateIsDocumented() throws {
        let documentation = try String(contentsOf: Self.repository.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        for name in BuiltInTheme.templates.keys.sorted() {
            #expect(documentation.contains("`\(name)`"), "docs/templates.md does not mention the template `\(name)`")
        }
        for name in BuiltInTheme.assets.keys.sorted() {
            #expect(documentation.contains("assets/\(name)"), "docs/templates.md does not mention assets/\(name)")
        }
    }

    @Test("embedded CI workflow equals docs/ci/github-actions.yml", Prerequisite.require(hasRepository, "the repository's templates/ folder is not beside the tests"))
    func workflowMatchesTheRepository() throws {
        let onDisk = try Data(contentsOf: Self.repository.appendingPathComponent("docs/ci/github-actions.yml"))
        #expect(Data(BuiltInTheme.ciWorkflow.utf8) == onDisk)
    }

    @Test func aSiteWithoutTemplatesGetsTheBuiltInTheme() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = try Templates.load(from: folder.appendingPathComponent("templates"), shownAs: "templates")
        #expect(templates.library.names == BuiltInTheme.templates.keys.sorted())
        #expect(templates.assets.map(\.name) == ["favicon.svg", "search.js", "style.css"])
        #expect(templates.assets.map(\.data) == [Data(BuiltInTheme.assets["favicon.svg", default: ""].utf8),
                                                 Data(BuiltInTheme.assets["search.js", default: ""].utf8),
                                                 Data(BuiltInTheme.assets["style.css", default: ""].utf8)])
    }

    @Test func aSiteFileReplacesTheBuiltInOneOfTheSameNameAndAddsNewOnes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("templates")
        try Self.write("ROW {{title}} {{> byline}}", to: site.appendingPathComponent("row.mustache"))
        try Self.write("by {{author}}", to: site.appendingPathComponent("byline.mustache"))
        try Self.write("body { color: teal; }\n", to: site.appendingPathComponent("assets/style.css"))
        try Self.write("<svg/>", to: site.appendingPathComponent("assets/logo.svg"))
        let templates = try Templates.load(from: site, shownAs: "templates")
        #expect(templates.library.names == (BuiltInTheme.templates.keys + ["byline"]).sorted())
        #expect(try templates.library.render("row", .object(["title": "Quay", "author": "Ines"])) == "ROW Quay by Ines")
        // Untouched templates stay the built-in ones.
        let home = try #require(BuiltInTheme.templates["notfound"])
        #expect(try templates.library.render("notfound", .object([:])) == MustacheLibrary(templates: ["notfound": home]).render("notfound", .object([:])))
        #expect(templates.assets.map(\.name) == ["favicon.svg", "logo.svg", "search.js", "style.css"])
        #expect(templates.assets.first { $0.name == "style.css" }?.data == Data("body { color: teal; }\n".utf8))
        #expect(templates.assets.first { $0.name == "search.js" }?.data == Data(BuiltInTheme.assets["search.js", default: ""].utf8))
    }

    @Test func aBrokenSiteTemplateIsNamedByItsFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("templates")
        try Self.write("{{#articles}}unclosed", to: site.appendingPathComponent("home.mustache"))
        var parseError: MustacheError?
        do { _ = try MustacheLibrary(templates: ["home": "{{#articles}}unclosed"]) } catch { parseError = error }
        let expected = try #require(parseError)
        #expect(throws: BuildError(path: "templates/home.mustache:\(expected.line):\(expected.column)", expected.reason)) {
            try Templates.load(from: site, shownAs: "templates")
        }
    }
}
