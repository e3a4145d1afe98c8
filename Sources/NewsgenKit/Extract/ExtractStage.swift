import Foundation
import NewsgenExtract
import NewsgenHTML
import NewsgenModel

/// What the Extract stage did, for the build's summary and `/sources/`.
struct ExtractedPages: Sendable {
    /// By source id, for every configured source whose mode is not `never`.
    var counts: [String: FullTextCounts] = [:]
    /// Pages read in this build (fetched or saved) whose text is now in the archive.
    var extracted = 0
    /// Wanted pages left for a later build, and failed attempts in this build.
    var waiting = 0
    var failed = 0
    var warnings: [BuildWarning] = []
}

/// The Extract stage (issue 17): between the archive's merge and its save, the pages of the
/// articles whose source asks for full text are read once — from `extract.savedPages` when a
/// copy is there, otherwise fetched politely (`PoliteFetcher`) — their main text extracted
/// (`ArticleExtractor`) and sanitized, and kept in the archive as the article's `FullText`.
/// An article that has its text is not read again unless its feed item changed or a refresh
/// was asked for; a failure keeps the feed's text and is retried with back-off
/// (`ExtractionRecord`, in state.json). Offline, only saved pages are read.
enum ExtractStage {
    /// Attempts at most this many warnings per source; the rest are counted in one more.
    static let warningsPerSource = 3

