import Foundation
import NewsgenFeeds
import NewsgenModel
import Testing
@testable import NewsgenKit

/// `TeaserTest` on feeds as publishers write them (ADR 056): a full-content feed is never called a
/// teaser feed; one-sentence summaries, "Read more" endings and WordPress excerpts are.
@Suite("teaser detection on real-shaped feeds")
struct TeaserTestTests {
    /// The feed's items as the archive would keep them (parsed, sanitized, teaser-marked).
    private func articles(_ xml: String) throws -> [Article] {
        let feed = try FeedParser.parse(Data(xml.utf8))
        let incoming = feed.items.compactMap { IncomingArticle(item: $0, sourceID: "news") }
        return TeaserTest.marked(incoming).map(\.article)
    }

    private func paragraphs(_ count: Int) -> String {
        (1...count).map { "<p>Paragraph \($0): the council met on Tuesday and agreed, after a long debate about the harbour wall, "
            + "to spend the reserve on repairs before the winter storms, which the engineers said could not wait another year.</p>" }.joined()
    }

    /// RSS 2.0 as WordPress writes it with full text on: a short excerpt ending in `[&#8230;]` and the whole post in content:encoded.
    private func wordPressFull(items: Int = 5) -> String {
        let entries = (1...items).map { n in
            """
            <item><title>Post \(n)</title><link>https://blog.example/post-\(n)/</link><guid>https://blog.example/?p=\(n)</guid>
            <pubDate>Mon, 0\(n) Dec 2026 10:00:00 GMT</pubDate>
            <description><![CDATA[The council met on Tuesday and agreed to spend the reserve on repairs [&#8230;]]]></description>
            <content:encoded><![CDATA[\(paragraphs(4))<p>The post <a href="https://blog.example/post-\(n)/">Post \(n)</a> appeared first on Example Blog.</p>]]></content:encoded>
            </item>
            """
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel><title>Example Blog</title><link>https://blog.example/</link>\(entries)</channel></rss>
            """
    }

    @Test func aFullContentRSSWithContentEncodedIsNotATeaserFeed() throws {
        let articles = try articles(wordPressFull())
        #expect(articles.count == 5)
        #expect(articles.allSatisfy { $0.feedText == nil })
        #expect(!TeaserTest.isTeaserFeed(articles))
    }

    @Test func aOneSentenceAtomSummaryFeedWithReadMoreIsATeaserFeed() throws {
        let entries = (1...6).map { n in
            """
            <entry><title>Story \(n)</title><link rel="alternate" href="https://news.example/story-\(n)"/>
            <id>tag:news.example,2026:\(n)</id><updated>2026-12-0\(n)T10:00:00Z</updated>
            <summary type="html">&lt;p&gt;The mayor opened the new bridge on Saturday. &lt;a href="https://news.example/story-\(n)"&gt;Read more…&lt;/a&gt;&lt;/p&gt;</summary>
            </entry>
            """
        }.joined()
        let atom = #"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>News</title><id>tag:news.example,2026:feed</id>"#
            + #"<updated>2026-12-06T10:00:00Z</updated>"# + entries + "</feed>"
        let articles = try articles(atom)
        #expect(articles.count == 6)
        #expect(articles.allSatisfy { $0.feedText == .teaser })
        #expect(TeaserTest.isTeaserFeed(articles))
    }

    @Test func aWordPressExcerptFeedWithoutContentIsATeaserFeed() throws {
        // The same blog with "For each post in a feed, include: Excerpt": no content:encoded, 55 words and [&#8230;].
        let excerpt = (1...55).map { "word\($0)" }.joined(separator: " ") + " [&#8230;]"
        let xml = wordPressFull(items: 3).replacingOccurrences(of: #"<content:encoded>.*?</content:encoded>"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "The council met on Tuesday and agreed to spend the reserve on repairs [&#8230;]", with: excerpt)
        let articles = try articles(xml)
        #expect(articles.count == 3 && articles.allSatisfy { $0.contentHTML == nil })
        #expect(TeaserTest.isTeaserFeed(articles))
    }

    @Test func oneTeaserRuleAtATime() {
        func article(summary: String? = nil, content: String? = nil, link: String? = "https://example.com/a") -> Article {
            Article(id: "00000000000000a1", slug: "a", sourceID: "news", title: "A", link: link, summaryHTML: summary, contentHTML: content)
        }
        let words = { (count: Int) in (1...count).map { "word\($0)" }.joined(separator: " ") }
        // Short and only a summary: a teaser.
        #expect(TeaserTest.isTeaser(article(summary: "<p>One sentence about the bridge.</p>")))
        // Short content of its own beside a different summary: the feed meant to give it whole.
        #expect(!TeaserTest.isTeaser(article(summary: "<p>A bridge.</p>", content: "<p>\(words(80))</p>")))
        // Content of 150 words or more is never a teaser, whatever it ends with.
        #expect(!TeaserTest.isTeaser(article(content: "<p>\(words(150))</p><p><a href=\"https://example.com/a\">Continue reading →</a></p>")))
        // A "read more" ending under 150 words is, in any of the theme's languages, entities and arrows included.
        #expect(TeaserTest.isTeaser(article(summary: "<p>\(words(100))</p>", content: "<p>\(words(100)) <a href=\"x\">Continue reading &rarr;</a></p>")))
        #expect(TeaserTest.isTeaser(article(content: "<p>\(words(90)) <a href=\"x\">Weiterlesen</a></p>")))
        #expect(TeaserTest.isTeaser(article(content: "<p>\(words(90)) [&hellip;]</p>")))
        #expect(TeaserTest.isTeaser(article(content: "<p>\(words(90))&#8230;</p>")))
        // "spread more" is not "read more"; 90 words of content with a summary of its own stay full.
        #expect(!TeaserTest.isTeaser(article(summary: "<p>x</p>", content: "<p>\(words(90)) and spread more</p>")))
        // Nothing to fetch: no link, a relative link, a Markdown article.
        #expect(!TeaserTest.isTeaser(article(summary: "Short.", link: nil)))
        #expect(!TeaserTest.isTeaser(article(summary: "Short.", link: "/relative")))
        var markdown = article(summary: "Short.")
        markdown.sourceID = ArticleID.markdownSourceID
        #expect(!TeaserTest.isTeaser(markdown))
    }

    @Test func aFeedIsATeaserFeedWhenTwoInThreeLinkedItemsAre() {
        func article(_ n: Int, teaser: Bool, link: String? = "https://example.com/a") -> Article {
            var article = Article(id: "0000000000000\(100 + n)", slug: "a\(n)", sourceID: "news", title: "A", link: link)
            article.feedText = teaser ? .teaser : nil
            return article
        }
        #expect(!TeaserTest.isTeaserFeed([]))
        #expect(TeaserTest.isTeaserFeed([article(1, teaser: true), article(2, teaser: true), article(3, teaser: false)]))
        #expect(!TeaserTest.isTeaserFeed([article(1, teaser: true), article(2, teaser: false), article(3, teaser: false)]))
        // Items without a link do not count either way.
        #expect(TeaserTest.isTeaserFeed([article(1, teaser: true), article(2, teaser: false, link: nil), article(3, teaser: false, link: nil)]))
    }
}
