import Foundation
import NewsgenModel
import Testing
@testable import NewsgenHTML

@Suite struct MarkdownArticleTests {
    @Test func parsesRendersAndSanitizes() throws {
        let text = """
        ---
        title: Harbour wall repairs
        date: 2026-11-02
        tags: harbour
        ---
        The wall is ~~closed~~ open.<script>alert(1)</script>

        ![The wall](media/wall.jpg)

        <a href="javascript:alert(1)" onclick="x()">bad</a>

        """
        let article = try MarkdownArticle.parse(text, baseURL: "https://news.example.org/articles/harbour/")
        #expect(article == MarkdownArticle(
            frontMatter: FrontMatter(title: "Harbour wall repairs", date: RFC3339.date(from: "2026-11-02T00:00:00Z"), tags: ["harbour"]),
            html: """
                <p>The wall is <del>closed</del> open.</p>
                <p><img src="https://news.example.org/articles/harbour/media/wall.jpg" alt="The wall"></p>
                <p><a>bad</a></p>

                """))
    }

    @Test func reportsAMissingFrontMatter() {
        #expect(throws: FrontMatterError(line: 1, column: 1,
                                         reason: "missing front matter: start the file with a '---' line, then 'title: …' and a closing '---'")) {
            try MarkdownArticle.parse("# Title\n\nBody\n")
        }
    }

    @Test func reportsUnclosedFrontMatter() {
        #expect(throws: FrontMatterError(line: 1, column: 1, reason: "unclosed front matter: no closing '---' or '...' line")) {
            try MarkdownArticle.parse("---\ntitle: T\n\nBody\n")
        }
    }

    @Test func reportsAMissingTitleAtTheOpeningLine() {
        #expect(throws: FrontMatterError(line: 1, column: 1, reason: "missing required front matter key 'title'")) {
            try MarkdownArticle.parse("---\nauthor: Ines\n---\nBody\n")
        }
    }

    /// Positions count in the whole file, whatever its line ends or byte-order mark.
    @Test func countsErrorLinesInTheWholeFile() {
        #expect(throws: FrontMatterError(line: 4, column: 1, reason: "unknown front matter key 'titel' (did you mean 'title'?)")) {
            try MarkdownArticle.parse("\u{FEFF}---\r\ndate: 2026-11-02\r\nauthor: Ines\r\ntitel: T\r\n---\r\nBody\r\n")
        }
    }
}
