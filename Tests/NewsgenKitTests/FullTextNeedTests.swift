import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Which articles' pages are read for their full text, and how failed attempts back off.
@Suite("full text: which pages, when again")
struct FullTextNeedTests {
    private func article(summary: String? = nil, content: String? = nil, link: String? = "https://example.com/a") -> Article {
        Article(id: "00000000000000a1", slug: "a", sourceID: "news", title: "A", link: link, summaryHTML: summary, contentHTML: content)
    }

    private func words(_ count: Int) -> String { (1...count).map { "word\($0)" }.joined(separator: " ") }

    @Test func autoWantsTeasersOnly() {
        #expect(FullTextNeed.wants(article(summary: "<p>Two sentences.</p>"), mode: .auto))
        #expect(FullTextNeed.wants(article(content: "<p>\(words(149))</p>"), mode: .auto))
        #expect(!FullTextNeed.wants(article(content: "<p>\(words(150))</p>"), mode: .auto))
        // Content that only repeats the summary is a teaser, however long.
        let long = "<p>\(words(200))</p>"
        #expect(FullTextNeed.wants(article(summary: long, content: "<div>\(long)</div>"), mode: .auto))
        // Words are counted outside tags: markup is not text.
        #expect(FullTextNeed.wants(article(content: String(repeating: "<span class=\"a b c\"></span>", count: 500)), mode: .auto))
    }

    @Test func neverAndAlwaysAndNoPage() {
        let full = article(content: "<p>\(words(500))</p>")
        #expect(!FullTextNeed.wants(article(summary: "x"), mode: .never))
        #expect(FullTextNeed.wants(full, mode: .always))
        #expect(!FullTextNeed.wants(article(summary: "x", link: nil), mode: .always))
        #expect(!FullTextNeed.wants(article(summary: "x", link: "ftp://example.com/a"), mode: .always))
        #expect(!FullTextNeed.wants(article(summary: "x", link: "/relative"), mode: .always))
        var markdown = article(summary: "x")
        markdown.sourceID = ArticleID.markdownSourceID
        #expect(!FullTextNeed.wants(markdown, mode: .always))
    }

    @Test func wordsStopAtTheLimit() {
        #expect(FullTextNeed.words(inHTML: "<b>one</b> two\nthree<br>four", upTo: 10) == ["one", "two", "three", "four"])
        #expect(FullTextNeed.words(inHTML: words(1000), upTo: 3) == ["word1", "word2", "word3"])
    }

    @Test func aChangedItemGetsANewStamp() {
        let before = article(summary: "<p>one</p>")
        var after = before
        #expect(FullText.stamp(of: before) == FullText.stamp(of: after))
        after.updated = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(FullText.stamp(of: before) != FullText.stamp(of: after))
        after = before
        after.summaryHTML = "<p>two</p>"
        #expect(FullText.stamp(of: before) != FullText.stamp(of: after))
        after = before
        after.title = "A new title"
        #expect(FullText.stamp(of: before) == FullText.stamp(of: after))
    }

    @Test func failuresBackOffThenStopUntilTheItemChanges() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var record = ExtractionRecord()
        #expect(record.isDue(now: start, stamp: "s1"))
        record = record.failed("HTTP 503", now: start, stamp: "s1")
        #expect(record.failures == 1)
        #expect(!record.isDue(now: start.addingTimeInterval(3_599), stamp: "s1"))
        #expect(record.isDue(now: start.addingTimeInterval(3_600), stamp: "s1"))
        record = record.failed("HTTP 503", now: start.addingTimeInterval(3_600), stamp: "s1")
        #expect(record.nextAttempt() == start.addingTimeInterval(3_600 + 6 * 3_600))
        record = record.failed("HTTP 503", now: start, stamp: "s1")
        #expect(record.nextAttempt() == start.addingTimeInterval(24 * 3_600))
        record = record.failed("HTTP 503", now: start, stamp: "s1")
        #expect(record.gaveUp)
        #expect(!record.isDue(now: start.addingTimeInterval(365 * 86_400), stamp: "s1"))
        // A changed item, or a refresh, is tried again, counting from one.
        #expect(record.isDue(now: start, stamp: "s2"))
        #expect(record.failed("no article", now: start, stamp: "s2").failures == 1)
        #expect(ExtractionRecord(refresh: true).isDue(now: start, stamp: "s1"))
    }

    @Test func savedPagesAreNamedByHostAndPath() {
        #expect(SavedPages.relativePath(for: URL(string: "https://News.Example.com/2026/11/story.html?utm=1#top")!) == "news.example.com/2026/11/story.html")
        #expect(SavedPages.relativePath(for: URL(string: "https://example.com/2026/story/")!) == "example.com/2026/story/index.html")
        #expect(SavedPages.relativePath(for: URL(string: "https://example.com")!) == "example.com/index.html")
        #expect(SavedPages.relativePath(for: URL(string: "https://example.com/caf%C3%A9")!) == "example.com/café")
        #expect(SavedPages.relativePath(for: URL(string: "https://example.com/a/%2E%2E/%2E%2E/etc/passwd")!) == nil)
    }
}
