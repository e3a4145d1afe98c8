import Foundation
import Testing
@testable import NewsgenExtract

@Suite struct ArticleExtractorTests {
    @Test func findsTheArticleAndLeavesTheNavigation() throws {
        let html = PageFixtures.page(body: "<nav class=\"menu\"><a href=\"/\">Home</a><a href=\"/sports\">Sports</a></nav>"
            + "<div id=\"main\"><article><h1>Harbour council studies breakwater plan</h1>" + PageFixtures.paragraphs + "</article></div>"
            + "<footer class=\"footer\">Copyright Harbour News, all rights reserved, and more footer text here</footer>")
        let article = try #require(PageFixtures.article(PageFixtures.extract(html)))
        #expect(article.html.contains("Paragraph 1 of the story"))
        #expect(article.html.contains("Paragraph 5 of the story"))
        #expect(!article.html.contains("Sports"))
        #expect(!article.html.contains("Copyright"))
        #expect(article.html.hasPrefix("<div id=\"readability-page-1\" class=\"page\">"))
        #expect(article.textLength > 1_000)
        #expect(article.metadata.title == "Harbour council studies breakwater plan")
        #expect(article.metadata.language == "en")
        #expect(article.metadata.readerable)
        #expect(article.metadata.excerpt?.hasPrefix("Paragraph 1 of the story") == true)
    }

    @Test func noArticleOnAnIndexPage() {
        let links = (1...30).map { "<li><a href=\"/story/\($0)\">Story number \($0)</a></li>" }.joined()
        let result = PageFixtures.extract(PageFixtures.page(body: "<ul>" + links + "</ul><form><input name=\"q\"></form>"))
        #expect(PageFixtures.reason(result) == .noArticle)
        #expect(result.metadata.title == "Harbour council studies breakwater plan")
        #expect(!result.metadata.readerable)
        #expect(NotFoundReason.noArticle.description == "no article found on the page")
    }

    @Test func lazyImagesGetTheirRealSource() throws {
        let body = "<article><figure><img class=\"lazy\" src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\" data-src=\"/img/harbour.jpg\" alt=\"Harbour\">"
            + "<figcaption>The harbour at dawn</figcaption></figure><img data-srcset=\"/img/a.jpg 1x, /img/b.jpg 2x\">"
            + PageFixtures.paragraphs + "</article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(article.html.contains("src=\"https://news.example/img/harbour.jpg\""))
        #expect(!article.html.contains("data:image/gif"))
        #expect(article.html.contains("srcset=\"https://news.example/img/a.jpg 1x, https://news.example/img/b.jpg 2x\""))
        #expect(article.html.contains("<figcaption>The harbour at dawn</figcaption>"))
    }

    @Test func pictureSourcesAreResolved() throws {
        let body = "<article><picture><source srcset=\"/img/wide.webp 1200w, /img/narrow.webp 600w\" type=\"image/webp\">"
            + "<img src=\"../img/fallback.jpg\" alt=\"Port\"></picture>" + PageFixtures.paragraphs + "</article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(article.html.contains("<source srcset=\"https://news.example/img/wide.webp 1200w, https://news.example/img/narrow.webp 600w\""))
        #expect(article.html.contains("src=\"https://news.example/2026/img/fallback.jpg\""))
    }

    @Test func noscriptFallbackReplacesThePlaceholder() throws {
        let body = "<article><p><img src=\"/placeholder.gif\" data-lazy=\"x\"></p><noscript><img src=\"/img/real.jpg\" alt=\"Real\"></noscript>"
            + PageFixtures.paragraphs + "</article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(article.html.contains("https://news.example/img/real.jpg"))
        // The placeholder's source is kept aside, as Readability keeps it.
        #expect(article.html.contains("data-old-src=\"https://news.example/placeholder.gif\"") || article.html.contains("data-old-src=\"/placeholder.gif\""))
        #expect(!article.html.contains("<noscript"))
    }

    @Test func baseHrefDecidesRelativeLinks() throws {
        let head = "<title>Harbour council studies breakwater plan</title><base href=\"https://cdn.example/archive/\">"
        let body = "<article><p>See <a href=\"notes.html\">the notes</a> and <a href=\"#top\">the top</a>, and "
            + "<img src=\"map.png\"> the map.</p>" + PageFixtures.paragraphs + "</article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(head: head, body: body))))
        #expect(article.html.contains("href=\"https://cdn.example/archive/notes.html\""))
        #expect(article.html.contains("src=\"https://cdn.example/archive/map.png\""))
        // With a base that is not the page, even a fragment is resolved (it points at the base).
        #expect(article.html.contains("href=\"https://cdn.example/archive/#top\""))
    }

    @Test func javascriptLinksBecomeText() throws {
        let body = "<article><p>Press <a href=\"javascript:void(0)\">here</a> to share.</p>" + PageFixtures.paragraphs + "</article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(!article.html.contains("javascript:"))
        #expect(article.html.contains("Press here to share."))
    }

    @Test func hiddenElementsAreDropped() throws {
        let body = "<article>" + PageFixtures.paragraphs + "<p style=\"display: none\">Secret text that nobody sees on the page at all.</p>"
            + "<p hidden>Hidden by attribute, and long enough to count as a paragraph.</p></article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(!article.html.contains("Secret text"))
        #expect(!article.html.contains("Hidden by attribute"))
    }

    @Test func windows1252FromTheContentType() throws {
        var bytes = Array(PageFixtures.page(head: "<title>Caf\u{E9} council</title>", body: "<article>" + PageFixtures.paragraphs + "</article>").utf8)
        // "Café" in Windows-1252: é is one byte, 0xE9.
        let marker = Array("Caf\u{E9}".utf8)
        if let at = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) {
            bytes.replaceSubrange(at..<(at + marker.count), with: Array("Caf".utf8) + [0xE9])
        }
        let result = ArticleExtractor.extract(html: Data(bytes), pageURL: PageFixtures.pageURL, contentType: "text/html; charset=ISO-8859-1")
        #expect(result.metadata.title == "Caf\u{E9} council")
        // Without any label, invalid UTF-8 is read as Windows-1252 too.
        let unlabelled = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "<meta charset=\"utf-8\">", with: "")
        var raw = Array(unlabelled.utf8)
        if let at = raw.indices.first(where: { raw[$0...].starts(with: Array("Caf\u{FFFD}".utf8)) }) {
            raw.replaceSubrange(at..<(at + 6), with: Array("Caf".utf8) + [0xE9])
        }
        let guessed = ArticleExtractor.extract(html: Data(raw), pageURL: PageFixtures.pageURL)
        #expect(guessed.metadata.title == "Caf\u{E9} council")
    }
}
