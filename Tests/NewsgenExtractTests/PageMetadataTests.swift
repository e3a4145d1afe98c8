import Foundation
import Testing
@testable import NewsgenExtract

@Suite struct PageMetadataTests {
    @Test func jsonLDGraphGivesTheArticleFields() throws {
        let jsonLD = """
        <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
          {"@type": "WebSite", "name": "Harbour News"},
          {"@type": "NewsArticle", "headline": "Council studies the breakwater", "description": "The council &amp; the port.",
           "author": [{"@type": "Person", "name": "Ada Byron"}, {"@type": "Person", "name": "Tom Reed"}],
           "datePublished": "2026-12-01T08:00:00Z", "publisher": {"@type": "Organization", "name": "Harbour News"},
           "image": {"@type": "ImageObject", "url": "/img/lead.jpg"}}]}</script>
        """
        let head = "<title>Council studies the breakwater | Harbour News</title>" + jsonLD
        let result = PageFixtures.extract(PageFixtures.page(head: head, body: "<article>" + PageFixtures.paragraphs + "</article>"))
        let metadata = result.metadata
        #expect(metadata.title == "Council studies the breakwater")
        #expect(metadata.byline == "Ada Byron, Tom Reed")
        #expect(metadata.excerpt == "The council & the port.")
        #expect(metadata.publishedTime == "2026-12-01T08:00:00Z")
        #expect(metadata.siteName == "Harbour News")
        #expect(metadata.leadImage == "https://news.example/img/lead.jpg")
    }

    @Test func metaTagsInReadabilitysOrder() {
        let head = """
        <title>Breakwater plan - Harbour News</title>
        <meta property="og:title" content="OG title of the story">
        <meta name="twitter:title" content="Twitter title">
        <meta name="author" content="Ada &amp;amp; Tom">
        <meta property="og:description" content="What happened at the council">
        <meta name="description" content="Plain description">
        <meta property="article:published_time" content="2026-11-30">
        <meta property="og:site_name" content="Harbour News">
        <meta property="og:image" content="https://news.example/lead.png">
        """
        let metadata = PageFixtures.extract(PageFixtures.page(head: head, body: "<article>" + PageFixtures.paragraphs + "</article>")).metadata
        #expect(metadata.title == "OG title of the story")
        #expect(metadata.byline == "Ada & Tom")
        #expect(metadata.excerpt == "What happened at the council")
        #expect(metadata.publishedTime == "2026-11-30")
        #expect(metadata.siteName == "Harbour News")
        #expect(metadata.leadImage == "https://news.example/lead.png")
    }

    @Test(arguments: [
        ("Breakwater plan for the harbour | Harbour News", "Breakwater plan for the harbour"),
        ("Council studies the breakwater plan » Harbour News", "Council studies the breakwater plan"),
        // Readability keeps the whole title when cutting leaves too few words.
        ("Harbour News » Council studies breakwater plan today", "Harbour News » Council studies breakwater plan today"),
        ("Breakwater plan for the harbour – Harbour News", "Breakwater plan for the harbour"),
        ("Short | Site", "Short | Site"),
    ])
    func titleSeparators(raw: String, cleaned: String) {
        var tree = PageTree()
        let title = tree.createElement("title")
        tree.appendChild(tree.root, title)
        tree.appendChild(title, tree.createText(raw))
        #expect(TitleCleaner.articleTitle(tree) == cleaned)
    }

    @Test func bylineFromTheBodyWithItsName() throws {
        let body = "<article><div class=\"byline\">By <span itemprop=\"name\">Ada Byron</span>, 2 hours ago</div>" + PageFixtures.paragraphs + "</article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(article.metadata.byline == "Ada Byron")
        #expect(!article.html.contains("2 hours ago"))
    }
}
