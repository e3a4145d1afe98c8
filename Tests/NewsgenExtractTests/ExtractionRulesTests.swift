import Foundation
import Testing
@testable import NewsgenExtract

/// A source's rules on its pages (ADR 062): `remove` drops blocks first, `select` names the article.
@Suite struct ExtractionRulesTests {
    /// A page whose "more stories" box is longer and wordier than the short story itself:
    /// Readability alone takes the box with the story.
    static let page = PageFixtures.page(body: """
        <div class="story"><h1>Harbour</h1><div class="story-body"><p>The ferry runs again from Monday, the council said.</p>
        <p>Lazy picture: <img data-src="/img/ferry.jpg" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="> and <a href="/timetable">the timetable</a>.</p>
        <aside class="related"><p>Related: more ferry news.</p></aside></div></div>
        <div class="more-stories">\(PageFixtures.paragraphs)</div>
        <div class="story-body"><p>A second part of the story, further down the page.</p></div>
        """)

    func extract(select: String? = nil, remove: [String] = [], page: String = page) throws -> ExtractedArticle {
        let rules = try ExtractionRules(select: select, remove: remove)
        let result = ArticleExtractor.extract(html: Data(page.utf8), pageURL: PageFixtures.pageURL, rules: rules)
        return try #require(PageFixtures.article(result))
    }

    @Test func withoutRulesReadabilityTakesTheLongerBox() throws {
        let article = try #require(PageFixtures.article(PageFixtures.extract(Self.page)))
        #expect(article.html.contains("Paragraph 1 of the story"))
    }

    @Test func selectMakesTheMatchesTheArticleInPageOrder() throws {
        let article = try extract(select: ".story-body")
        let html = article.html
        #expect(html.hasPrefix("<div id=\"readability-page-1\" class=\"page\">"))
        let first = try #require(html.range(of: "The ferry runs again"))
        let second = try #require(html.range(of: "A second part of the story"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(!html.contains("Paragraph 1 of the story"))
        #expect(article.textLength > 0 && article.textLength < 300)
    }

    @Test func theSelectionIsPostProcessedAsReadabilitysChoiceIs() throws {
        let html = try extract(select: ".story-body").html
        #expect(html.contains("src=\"https://news.example/img/ferry.jpg\""))
        #expect(!html.contains("data:image/gif"))
        #expect(html.contains("href=\"https://news.example/timetable\""))
        #expect(!html.contains("Paragraph 1 of the story"))
    }

    @Test func removeDropsBlocksBeforeAnythingElse() throws {
        let selected = try extract(select: ".story-body", remove: [".related", "//h1"])
        #expect(!selected.html.contains("Related: more ferry news"))
        #expect(selected.html.contains("The ferry runs again"))
        // Without select, Readability reads the page without the removed box.
        let scored = try extract(remove: [".more-stories"])
        #expect(!scored.html.contains("Paragraph 1 of the story"))
        #expect(scored.html.contains("The ferry runs again"))
    }

    @Test func aNestedMatchIsNotTakenTwice() throws {
        let html = try extract(select: ".story, .story-body").html
        #expect(html.components(separatedBy: "The ferry runs again").count == 2)
        #expect(html.contains("<h1>Harbour</h1>") && !html.contains("Paragraph 1 of the story"))
    }

    @Test func aSelectThatMatchesNothingLeavesTheChoiceToReadability() throws {
        let article = try extract(select: "#gone-since-the-redesign")
        #expect(article.html.contains("Paragraph 1 of the story"))
    }

    @Test func aRemovedSelectionIsNoSelection() throws {
        let article = try extract(select: ".story-body", remove: [".story-body"])
        #expect(article.html.contains("Paragraph 1 of the story"))
    }

    /// The selectors run on libxml2's tree, the article is cut from `PageTree`: the two must agree element
    /// for element, also where `PageTree` moves what libxml2 put inside a void element it does not know.
    @Test func matchesLandOnTheSameElementsAfterVoidAndUnknownElements() throws {
        let page = PageFixtures.page(body: """
            <video><source src="/v.mp4"><track src="/v.vtt"><p class="caption">Inside the video</p></video>
            <main-story><p class="lede">The lede, after the video.</p></main-story><p class="lede">A second lede.</p>
            """)
        let html = try extract(select: "p.lede", page: page).html
        #expect(html.contains("The lede, after the video.") && html.contains("A second lede."))
        #expect(!html.contains("Inside the video"))
        let caption = try extract(select: ".caption", page: page).html
        #expect(caption.contains("Inside the video") && !caption.contains("The lede"))
    }
}
