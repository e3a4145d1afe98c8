import Foundation
import Testing
@testable import NewsgenKit

/// A small site in a temporary folder for `SiteCheck`: site.json with one path source
/// (`news`, one item), no templates of its own, no manifest, not built.
struct CheckSite {
    static let feed = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0"><channel><title>News</title><link>http://example.com/</link>
    <item><title>Harbour opens</title><link>http://example.com/harbour</link><guid isPermaLink="false">harbour</guid>
    <pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate></item>
    </channel></rss>
    """

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("site-check-\(UUID().uuidString)")

    init(config: String = #"{"title": "Bay", "sources": [{"id": "news", "path": "feeds/news.xml"}]}"#) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("site.json", config)
        try write("feeds/news.xml", Self.feed)
    }

    func write(_ relative: String, _ text: String) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func check(offline: Bool = false, output: URL? = nil, network: Network = .live) -> CheckReport {
        var options = SiteCheckOptions(offline: offline, output: output, retryBackoff: 0.01)
        options.network = network
        return SiteCheck.run(siteDirectory: folder, options: options)
    }

    /// A real build, offline, into `public/`.
    @discardableResult
    func build() throws -> BuildReport {
        try SiteBuilder.build(try Site.load(from: folder), options: BuildOptions(offline: true))
    }

    /// Every file under the folder with its bytes, to show a check wrote nothing.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try Data(contentsOf: url)
            }
        }
        return files
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The report as a whole: site.json first, the order of findings, counts and the summary.
@Suite("Site check: site.json and the report")
struct SiteCheckTests {
    @Test func aHealthyUnbuiltSiteHasOnlyTheNotBuiltNote() throws {
        let site = try CheckSite()
        defer { site.remove() }
        let report = site.check()
        #expect(report.findings.map(\.description) == ["public: not built yet: run 'newsgen build'"])
        #expect(report.findings.map(\.severity) == [.note])
        #expect(!report.hasProblems)
        #expect(report.checkedSummary == ["site.json", "\(BuiltInTheme.templates.count) templates",
                                          "0 bookmarks against 0 archived articles", "1 source", "0 Markdown articles",
                                          "links (not built yet)"])
    }

    @Test func aMissingSiteJSONIsTheOneProblem() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("site.json"))
        let report = site.check()
        #expect(report.findings == [
            CheckFinding(.problem, .siteJSON, location: "site.json", "not found (is \(site.folder.path) a newsgen site?)"),
            CheckFinding(.note, .siteJSON, "nothing else was checked: the templates, the manifest, the sources and the links need a site.json that loads"),
        ])
        #expect(report.hasProblems)
        #expect(report.checkedSummary == [])
    }

    @Test func anInvalidSiteJSONNamesLineAndColumnAndStopsTheCheck() throws {
        let site = try CheckSite(config: "{\n  \"title\": \"Bay\",\n  \"sources\": [],\n  \"pageSise\": 10\n}\n")
        defer { site.remove() }
        // Broken templates are not looked at: nothing but site.json is checked.
        try site.write("templates/home.mustache", "{{#open}}")
        let report = site.check()
        #expect(report.findings.map(\.description) == [
            "site.json:4:3: unknown key 'pageSise' (did you mean 'pageSize'?)",
            "nothing else was checked: the templates, the manifest, the sources and the links need a site.json that loads",
        ])
        #expect(report.count(.problem) == 1)
        #expect(report.count(.problem, in: .templates) == 0)
    }

    @Test func findingsAreOrderedByAreaThenFileLineAndColumn() {
        let findings = [
            CheckFinding(.problem, .links, location: "public/index.html:10:2", "broken link 'b'"),
            CheckFinding(.problem, .links, location: "public/index.html:9:30", "broken link 'a'"),
            CheckFinding(.problem, .sources, "source 'b' failed: x"),
            CheckFinding(.problem, .sources, "source 'a' failed: y"),
            CheckFinding(.warning, .templates, location: "templates/z.mustache", "never used: …"),
            CheckFinding(.problem, .templates, location: "templates/home.mustache:2:3", "unknown partial 'x'"),
            CheckFinding(.problem, .siteJSON, location: "site.json", "x"),
        ]
        #expect(CheckFinding.sorted(findings).map(\.description) == [
            "site.json: x",
            "templates/home.mustache:2:3: unknown partial 'x'",
            "templates/z.mustache: never used: …",
            "source 'b' failed: x",
            "source 'a' failed: y",
            "public/index.html:9:30: broken link 'a'",
            "public/index.html:10:2: broken link 'b'",
        ])
    }

    @Test func countsBySeverityAndArea() {
        let report = CheckReport(findings: [
            CheckFinding(.problem, .templates, location: "templates/a.mustache:1:1", "unknown partial 'x'"),
            CheckFinding(.warning, .templates, location: "templates/b.mustache", "never used"),
            CheckFinding(.problem, .links, location: "public/index.html:1:1", "broken link 'y'"),
            CheckFinding(.note, .sources, "source 'z' skipped: offline"),
        ])
        #expect(report.problemCount == 2)
        #expect(report.warningCount == 1)
        #expect(report.count(.problem, in: .links) == 1)
        #expect(report.count(.note) == 1)
        #expect(report.findings(in: .templates).map(\.message) == ["unknown partial 'x'", "never used"])
        #expect(!CheckReport(findings: [CheckFinding(.warning, .sources, "w")]).hasProblems)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_204, "1,204"), (9_310, "9,310"), (1_234_567, "1,234,567")])
    func numbersAreGroupedByThousands(number: Int, text: String) {
        #expect(Wording.grouped(number) == text)
    }

    @Test func aCheckWritesNothingInTheSite() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.build()
        let before = try site.snapshot()
        _ = site.check()
        #expect(try site.snapshot() == before)
    }
}

/// The repository's own sample site, built, checks clean: no problem, no warning, no note.
@Suite("Site check: the sample site")
struct SiteCheckSampleSiteTests {
    @Test func theBuiltSampleSiteChecksClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("site-check-sample-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["site.json", "content", "templates", "bookmarks.json"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("content/archive"))
        let build = try SiteBuilder.build(try Site.load(from: folder), options: BuildOptions(offline: true))
        let report = SiteCheck.run(siteDirectory: folder)
        #expect(report.findings.map(\.description) == [])
        #expect(report.checkedSummary.first == "site.json")
        #expect(report.checkedSummary[3] == "4 sources")
        #expect(report.checkedSummary[5].hasPrefix("\(build.pageCount) pages, "))
    }
}
