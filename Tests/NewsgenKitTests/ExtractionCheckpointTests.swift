import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The full text read during extraction reaches the archive on disk as it comes (ADR 057): every
/// few pages, at once when asked (an interruption), and never after the build's own save.
@Suite("Extraction checkpoints")
struct ExtractionCheckpointTests: ArchiveFolderTesting {
    private func article(_ number: Int) -> Article {
        Article(id: String(format: "%016x", number), slug: "s-\(number)", sourceID: "harbor-gazette", title: "Story \(number)",
                published: RFC3339.date(from: "2026-11-0\(number % 9 + 1)T10:00:00Z"))
    }

    private func withText(_ article: Article) -> Article {
        var updated = article
        updated.fullText = FullText(html: "<p>All of \(article.title).</p>", url: "https://example.org/\(article.slug)",
                                    finalURL: "https://example.org/\(article.slug)", extractedAt: Date(timeIntervalSince1970: 1_795_000_000),
                                    extractor: "test", feedStamp: "0123456789abcdef")
        return updated
    }

    /// How many articles of the archive on disk have their full text.
    private func textsOnDisk(_ store: ArchiveStore) throws -> Int {
        try store.load().allArticles.filter { $0.fullText != nil }.count
    }

    @Test func everyFewPagesAndOnRequestTheArchiveOnDiskGetsTheTextsSoFar() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = store(folder)
        let articles = (1...8).map(article)
        let base = Archive(articlesBySource: ["harbor-gazette": articles])
        try store.save(base)
        let checkpoint = ExtractionCheckpoint(base: base, every: 3) { archive throws(BuildError) in _ = try store.save(archive) }

        checkpoint.extracted(withText(articles[0]))
        checkpoint.extracted(withText(articles[1]))
        #expect(try textsOnDisk(store) == 0, "not yet: two pages")
        checkpoint.extracted(withText(articles[2]))
        #expect(try textsOnDisk(store) == 3, "the third page saves")
        checkpoint.extracted(withText(articles[3]))
        #expect(try textsOnDisk(store) == 3)
        #expect(checkpoint.saveNow() == 4, "an interruption saves what is pending")
        #expect(try textsOnDisk(store) == 4)
        #expect(try store.load().allArticles.count == 8, "the other articles are there as they were")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(ArchiveJournal.fileName).path))

        var final = base
        final.replace(articles.map(withText))
        _ = try checkpoint.close { () throws(BuildError) in try store.save(final) }
        #expect(try textsOnDisk(store) == 8)
        // After the build's own save, a late page or interruption writes nothing over it.
        var stale = articles[7]
        stale.title = "Stale"
        checkpoint.extracted(stale)
        checkpoint.extracted(stale)
        checkpoint.extracted(stale)
        checkpoint.saveNow()
        #expect(try store.load().allArticles.allSatisfy { $0.fullText != nil && $0.title != "Stale" })
    }

    @Test func aStageCounterReportsItsStartThenEachItem() {
        final class Heard: @unchecked Sendable {
            let lock = NSLock()
            var reports: [StageProgress] = []
        }
        let heard = Heard()
        let counter = StageCounter(.extract, total: 2) { progress in heard.lock.withLock { heard.reports.append(progress) } }
        counter.finished(detail: "example.org")
        counter.finished(detail: "example.net")
        #expect(heard.reports == [StageProgress(stage: .extract, done: 0, total: 2), StageProgress(stage: .extract, done: 1, total: 2, detail: "example.org"),
                                  StageProgress(stage: .extract, done: 2, total: 2, detail: "example.net")])
        _ = StageCounter(.render, total: 0) { progress in heard.lock.withLock { heard.reports.append(progress) } }
        #expect(heard.reports.count == 3, "a stage with nothing to do says nothing")
    }
}
