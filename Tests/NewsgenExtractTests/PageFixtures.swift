import Foundation
@testable import NewsgenExtract

/// Pages built for the tests: an article of real-looking paragraphs wrapped in whatever a case needs.
enum PageFixtures {
    static let pageURL = URL(string: "https://news.example/2026/12/story.html")!

    /// Five paragraphs of about 300 characters, with commas, as Readability scores them.
    static let paragraphs = (1...5).map { index in
        "<p>Paragraph \(index) of the story, which goes on for a while, with commas, clauses and detail: the harbour "
            + "council met on Tuesday, heard from residents, fishermen and the port authority, and agreed, after a long "
            + "debate, to study the new breakwater before the winter storms arrive and the ferries stop running again.</p>"
    }.joined()

    /// A whole page: `head` inside `<head>`, `body` inside `<body>`.
    static func page(head: String = "<title>Harbour council studies breakwater plan</title>", body: String) -> String {
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">" + head + "</head><body>" + body + "</body></html>"
    }

    static func extract(_ html: String, contentType: String? = nil) -> ExtractionResult {
        ArticleExtractor.extract(html: Data(html.utf8), pageURL: pageURL, contentType: contentType)
    }

    /// The article of `result`, or nil (for `#require`).
    static func article(_ result: ExtractionResult) -> ExtractedArticle? {
        if case .article(let article) = result { return article }
        return nil
    }

    static func reason(_ result: ExtractionResult) -> NotFoundReason? {
        if case .notFound(let reason, _) = result { return reason }
        return nil
    }
}
