import Foundation
import Testing
@testable import NewsgenExtract

/// Hostile and non-article pages: each gets an answer with a reason, in a bounded number of steps.
@Suite struct HostilePageTests {
    @Test func tenThousandDeepNestingIsCutByTheParser() {
        let html = String(repeating: "<div>", count: 10_000) + "deep text" + String(repeating: "</div>", count: 10_000)
        var statistics = ExtractionStatistics()
        let result = ArticleExtractor.extract(html: Data(PageFixtures.page(body: html).utf8), pageURL: PageFixtures.pageURL, statistics: &statistics)
        #expect(PageFixtures.reason(result) == .noArticle)
        // libxml2 (never HUGE) stops nesting at 256 open elements.
        #expect(statistics.maxDepth <= 260)
        #expect(statistics.elementsBuilt <= 10_010)
    }

    @Test func aMillionEmptyElementsAreRefusedBeforeParsing() {
        let html = String(repeating: "<i></i>", count: 1_000_000)
        var statistics = ExtractionStatistics()
        let result = ArticleExtractor.extract(html: Data(html.utf8), pageURL: PageFixtures.pageURL, statistics: &statistics)
        #expect(PageFixtures.reason(result) == .tooComplex(ArticleExtractor.maxElements))
        #expect(statistics.elementsBuilt == 0)
        #expect(NotFoundReason.tooComplex(200_000).description == "the page has more than 200000 elements")
    }

    @Test func workIsLinearInTheElements() {
        // Just under the bound: every element is visited a bounded number of times per pass.
        let html = PageFixtures.page(body: String(repeating: "<div><span>a</span></div>", count: 20_000))
        var statistics = ExtractionStatistics()
        _ = ArticleExtractor.extract(html: Data(html.utf8), pageURL: PageFixtures.pageURL, statistics: &statistics)
        #expect(statistics.elementsBuilt >= 40_000)
        #expect(statistics.scoringPasses <= 4)
        #expect(statistics.elementsVisited <= statistics.scoringPasses * statistics.elementsBuilt)
    }

    @Test func aPageOverTwentyMegabytesIsTooLarge() {
        let data = Data(repeating: UInt8(ascii: "a"), count: ArticleExtractor.maxBytes + 1)
        let result = ArticleExtractor.extract(html: data, pageURL: PageFixtures.pageURL)
        #expect(PageFixtures.reason(result) == .tooLarge(20_000_000))
        #expect(NotFoundReason.tooLarge(20_000_000).description == "the page is larger than 20 MB")
    }

    @Test func aPDFIsNotHTMLByItsBytesOrItsType() {
        let pdf = Data("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj".utf8)
        #expect(PageFixtures.reason(ArticleExtractor.extract(html: pdf, pageURL: PageFixtures.pageURL)) == .notHTML("application/pdf"))
        let typed = ArticleExtractor.extract(html: Data("<p>x</p>".utf8), pageURL: PageFixtures.pageURL, contentType: "image/png")
        #expect(PageFixtures.reason(typed) == .notHTML("image/png"))
        #expect(NotFoundReason.notHTML("application/pdf").description == "the page is not HTML (application/pdf)")
    }

    @Test func aConsentWallIsNamed() {
        let body = "<div id=\"onetrust-consent-sdk\"><div class=\"banner\"><p>We use cookies and similar technologies to give you a better "
            + "experience. By clicking accept you consent to our use of cookies as described in our privacy policy.</p>"
            + "<button>Accept all cookies</button><button>Manage consent</button></div></div>"
        let result = PageFixtures.extract(PageFixtures.page(body: body))
        #expect(PageFixtures.reason(result) == .consentWall)
        #expect(NotFoundReason.consentWall.description == "the page is a cookie-consent wall")
    }

    /// A paywall's teaser is what the page shows: an article labelled with its wall (issue 35), not a refusal.
    @Test func aPaywallStubIsKeptAndNamed() throws {
        let head = "<title>Harbour council studies breakwater plan</title><script type=\"application/ld+json\">"
            + "{\"@context\": \"https://schema.org\", \"@type\": \"NewsArticle\", \"headline\": \"Breakwater\", \"isAccessibleForFree\": false}</script>"
        let body = "<article><p>The harbour council met on Tuesday, heard from residents, and agreed to study the breakwater.</p>"
            + "<div class=\"paywall\"><p>Subscribe to read the rest of this story.</p></div></article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(head: head, body: body))))
        #expect(article.wall == .paywall)
        #expect(article.html.contains("agreed to study the breakwater"))
    }

    @Test func aFullArticleMarkedAsPaidIsStillAnArticle() {
        let head = "<title>Harbour council studies breakwater plan</title><script type=\"application/ld+json\">"
            + "{\"@context\": \"https://schema.org\", \"@type\": \"NewsArticle\", \"isAccessibleForFree\": false}</script>"
        let result = PageFixtures.extract(PageFixtures.page(head: head, body: "<article>" + PageFixtures.paragraphs + "</article>"))
        #expect(PageFixtures.article(result) != nil)
    }

    @Test func emptyAndBinaryInputGetReasons() {
        #expect(PageFixtures.reason(ArticleExtractor.extract(html: Data(), pageURL: PageFixtures.pageURL)) == .noArticle)
        let binary = Data([0x00, 0x01, 0x02, 0xFF, 0x00, 0x10])
        #expect(PageFixtures.reason(ArticleExtractor.extract(html: binary, pageURL: PageFixtures.pageURL)) == .notHTML("application/octet-stream"))
    }
}

@Suite struct HostileTableTests {
    @Test func hugeSpansCannotOverflowTheTableSize() throws {
        let rows = String(repeating: "<tr rowspan=\"9223372036854775807\"><td colspan=\"99999999999999999999\">cell text, long enough</td></tr>", count: 20)
        let body = "<article>" + PageFixtures.paragraphs + "<table>" + rows + "</table></article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(article.html.contains("cell text"))
        #expect(Readability.span("9223372036854775807", limit: 65_534) == 1)
        #expect(Readability.span(" 3 ", limit: 1_000) == 3)
        #expect(Readability.span("5000", limit: 1_000) == 1_000)
        #expect(Readability.span("-2", limit: 1_000) == 1)
    }
}

@Suite struct DeepArticleTests {
    @Test func cleaningADeepArticleMeasuresEachNodeAFewTimes() {
        // 40 towers of 200 nested divs, each with a paragraph at the top: an article of 8,000 nested elements.
        let tower = String(repeating: "<div>", count: 200) + "<p>Words, words and more words, long enough to be scored as a paragraph.</p>"
            + String(repeating: "</div>", count: 200)
        let html = PageFixtures.page(body: "<div class=\"content\">" + String(repeating: tower, count: 40) + "</div>")
        var statistics = ExtractionStatistics()
        _ = ArticleExtractor.extract(html: Data(html.utf8), pageURL: PageFixtures.pageURL, statistics: &statistics)
        #expect(statistics.elementsBuilt > 8_000)
        // Five conditional passes (form, fieldset, table, ul, div) per grab-article pass; each node a
        // few times at most, where measuring every div's subtree anew would be about 100 times each.
        #expect(statistics.nodesMeasured > 0)
        #expect(statistics.nodesMeasured <= statistics.scoringPasses * 5 * 3 * statistics.elementsBuilt)
    }
}
