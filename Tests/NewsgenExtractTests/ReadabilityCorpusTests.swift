import Foundation
import Testing
import NewsgenTestSupport
@testable import NewsgenExtract

/// Mozilla Readability's 130 test pages (`../shared/corpora/readability-test-pages` beside the
/// package): every page has an article (so the consent-wall and paywall tests never misfire on
/// them), and its metadata is Readability's. The text itself is scored by the conformance runner.
@Suite(Prerequisite.require(ReadabilityCorpus.exists, "../shared/corpora/readability-test-pages is absent: corpus tests skipped"))
struct ReadabilityCorpusTests {
    @Test func everyPageHasItsArticleAndItsMetadata() throws {
        var pages = 0
        for name in ReadabilityCorpus.pages {
            let folder = ReadabilityCorpus.directory.appendingPathComponent(name)
            let source = try Data(contentsOf: folder.appendingPathComponent("source.html"))
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("expected-metadata.json"))) as? [String: Any])
            let result = ArticleExtractor.extract(html: source, pageURL: ReadabilityCorpus.pageURL)
            guard case .article(let article) = result else {
                Issue.record("\(name): \(result)")
                continue
            }
            pages += 1
            for (key, value) in [("title", article.metadata.title), ("byline", article.metadata.byline),
                                 ("excerpt", article.metadata.excerpt), ("publishedTime", article.metadata.publishedTime)] {
                let want = (expected[key] as? String).map(ReadabilityCorpus.collapsed).flatMap { $0.isEmpty ? nil : $0 }
                #expect(value.map(ReadabilityCorpus.collapsed).flatMap { $0.isEmpty ? nil : $0 } == want, "\(name): \(key)")
            }
        }
        #expect(pages == ReadabilityCorpus.pages.count)
        #expect(pages >= 130)
    }
}

/// Where the corpus lives.
enum ReadabilityCorpus {
    static let pageURL = URL(string: "http://fakehost/test/page.html")!

    /// Tests/NewsgenExtractTests/<file> → package root → ../shared/corpora/readability-test-pages
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpora/readability-test-pages").standardizedFileURL

    static var exists: Bool { FileManager.default.fileExists(atPath: directory.appendingPathComponent("001/source.html").path) }

    static var pages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted().filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).appendingPathComponent("source.html").path)
        }
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
