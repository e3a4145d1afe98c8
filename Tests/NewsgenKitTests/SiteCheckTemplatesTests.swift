import Foundation
import Testing
@testable import NewsgenKit

/// The theme as a build loads it: parse errors and unknown partials with their place, every
/// template's problems at once (not only the first), and site templates nothing uses.
@Suite("Site check: templates")
struct SiteCheckTemplatesTests {
    private let builtIn = BuiltInTheme.templates.count

    @Test func theBuiltInThemeAloneIsClean() throws {
        let site = try CheckSite()
        defer { site.remove() }
        let report = site.check()
        #expect(report.findings(in: .templates) == [])
        #expect(report.checkedSummary[1] == "\(builtIn) templates")
    }

    @Test func anUnknownPartialIsReportedWhereItIsWritten() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("templates/home.mustache", "<main>\n  {{#articles}}{{> row}}{{/articles}}\n  {{> sidebar}}\n</main>\n")
        let report = site.check()
        #expect(report.findings(in: .templates) == [
            CheckFinding(.problem, .templates, location: "templates/home.mustache:3:3", "unknown partial 'sidebar'"),
        ])
        #expect(report.checkedSummary[1] == "\(builtIn) templates (1 from templates/)")
    }

    @Test func everyTemplatesParseErrorIsReportedNotOnlyTheFirst() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("templates/article.mustache", "<h1>{{title}}</h1>\n{{#article}}\n<p>{{body}}</p>\n")
        try site.write("templates/row.mustache", "<li>{{title}</li>")
        try site.write("templates/tag.mustache", "{{#a}}{{/b}}{{> missing}}")
        let report = site.check()
        #expect(report.findings(in: .templates).map(\.description) == [
            "templates/article.mustache:2:1: unclosed section 'article'",
            "templates/row.mustache:1:5: unclosed tag: missing '}}'",
            "templates/tag.mustache:1:7: unexpected closing tag 'b' (open section is 'a')",
        ])
        #expect(report.count(.problem, in: .templates) == 3)
    }

    @Test func aSiteTemplateNothingUsesIsAWarning() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("templates/teaser.mustache", "<p>{{summary}}</p>\n{{> teaser}}")
        try site.write("templates/byline.mustache", "<p>{{author}}</p>")
        try site.write("templates/row.mustache", "<li>{{title}} {{> byline}}</li>")
        let report = site.check()
        // A partial that only includes itself is still unused; one a template includes is used.
        #expect(report.findings(in: .templates) == [
            CheckFinding(.warning, .templates, location: "templates/teaser.mustache",
                         "never used: not a page template, and no template includes it as a partial"),
        ])
        #expect(!report.hasProblems)
    }

    @Test func anUnusedWarningWaitsForEveryTemplateToParse() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("templates/byline.mustache", "<p>{{author}}</p>")
        try site.write("templates/row.mustache", "<li>{{> byline}}{{#title}}</li>")
        let report = site.check()
        #expect(report.findings(in: .templates).map(\.description) == ["templates/row.mustache:1:17: unclosed section 'title'"])
    }

    @Test func aTemplateThatIsNotUTF8() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try Data([0x3C, 0xFF, 0xFE]).write(to: site.folder.appendingPathComponent("templates/home.mustache"))
        let report = site.check()
        #expect(report.findings(in: .templates).map(\.description) == ["templates/home.mustache: is not UTF-8 text"])
        #expect(report.checkedSummary[1] == "templates (not readable)")
    }
}
