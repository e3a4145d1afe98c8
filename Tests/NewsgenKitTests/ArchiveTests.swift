import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

@Suite("Archive merge")
struct ArchiveTests {
    private func item(_ guid: String, _ title: String, day: Int) -> IncomingArticle {
        IncomingArticle(item: ParsedItem(id: guid, title: TextConstruct(title), published: Date(timeIntervalSince1970: Double(day) * 86_400)), sourceID: "s")!
    }

    @Test func newArticlesGetUniqueSlugsOldestFirst() {
        var archive = Archive()
        let warnings = archive.merge([item("b", "Same title", day: 2), item("a", "Same title", day: 1)], markdownPresent: [])
        #expect(warnings.isEmpty)
        let bySlug = Dictionary(uniqueKeysWithValues: archive.allArticles.map { ($0.slug, $0.id) })
        #expect(bySlug["same-title"] == ArticleID.make(sourceID: "s", key: "a"))
        #expect(bySlug["same-title-2"] == ArticleID.make(sourceID: "s", key: "b"))
    }

    @Test func knownArticlesKeepTheirSlugAndTakeNewFields() {
        var archive = Archive()
        _ = archive.merge([item("a", "First title", day: 1)], markdownPresent: [])
        _ = archive.merge([item("a", "Edited title", day: 1)], markdownPresent: [])
        #expect(archive.allArticles.map(\.slug) == ["first-title"])
        #expect(archive.allArticles.map(\.title) == ["Edited title"])
    }

    @Test func articlesMissingFromTheFeedAreKept() {
        var archive = Archive()
        _ = archive.merge([item("a", "One", day: 1), item("b", "Two", day: 2)], markdownPresent: [])
        _ = archive.merge([item("c", "Three", day: 3)], markdownPresent: [])
        #expect(archive.allArticles.map(\.title).sorted() == ["One", "Three", "Two"])
    }

    @Test func duplicateItemsInOneFeedCountOnce() {
        var archive = Archive()
        _ = archive.merge([item("a", "One", day: 1), item("a", "One again", day: 1)], markdownPresent: [])
        #expect(archive.allArticles.map(\.title) == ["One"])
    }

    @Test func markdownArticlesLeaveWhenTheirFileIsGoneAndChosenSlugsWin() {
        var markdown = IncomingArticle(item: ParsedItem(id: "x", title: TextConstruct("Welcome")), sourceID: "s")!
        markdown.article.sourceID = ArticleID.markdownSourceID
        markdown.article.id = "1111111111111111"
        markdown.chosenSlug = "hello"
        var archive = Archive()
        _ = archive.merge([markdown], markdownPresent: ["1111111111111111"])
        #expect(archive.allArticles.map(\.slug) == ["hello"])
        _ = archive.merge([], markdownPresent: ["1111111111111111"])
        #expect(archive.allArticles.count == 1, "a Markdown file that failed to parse keeps its archived copy")
        _ = archive.merge([], markdownPresent: [])
        #expect(archive.allArticles.isEmpty)
    }

    @Test func aChosenSlugThatIsTakenIsAWarning() {
        var archive = Archive()
        _ = archive.merge([item("a", "Hello", day: 1)], markdownPresent: [])
        var markdown = item("m", "Other", day: 2)
        markdown.chosenSlug = "hello"
        let warnings = archive.merge([markdown], markdownPresent: [])
        #expect(warnings == [BuildWarning("the slug 'hello' of 'Other' is already used by 'Hello'; article skipped")])
        #expect(archive.allArticles.count == 1)
    }

    @Test func storeRoundTripsAndRefusesABrokenFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ArchiveStore(directory: folder, shownAs: "content/archive")
        var archive = Archive()
        _ = archive.merge([item("a", "One", day: 1)], markdownPresent: [])
        try store.save(archive)
        #expect(try store.load() == archive)

        let file = folder.appendingPathComponent("s.json")
        try Data("{\"version\": 1, \"source\": \"s\", \"articles\": [{\"id\": 3}]}".utf8).write(to: file)
        #expect(throws: BuildError.self) { try store.load() }
        do { _ = try store.load() } catch {
            #expect(error.description.hasPrefix("content/archive/s.json: cannot be read as an archive file (at articles[0]"))
            #expect(error.description.hasSuffix("; it was left untouched"))
        }
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\"id\": 3"))
    }
}

@Suite("Dates on pages")
struct DateDisplayTests {
    @Test func showsTheSiteTimeZone() throws {
        let date = try #require(RFC3339.date(from: "2026-10-31T23:30:00Z"))
        let london = DateDisplay(timeZone: TimeZone(identifier: "Europe/London")!)
        #expect(london.display(date) == "31 Oct 2026")
        #expect(london.iso(date) == "2026-10-31T23:30:00Z")
        let berlin = DateDisplay(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(berlin.display(date) == "1 Nov 2026")
        #expect(berlin.iso(date) == "2026-11-01T00:30:00+01:00")
        let summer = try #require(RFC3339.date(from: "2026-07-01T12:00:00Z"))
        #expect(london.iso(summer) == "2026-07-01T13:00:00+01:00")
    }

    @Test func fetchTimesShowTheHourAndTheZone() throws {
        let date = try #require(RFC3339.date(from: "2026-10-31T23:30:00Z"))
        #expect(DateDisplay(timeZone: TimeZone(identifier: "UTC")!).displayWithTime(date) == "31 Oct 2026, 23:30 UTC")
        #expect(DateDisplay(timeZone: TimeZone(identifier: "Europe/Berlin")!).displayWithTime(date) == "1 Nov 2026, 00:30 UTC+01:00")
        #expect(DateDisplay(timeZone: TimeZone(identifier: "America/St_Johns")!).displayWithTime(date) == "31 Oct 2026, 21:00 UTC-02:30")
    }
}
