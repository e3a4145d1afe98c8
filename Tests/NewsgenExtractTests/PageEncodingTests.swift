import Foundation
import Testing
@testable import NewsgenExtract

@Suite struct PageEncodingTests {
    @Test func labelsAndMarks() {
        #expect(PageEncoding.decide(Array("<p>x</p>".utf8), contentType: nil) == .init(encoding: "UTF-8", bomLength: 0))
        #expect(PageEncoding.decide([0xEF, 0xBB, 0xBF] + Array("<p>".utf8), contentType: "text/html; charset=iso-8859-1")
            == .init(encoding: "UTF-8", bomLength: 3))
        #expect(PageEncoding.decide([0xFF, 0xFE, 0x3C, 0x00], contentType: nil) == .init(encoding: "UTF-16LE", bomLength: 2))
        #expect(PageEncoding.decide(Array("<p>caf\u{E9}</p>".utf8), contentType: "text/html; charset=\"Shift_JIS\"").encoding == "SHIFT_JIS")
        #expect(PageEncoding.decide(Array("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\"><p>x".utf8), contentType: nil).encoding == "KOI8-R")
    }

    @Test func validUTF8WinsOverAStaleMetaCharset() {
        let page = Array("<meta charset=\"gb2312\"><title>\u{817E}\u{8BAF}</title>".utf8)
        #expect(PageEncoding.decide(page, contentType: nil).encoding == "UTF-8")
        // The server's label is honoured, valid UTF-8 or not.
        #expect(PageEncoding.decide(page, contentType: "text/html; charset=gb2312").encoding == "GB18030")
    }

    @Test func aUTF16PageWithAMarkIsRead() throws {
        let html = PageFixtures.page(body: "<article>" + PageFixtures.paragraphs + "</article>")
        let data = Data([0xFF, 0xFE]) + html.data(using: .utf16LittleEndian)!
        let article = try #require(PageFixtures.article(ArticleExtractor.extract(html: data, pageURL: PageFixtures.pageURL)))
        #expect(article.metadata.title == "Harbour council studies breakwater plan")
    }

    @Test func hostileLabelsNeverReachIconv() {
        #expect(PageEncoding.decide(Array("<p>x</p>".utf8), contentType: "text/html; charset=../../etc/passwd;x").encoding == "UTF-8")
        #expect(PageEncoding.decide(Array("<p>x</p>".utf8), contentType: "text/html; charset=" + String(repeating: "a", count: 100)).encoding == "UTF-8")
    }
}

@Suite struct UnknownCharsetTests {
    @Test func anUnknownCharsetStillGivesTheArticle() throws {
        let html = PageFixtures.page(body: "<article>" + PageFixtures.paragraphs + "</article>")
        let result = PageFixtures.extract(html, contentType: "text/html; charset=x-no-such-charset")
        let article = try #require(PageFixtures.article(result))
        #expect(article.html.contains("Paragraph 5"))
    }
}