    static func run(_ archive: inout Archive, site: Site, state: inout FetchState, offline: Bool, now: Date?,
                    network: Network) -> ExtractedPages {
        let config = site.config
        var result = ExtractedPages()
        // Without the build's "now" there is no date to keep with the text, nor to back off by.
        guard let now else { return result }
        let modes = Dictionary(config.sources.map { ($0.id, $0.fullText ?? config.extract.fullText) }, uniquingKeysWith: { a, _ in a })
        guard modes.values.contains(where: { $0 != .never }) else { return result }

        var due: [Article] = []
        var failures: [String: [String: Int]] = [:]
        for (id, mode) in modes where mode != .never { result.counts[id] = FullTextCounts(mode: mode) }
        for article in archive.allArticles {
            guard let mode = modes[article.sourceID], mode != .never, FullTextNeed.pageURL(of: article) != nil else { continue }
            let stamp = FullText.stamp(of: article)
            let record = state.pages[article.id]
            let current = article.fullText.map { $0.feedStamp == stamp } ?? false
            if current, record?.refresh != true {
                result.counts[article.sourceID]?.extracted += 1
                continue
            }
            guard FullTextNeed.wants(article, mode: mode) || article.fullText != nil else { continue }
            if let record, !record.isDue(now: now, stamp: stamp) {
                failures[article.sourceID, default: [:]][record.reason ?? "failed", default: 0] += 1
                continue
            }
            due.append(article)
        }
        due.sort(by: Article.newestFirst)

        let saved = SavedPages(site: site)
        let embedHosts = config.embeds.allow
        let limit = config.extract.maxPageMB * 1_048_576
        var results: [String: PageResult] = [:]
        var copies: [(article: Article, copy: (file: URL, shownAs: String), url: URL)] = []
        var requests: [PageRequest] = []
        for article in due {
            guard let url = FullTextNeed.pageURL(of: article) else { continue }
            if let copy = saved.file(for: url) {
                copies.append((article, copy, url))
            } else if offline {
                results[article.id] = .waiting
            } else {
                requests.append(PageRequest(key: article.id, url: url))
            }
        }
        // Extracting is CPU work on independent pages: saved copies on every core, fetched
        // pages on the worker that fetched them, so a page's bytes are let go at once.
        let saves = copies
        let fromCopies = Workers.parallelMap(saves.count) { index in
            let (article, copy, url) = saves[index]
            return extract(readSaved(copy, url: url, limit: limit), article: article, now: now, embedHosts: embedHosts)
        }
        for (entry, outcome) in zip(copies, fromCopies) { results[entry.article.id] = outcome }
        if !requests.isEmpty {
            let wanted = Dictionary(due.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let report = PoliteFetcher.fetch(requests, settings: PolitenessSettings(config), hosts: state.hosts, network: network,
                                             now: now) { request, outcome -> PageResult in
                switch outcome {
                case .fetched(let document):
                    guard let article = wanted[request.key] else { return .waiting }
                    return extract(.page(document.data, finalURL: document.url, contentType: document.contentType, savedAs: nil),
                                   article: article, now: now, embedHosts: embedHosts)
                case .failed(let failure): return .failed(failure.reason)
                case .waiting: return .waiting
                }
            }
            state.hosts = report.hosts
            results.merge(report.outcomes) { _, fetched in fetched }
        }

        var warned: [String: Int] = [:]
        var changed: [Article] = []
        var waitingBySource: [String: Int] = [:]
        for article in due {
            let stamp = FullText.stamp(of: article)
            switch results[article.id] ?? .waiting {
            case .waiting:
                waitingBySource[article.sourceID, default: 0] += 1
            case .text(let text):
                var updated = article
                updated.fullText = text
                changed.append(updated)
                state.pages[article.id] = nil
                result.extracted += 1
                result.counts[article.sourceID]?.extracted += 1
            case .failed(let reason):
                let record = (state.pages[article.id] ?? ExtractionRecord()).failed(reason, now: now, stamp: stamp)
                state.pages[article.id] = record
                result.failed += 1
                if article.fullText != nil { result.counts[article.sourceID]?.extracted += 1 }
                failures[article.sourceID, default: [:]][reason, default: 0] += 1
                warned[article.sourceID, default: 0] += 1
                if warned[article.sourceID]! <= warningsPerSource {
                    result.warnings.append(BuildWarning(warning(for: article, reason: reason, record: record)))
                }
            }
        }
        for (id, count) in warned.sorted(by: { $0.key < $1.key }) where count > warningsPerSource {
            result.warnings.append(BuildWarning("source '\(id)': the full text of \(count - warningsPerSource) more articles could not be read; /sources/ lists the reasons"))
        }
        archive.replace(changed)
        for (id, count) in waitingBySource {
            result.counts[id]?.waiting += count
            result.waiting += count
        }
        for (id, reasons) in failures {
            guard let counts = result.counts[id] else { continue }
            result.counts[id] = FullTextCounts(mode: counts.mode, extracted: counts.extracted, waiting: counts.waiting, failures: reasons)
        }
        // Records of articles no longer in the archive (taken down, pruned) are let go.
        let known = Set(archive.allArticles.map(\.id))
        state.pages = state.pages.filter { known.contains($0.key) }
        return result
    }

    /// A page as read from a saved copy or the network, or why it could not be.
    enum PageRead: Sendable {
        case page(Data, finalURL: URL, contentType: String?, savedAs: String?)
        case failed(String)
    }

    /// What became of one wanted page.
    enum PageResult: Sendable {
        case text(FullText)
        /// Why there is no text, as the warning says it.
        case failed(String)
        /// Left for a later build: over the budget, a paused host, offline.
        case waiting
    }

    private static func readSaved(_ copy: (file: URL, shownAs: String), url: URL, limit: Int) -> PageRead {
        if let size = (try? FileSystem.manager.attributesOfItem(atPath: copy.file.path)[.size]) as? Int, size > limit {
            return .failed("the saved page \(copy.shownAs) is larger than \(FetchError.size(limit))")
        }
        guard let data = try? FileSystem.read(copy.file, shownAs: copy.shownAs) else { return .failed("the saved page \(copy.shownAs) cannot be read") }
        return .page(data, finalURL: url, contentType: nil, savedAs: copy.shownAs)
    }

    /// The page's main text, sanitized against the page's final address, or why there is none.
    private static func extract(_ page: PageRead, article: Article, now: Date, embedHosts: [String]) -> PageResult {
        switch page {
        case .failed(let reason):
            return .failed(reason)
        case .page(let data, let finalURL, let contentType, let savedAs):
            switch ArticleExtractor.extract(html: data, pageURL: finalURL, contentType: contentType) {
            case .notFound(let reason, _):
                return .failed(reason.description)
            case .article(let extracted):
                let html = HTMLSanitizer.sanitize(extracted.html, baseURL: finalURL.absoluteString, embedHosts: embedHosts)
                guard !html.allSatisfy(\.isWhitespace) else { return .failed("nothing of the article's text was left once sanitized") }
                return .text(FullText(html: html, url: article.link ?? finalURL.absoluteString, finalURL: finalURL.absoluteString,
                                         extractedAt: now, extractor: ArticleExtractor.version, feedStamp: FullText.stamp(of: article),
                                         savedPage: savedAs))
            }
        }
    }

    private static func warning(for article: Article, reason: String, record: ExtractionRecord) -> String {
        let kept = article.fullText == nil ? "the feed's text is kept" : "the text read before is kept"
        let next: String
        if record.gaveUp {
            next = "not tried again unless the item changes or 'newsgen archive refresh \(article.id)' asks"
        } else {
            next = "attempt \(record.failures) of \(ExtractionRecord.maxAttempts)" + (record.nextAttempt().map { ", next after \(RFC3339.string(from: $0))" } ?? "")
        }
        return "source '\(article.sourceID)': the full text of \"\(article.title)\" could not be read from \(article.link ?? "its page"): \(reason); \(kept) (\(next))"
    }
}

extension PolitenessSettings {
    /// The site's `extract` settings, with `fetch`'s deadline, parallelism and User-Agent.
    init(_ config: SiteConfig) {
        self.init(fetch: config.fetch)
        perHostDelaySeconds = config.extract.perHostDelaySeconds
        perHostConcurrency = config.extract.perHostConcurrency
        maxPageBytes = config.extract.maxPageMB * 1_048_576
        maxPerBuild = config.extract.maxPerBuild
        maxSecondsPerBuild = Double(config.extract.maxSecondsPerBuild)
        robots = config.extract.robots
    }
}

/// A build's full-text work, for its summary line.
public struct FullTextSummary: Sendable, Equatable {
    /// Pages whose text this build put in the archive.
    public var extracted = 0
    /// Pages wanted but left for a later build (budget, paused host, offline).
    public var waiting = 0
    /// Pages that gave no text in this build.
    public var failed = 0

    public init(extracted: Int = 0, waiting: Int = 0, failed: Int = 0) {
        self.extracted = extracted
        self.waiting = waiting
        self.failed = failed
    }
}
