import Foundation
import NewsgenModel
import Testing
@testable import NewsgenHTML

/// The repository's own sample site must build: its articles parse, and between
/// them they show every Markdown extension the site supports.
@Suite struct SampleArticlesTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("content/articles")

    static func article(_ name: String) throws -> MarkdownArticle {
        try MarkdownArticle.parse(String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
    }

    @Test func welcomeArticle() throws {
        let article = try Self.article("welcome-to-the-marrow-bay-archive.md")
        #expect(article.frontMatter == FrontMatter(
            title: "Welcome to the Marrow Bay archive", date: RFC3339.date(from: "2026-10-05T00:00:00Z"), author: "Ines Calloway",
            summary: "Why the Marrow Bay Courier now keeps every story it publishes in one searchable place, and what is still to come.",
            tags: ["about", "archive"], slug: "welcome"))
        #expect(article.html.contains("<li><input type=\"checkbox\" checked=\"\" disabled=\"\"> Move the news desk's notes into the archive</li>"))
        #expect(article.html.contains("<li><input type=\"checkbox\" disabled=\"\"> Scan the printed editions from 1995 to 2025</li>"))
        #expect(article.html.contains("<a href=\"mailto:desk@marrowbay.example\">desk@marrowbay.example</a>"))
    }

    @Test func verificationArticle() throws {
        let article = try Self.article("how-we-verify-a-story.md")
        #expect(article.frontMatter == FrontMatter(
            title: "How we verify a story", date: RFC3339.date(from: "2026-10-21T14:00:00Z"), author: "Tomas Reyne",
            summary: "The checks every Marrow Bay Courier story goes through before it is published, and what we do when we get something wrong.",
            tags: ["standards", "verification"]))
        #expect(article.html.contains("<th>What we need before publishing</th>"))
        #expect(article.html.contains("<sup class=\"footnote-ref\"><a href=\"#fn-anon\" id=\"fnref-anon\" data-footnote-ref=\"\">1</a></sup>"))
        #expect(article.html.contains("<li id=\"fn-anon\">"))
    }

    @Test func ferryArticle() throws {
        let article = try Self.article("ferry-timetable-changes-explained.md")
        #expect(article.frontMatter == FrontMatter(
            title: "Ferry timetable changes, explained", date: RFC3339.date(from: "2026-11-18T06:45:00Z"), author: "Ines Calloway",
            summary: "From the first of December the Marrow Bay ferry runs a winter timetable. Here is what changes, and why.",
            tags: ["transport"], image: "ferry-at-dusk.png"))
        #expect(article.html.contains("<td align=\"center\"><del>22:15</del></td>"))
        #expect(article.html.contains("<a href=\"https://ferries.marrowbay.example/winter-2026\" rel=\"noopener noreferrer nofollow\">"))
        #expect(article.html.contains("<a href=\"#fnref-survey\" class=\"footnote-backref\" data-footnote-backref=\"\" aria-label=\"Back to content\">↩</a>"))
    }
}
