import Foundation
import Mustache
import NewsgenModel
import Testing
@testable import NewsgenKit

/// `archive.keepDays` and `archive.keepPerSource`: off by default, never remove a
/// bookmarked or a Markdown article, and the merge's counts of new, updated and unchanged.
@Suite("Archive retention and changes")
struct ArchiveRetentionTests {
    static let now = Date(timeIntervalSince1970: 100 * 86_400)

    private func article(_ key: String, source: String = "s", day: Int?, title: String? = nil) -> Article {
        Article(id: ArticleID.make(sourceID: source, key: key), slug: key, sourceID: source, title: title ?? key,
                published: day.map { Date(timeIntervalSince1970: Double($0) * 86_400) })
    }

    private func archive(_ articles: [Article]) -> Archive {
        Archive(articlesBySource: Dictionary(grouping: articles, by: \.sourceID))
    }

    private func slugs(_ archive: Archive) -> [String] { archive.allArticles.map(\.slug).sorted() }

    @Test func offByDefault() {
        var kept = archive([article("a", day: 1), article("b", day: 99)])
        #expect(kept.applyRetention(keepDays: nil, keepPerSource: nil, now: Self.now, protected: []) == 0)
        #expect(slugs(kept) == ["a", "b"])
    }

    @Test func keepDaysRemovesOlderFeedArticlesButNotUndatedOrMarkdownOnes() {
        var kept = archive([article("old", day: 80), article("edge", day: 90), article("new", day: 95), article("undated", day: nil),
                            article("essay", source: ArticleID.markdownSourceID, day: 1)])
        #expect(kept.applyRetention(keepDays: 10, keepPerSource: nil, now: Self.now, protected: []) == 1)
        #expect(slugs(kept) == ["edge", "essay", "new", "undated"])
    }

    @Test func keepDaysNeedsANow() {
        var kept = archive([article("old", day: 1)])
        #expect(kept.applyRetention(keepDays: 10, keepPerSource: nil, now: nil, protected: []) == 0)
    }

    @Test func keepPerSourceKeepsTheNewestOfEachSource() {
        var kept = archive([article("a1", day: 1), article("a2", day: 2), article("a3", day: 3),
                            article("b1", source: "t", day: 1), article("b2", source: "t", day: 2)])
        #expect(kept.applyRetention(keepDays: nil, keepPerSource: 2, now: Self.now, protected: []) == 1)
        #expect(slugs(kept) == ["a2", "a3", "b1", "b2"])
    }

    @Test func aBookmarkedArticleIsNeverRemovedAndDoesNotTakeAPlace() {
        let bookmarked = article("a1", day: 1)
        var kept = archive([bookmarked, article("a2", day: 2), article("a3", day: 3), article("a4", day: 4)])
        #expect(kept.applyRetention(keepDays: 30, keepPerSource: 2, now: Self.now, protected: [bookmarked.id]) == 3)
        #expect(slugs(kept) == ["a1"])
        var byCount = archive([bookmarked, article("a2", day: 2), article("a3", day: 3), article("a4", day: 4)])
        #expect(byCount.applyRetention(keepDays: nil, keepPerSource: 2, now: Self.now, protected: [bookmarked.id]) == 1)
        #expect(slugs(byCount) == ["a1", "a3", "a4"])
    }

    @Test func changesCountNewUpdatedAndUnchangedAmongWhatWasRead() {
        let same = article("same", day: 1)
        let edited = article("edited", day: 1)
        let before = archive([same, edited, article("notread", day: 1)])
        let after = archive([same, article("edited", day: 1, title: "Edited again"), article("notread", day: 1), article("fresh", day: 2)])
        let seen = Set([same, edited, article("fresh", day: 2), article("pruned", day: 0)].map(\.id))
        #expect(ArchiveChanges(before: before, after: after, seen: seen) == ArchiveChanges(new: 1, updated: 1, unchanged: 1))
    }
}

@Suite("Duplicates across sources")
struct ArchiveDuplicatesTests {
    private func article(_ key: String, source: String, link: String?, day: Int) -> Article {
        Article(id: ArticleID.make(sourceID: source, key: key), slug: key, sourceID: source, title: key, link: link,
                published: Date(timeIntervalSince1970: Double(day) * 86_400))
    }

    @Test func theOldestCopyIsListedAndTheOthersPointToIt() {
        let first = article("a", source: "wire", link: "https://example.org/story?utm_source=rss", day: 1)
        let copy = article("b", source: "paper", link: "http://EXAMPLE.org/story/#top", day: 2)
        let other = article("c", source: "paper", link: "https://example.org/other", day: 1)
        let archive = Archive(articlesBySource: ["wire": [first], "paper": [copy, other]])
        #expect(archive.duplicates() == [copy.id: first.id])
    }

    @Test func aLinkRepeatedWithinOneSourceIsNotADuplicate() {
        let live = article("a", source: "wire", link: "https://example.org/live", day: 1)
        let update = article("b", source: "wire", link: "https://example.org/live", day: 2)
        #expect(Archive(articlesBySource: ["wire": [live, update]]).duplicates() == [:])
    }

    @Test func articlesWithoutALinkAreNeverDuplicates() {
        let a = article("a", source: "wire", link: nil, day: 1)
        let b = article("b", source: "paper", link: nil, day: 1)
        #expect(Archive(articlesBySource: ["wire": [a], "paper": [b]]).duplicates() == [:])
    }

    @Test func theHomePageListsOneCopy() throws {
        let first = article("a", source: "wire", link: "https://example.org/story", day: 1)
        let copy = article("b", source: "paper", link: "https://example.org/story", day: 2)
        let library = try MustacheLibrary(templates: Dictionary(uniqueKeysWithValues: Templates.pageTemplates.map { ($0, "{{{content}}}") })
            .merging(["home": "{{#articles}}[{{title}}]{{/articles}}"]) { $1 })
        var input = RenderInput(config: SiteConfig(title: "Bay", sources: []), templates: Templates(library: library, assets: []),
                                articles: [copy, first].map { PreparedArticle($0) }, sources: [:], bookmarks: BookmarkManifest())
        input.duplicateOf = [copy.id: first.id]
        #expect(input.listedArticles.map(\.article.id) == [first.id])
        let files = try SiteRenderer(input).render()
        #expect(files.first { $0.path == "index.html" }.map { String(decoding: $0.data, as: UTF8.self) } == "[a]")
        #expect(files.contains { $0.path == "articles/b/index.html" })
    }
}
