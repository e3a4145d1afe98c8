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
        var pages: [String: PageRead] = [:]
        var requests: [PageRequest] = []
        for article in due {
            guard let url = FullTextNeed.pageURL(of: article) else { continue }
            if let copy = saved.file(for: url) {
                pages[article.id] = readSaved(copy, url: url, limit: config.extract.maxPageMB * 1_048_576)
            } else if !offline {
                requests.append(PageRequest(key: article.id, url: url))
            }
        }
        var waitingBySource: [String: Int] = [:]
        let dueByID = Dictionary(due.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if offline {
            for article in due where pages[article.id] == nil { waitingBySource[article.sourceID, default: 0] += 1 }
        } else if !requests.isEmpty {
            let report = PoliteFetcher.fetch(requests, settings: PolitenessSettings(site.config), hosts: state.hosts, network: network, now: now)
            state.hosts = report.hosts
            for request in requests {
                switch report.outcomes[request.key] {
                case .fetched(let document)?: pages[request.key] = .page(document.data, finalURL: document.url, contentType: document.contentType, savedAs: nil)
                case .failed(let failure)?: pages[request.key] = .failed(failure.reason)
                case .waiting?, nil: if let article = dueByID[request.key] { waitingBySource[article.sourceID, default: 0] += 1 }
                }
            }
        }

        // Extracting is CPU work on independent pages: every core.
        let read = due.filter { pages[$0.id] != nil }
        let bodies = read.compactMap { pages[$0.id] }
        let embedHosts = config.embeds.allow
        let texts = Workers.parallelMap(read.count) { index in
            extract(bodies[index], article: read[index], now: now, embedHosts: embedHosts)
        }
        var warned: [String: Int] = [:]
        var changed: [Article] = []
        for (article, outcome) in zip(read, texts) {
            let stamp = FullText.stamp(of: article)
            switch outcome {
            case .success(let text):
                var updated = article
                updated.fullText = text
                changed.append(updated)
                state.pages[article.id] = nil
                result.extracted += 1
                result.counts[article.sourceID]?.extracted += 1
            case .failure(let reason):
                let record = (state.pages[article.id] ?? ExtractionRecord()).failed(reason.text, now: now, stamp: stamp)
                state.pages[article.id] = record
                result.failed += 1
                if article.fullText != nil { result.counts[article.sourceID]?.extracted += 1 }
                failures[article.sourceID, default: [:]][reason.text, default: 0] += 1
                warned[article.sourceID, default: 0] += 1
                if warned[article.sourceID]! <= warningsPerSource {
                    result.warnings.append(BuildWarning(warning(for: article, reason: reason.text, record: record)))
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

    /// A reason a page gave no text, as the warning says it.
    struct Reason: Error, Sendable {
        var text: String
    }

    private static func readSaved(_ copy: (file: URL, shownAs: String), url: URL, limit: Int) -> PageRead {
        if let size = (try? FileSystem.manager.attributesOfItem(atPath: copy.file.path)[.size]) as? Int, size > limit {
            return .failed("the saved page \(copy.shownAs) is larger than \(FetchError.size(limit))")
        }
        guard let data = try? FileSystem.read(copy.file, shownAs: copy.shownAs) else { return .failed("the saved page \(copy.shownAs) cannot be read") }
        return .page(data, finalURL: url, contentType: nil, savedAs: copy.shownAs)
    }

    /// The page's main text, sanitized against the page's final address, or why there is none.
    private static func extract(_ page: PageRead, article: Article, now: Date, embedHosts: [String]) -> Result<FullText, Reason> {
        switch page {
        case .failed(let reason):
            return .failure(Reason(text: reason))
        case .page(let data, let finalURL, let contentType, let savedAs):
            switch ArticleExtractor.extract(html: data, pageURL: finalURL, contentType: contentType) {
            case .notFound(let reason, _):
                return .failure(Reason(text: reason.description))
            case .article(let extracted):
                let html = HTMLSanitizer.sanitize(extracted.html, baseURL: finalURL.absoluteString, embedHosts: embedHosts)
                guard !html.allSatisfy(\.isWhitespace) else { return .failure(Reason(text: "nothing of the article's text was left once sanitized")) }
                return .success(FullText(html: html, url: article.link ?? finalURL.absoluteString, finalURL: finalURL.absoluteString,
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
    /// The site's `extract` and `fetch` settings.
    init(_ config: SiteConfig) {
        self.init(perHostDelaySeconds: config.extract.perHostDelaySeconds, perHostConcurrency: config.extract.perHostConcurrency,
                  maxPageBytes: config.extract.maxPageMB * 1_048_576, maxPerBuild: config.extract.maxPerBuild,
                  maxSecondsPerBuild: Double(config.extract.maxSecondsPerBuild), robots: config.extract.robots,
                  deadline: Double(config.fetch.timeoutSeconds), workers: config.fetch.concurrency, userAgent: config.fetch.userAgent)
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
