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

    /// Only a `<meta>` names the page's charset (WHATWG's prescan): a Wayback Machine copy's own
    /// `<script charset="utf-8">` comes first, then kilobytes of its toolbar, then the page's
    /// `<meta charset=gb2312>`; `charset=` in a comment or the body's text names nothing (issue 35).
    @Test func onlyAMetaTagOfTheHeadNamesTheCharset() {
        let wayback = "<html><head><script src=\"//web.archive.org/_static/js/bundle-playback.js\" charset=\"utf-8\"></script>"
            + "<script>" + String(repeating: "var __wm = 1; ", count: 200) + "</script>"
        #expect(PageEncoding.decide(Array((wayback + "<meta charset=gb2312><title>x</title>").utf8) + [0xD0, 0xC2], contentType: nil).encoding == "GB18030")
        #expect(PageEncoding.decide(Array((wayback + "<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=Shift_JIS'>").utf8) + [0x82, 0xA0],
                                    contentType: nil).encoding == "SHIFT_JIS")
        #expect(PageEncoding.decide(Array("<!-- <meta charset=koi8-r> --><p>x</p>".utf8), contentType: nil).encoding == "UTF-8")
        #expect(PageEncoding.decide(Array("<head></head><body><p>Set charset=koi8-r in your <meta></p>".utf8), contentType: nil).encoding == "UTF-8")
        #expect(PageEncoding.decide(Array("<meta name=x charset=\"windows-1251\" charset=koi8-r>".utf8) + [0xE0], contentType: nil).encoding == "WINDOWS-1251")
    }

    @Test func aWaybackCopyOfAGB2312PageIsReadInGB2312() throws {
        // 新闻 (news) in GB2312, in every paragraph of an article after the archive's script.
        let news: [UInt8] = [0xD0, 0xC2, 0xCE, 0xC5]
        let head = "<html><head><script src=\"https://web.archive.org/static/wombat.js\" charset=\"utf-8\"></script>"
            + "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\"><title>Harbour</title></head><body><article>"
        var bytes = Array(head.utf8)
        for index in 1...6 {
            bytes += Array("<p>Paragraph \(index) of the story, long enough to count as the article's text, with a clause or two more: ".utf8)
            bytes += news + Array(".</p>".utf8)
        }
        bytes += Array("</article></body></html>".utf8)
        let article = try #require(PageFixtures.article(ArticleExtractor.extract(html: Data(bytes), pageURL: PageFixtures.pageURL)))
        #expect(article.html.contains("\u{65B0}\u{95FB}"), "\(article.html.prefix(300))")
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
