/// A Markdown article from `content/articles/`: its front matter and its
/// body as sanitized HTML, ready for the pipeline.
public struct MarkdownArticle: Sendable, Equatable {
    public var frontMatter: FrontMatter
    /// Sanitized: safe to publish as is.
    public var html: String

    public init(frontMatter: FrontMatter, html: String) {
        self.frontMatter = frontMatter
        self.html = html
    }

    /// Splits `text`, checks its front matter (which must exist and have a
    /// title), renders the body with cmark-gfm and sanitizes the result,
    /// resolving relative links and images against `baseURL` when one is given.
    public static func parse(_ text: String, baseURL: String? = nil) throws(FrontMatterError) -> MarkdownArticle {
        switch MarkdownDocument.scan(text) {
        case .noFrontMatter:
            throw FrontMatterError(line: 1, column: 1, reason: "missing front matter: start the file with a '---' line, then 'title: …' and a closing '---'")
        case .unclosed:
            throw FrontMatterError(line: 1, column: 1, reason: "unclosed front matter: no closing '---' or '...' line")
        case .frontMatter(let yaml, let firstLine, let body):
            let frontMatter = try FrontMatter.parse(yaml, firstLine: firstLine)
            let html = HTMLSanitizer.sanitize(Markdown.html(from: body), baseURL: baseURL)
            return MarkdownArticle(frontMatter: frontMatter, html: html)
        }
    }
}
