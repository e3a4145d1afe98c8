import Foundation
import Testing
@testable import NewsgenKit

/// The Markdown articles, read as a build reads them: a file the build would skip is a problem
/// naming file, line and column.
@Suite("Site check: Markdown articles")
struct SiteCheckArticlesTests {
    @Test func goodAndBadArticles() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("content/articles/fine.md", "---\ntitle: Fine\ndate: 2026-11-02\n---\nHello.\n")
        try site.write("content/articles/bad-date.md", "---\ntitle: Bad\ndate: soon\n---\nHello.\n")
        try site.write("content/articles/no-front-matter.md", "Just text.\n")
        let report = site.check(offline: true)
        #expect(report.findings(in: .articles).map(\.description) == [
            "content/articles/bad-date.md:3:7: invalid date 'soon': use 2026-11-02, 2026-11-02 09:30 or 2026-11-02T09:30:00+01:00; article skipped",
            "content/articles/no-front-matter.md:1:1: missing front matter: start the file with a '---' line, then 'title: …' and a closing '---'; article skipped",
        ])
        #expect(report.findings(in: .articles).allSatisfy { $0.severity == .problem })
        #expect(report.checkedSummary.contains("3 Markdown articles"))
    }

    @Test func noArticlesFolderIsNoProblem() throws {
        let site = try CheckSite()
        defer { site.remove() }
        let report = site.check(offline: true)
        #expect(report.findings(in: .articles) == [])
        #expect(report.checkedSummary.contains("0 Markdown articles"))
    }
}
