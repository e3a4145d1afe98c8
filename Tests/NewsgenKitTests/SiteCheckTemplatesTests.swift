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
        // A partial that only includes itself is still unused (and never ends); one a template includes is used.
        #expect(report.findings(in: .templates) == [
            CheckFinding(.warning, .templates, location: "templates/teaser.mustache",
                         "never used: not a page template, and no template includes it as a partial"),
            CheckFinding(.warning, .templates, location: "templates/teaser.mustache:2:1",
                         "'teaser' includes itself outside any section, so its expansion never ends; it stops at 64 levels, its output repeated"),
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

    /// `x{{>boom}}{{>boom}}` doubles the page at each level: 2^64 expansions, which the depth limit
    /// alone let run for minutes. The check names it; a build stops at the render budget, at once.
    @Test func aPartialThatIncludesItselfTwiceIsAProblemAndStopsTheBuild() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("templates/home.mustache", "<main>{{> boom}}</main>\n")
        try site.write("templates/boom.mustache", "x{{>boom}}{{>boom}}")
        let report = site.check(offline: true)
        #expect(report.findings(in: .templates) == [
            CheckFinding(.problem, .templates, location: "templates/boom.mustache:1:2",
                         "'boom' includes itself 2 times (at 1:2, 1:11), so each level multiplies the page and its expansion is unbounded; "
                             + "a build stops after 100000 partials"),
        ])
        #expect(throws: BuildError(path: "templates/boom.mustache",
                                   "rendering stopped: more than 100000 partials were expanded in one render, by partial 'boom', "
                                       + "which includes itself (boom → boom); 'newsgen check' shows where")) {
            try site.build()
        }
    }

    @Test func aCycleThroughOtherPartialsIsNamedWhereItComesBackTwice() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("templates/row.mustache", "<li>{{title}}{{> byline}}</li>")
        try site.write("templates/byline.mustache", "{{#author}}{{> row}}{{/author}} {{> row}}")
        let report = site.check(offline: true)
        #expect(report.findings(in: .templates).map(\.description) == [
            "templates/byline.mustache:1:12: 'byline' includes itself through 'row' 2 times (at 1:12, 1:33), so each level multiplies "
                + "the page and its expansion is unbounded; a build stops after 100000 partials",
        ])
    }

    /// Recursion a section ends (a tree of comments) is fine; one outside any section never ends: a warning.
    @Test func recursionOutsideAnySectionIsAWarning() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("templates/row.mustache", "<li>{{title}}{{#replies}}{{> row}}{{/replies}}{{> tail}}</li>")
        try site.write("templates/tail.mustache", "…{{> tail}}")
        let report = site.check(offline: true)
        #expect(report.findings(in: .templates) == [
            CheckFinding(.warning, .templates, location: "templates/tail.mustache:1:2",
                         "'tail' includes itself outside any section, so its expansion never ends; it stops at 64 levels, its output repeated"),
        ])
        #expect(!report.hasProblems)
    }
}
