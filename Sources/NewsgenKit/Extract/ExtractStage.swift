import Foundation
import NewsgenExtract
import NewsgenHTML
import NewsgenModel

/// The Extract stage (issue 17): between the archive's merge and its save, the pages of the
/// articles whose source asks for full text are read once — from `extract.savedPages` when a
/// copy is there, otherwise fetched politely (`PoliteFetcher`) — their main text extracted
/// (`ArticleExtractor`) and sanitized, and kept in the archive as the article's `FullText`.
/// A page behind a paywall or consent wall that shows text is read like any other, its wall
/// recorded; when the page gives less than the feed (`TextChoice`, ADR 064) the feed's text stays
/// shown and the page's is kept beside it with the reason.
/// An article that has its text is not read again unless its feed item changed or a refresh
/// was asked for; a failure keeps the feed's text and is retried with back-off
/// (`ExtractionRecord`, in state.json). Offline, only saved pages are read.
enum ExtractStage {
    /// Failures warned about one by one, per source and build; the rest are counted in one more warning.
    static let warningsPerSource = 3

    /// `progress` hears of each page fetched from the network as it is read; `checkpoint` keeps each text read in the archive as it comes.
    static func run(_ archive: inout Archive, site: Site, state: inout FetchState, offline: Bool, now: Date?,
                    network: Network, progress: (@Sendable (StageProgress) -> Void)? = nil,
                    checkpoint: ExtractionCheckpoint? = nil) -> ExtractedPages {
        let config = site.config
        // Without the build's "now" there is no date to keep with the text, nor to back off by.
        guard let now else { return ExtractedPages() }
        let modes = Dictionary(config.sources.map { ($0.id, $0.fullText ?? config.extract.fullText) }, uniquingKeysWith: { a, _ in a })
            .filter { $0.value != .never }
        guard !modes.isEmpty else { return ExtractedPages() }

        var result = ExtractedPages()
        result.counts = modes.mapValues { FullTextCounts(mode: $0) }
        let due = wantedPages(archive, modes: modes, rules: SourceRules(config), records: state.pages, now: now, counts: &result.counts)
        let results = read(due, site: site, state: &state, offline: offline, now: now, network: network, progress: progress,
                           checkpoint: checkpoint)

        var warned: [String: Int] = [:]
        var changed: [Article] = []
        for article in due {
            let source = article.sourceID
            switch results[article.id] ?? .waiting {
            case .waiting:
                result.counts[source]?.waiting += 1
                result.summary.waiting += 1
            case .text(let text):
                var updated = article
                updated.fullText = text
                changed.append(updated)
                state.pages[article.id] = nil
                result.summary.extracted += 1
                if text.feedKept != nil { result.summary.feedKept += 1 }
                result.readIDs.insert(article.id)
                result.counts[source]?.count(text)
            case .failed(let reason):
                let record = (state.pages[article.id] ?? ExtractionRecord()).failed(reason, now: now, stamp: FullText.stamp(of: article))
                state.pages[article.id] = record
                result.summary.failed += 1
                if let text = article.fullText { result.counts[source]?.count(text) }
                result.counts[source]?.failuresByReason[reason, default: 0] += 1
                warned[source, default: 0] += 1
                if warned[source]! <= warningsPerSource {
                    result.warnings.append(BuildWarning(warning(for: article, reason: reason, record: record)))
                }
            }
        }
        for (id, count) in warned.sorted(by: { $0.key < $1.key }) where count > warningsPerSource {
            result.warnings.append(BuildWarning("source '\(id)': the full text of \(count - warningsPerSource) more articles could not be read; /sources/ lists the reasons"))
        }
        archive.replace(changed)
        // Records of articles no longer in the archive (taken down, pruned) are let go.
        let known = Set(archive.allArticles.map(\.id))
        state.pages = state.pages.filter { known.contains($0.key) }
        return result
    }

    /// The articles whose page is to be read now, newest first: their source's mode wants it, and
    /// their text is missing, or its item changed, or its source's rules changed (ADR 062), or a
    /// refresh asked, and no back-off holds them. Counts what already has its text, and what failed
    /// before and still waits, on the way.
    static func wantedPages(_ archive: Archive, modes: [String: FullTextMode], rules: SourceRules = SourceRules(),
                            records: [String: ExtractionRecord], now: Date, counts: inout [String: FullTextCounts]) -> [Article] {
        var due: [Article] = []
        for article in archive.allArticles {
            guard let mode = modes[article.sourceID], FullTextNeed.pageURL(of: article) != nil else { continue }
            // Hashing the item (the stamp) costs its whole text: only for articles that have a text or want one.
            guard article.fullText != nil || FullTextNeed.wants(article, mode: mode) else { continue }
            let stamp = FullText.stamp(of: article)
            let record = records[article.id]
            if let text = article.fullText, text.feedStamp == stamp, text.rules == rules.digest(article.sourceID), record?.refresh != true {
                counts[article.sourceID]?.count(text)
                continue
            }
            if let record, !record.isDue(now: now, stamp: stamp) {
                if let text = article.fullText { counts[article.sourceID]?.count(text) }
                counts[article.sourceID]?.failuresByReason[record.reason ?? "failed", default: 0] += 1
                continue
            }
            due.append(article)
        }
        return due.sorted(by: Article.newestFirst)
    }

    /// Reads the pages of `due`: saved copies (on every core), then the rest over the network
    /// (`PoliteFetcher`, each page extracted on the worker that fetched it, so its bytes are let
    /// go at once); offline, only the copies. Updates the hosts' pauses in `state`. Each page from the
    /// network is counted for `progress` (with its host) and its text handed to `checkpoint` as it is read:
    /// those are the slow ones (saved copies take no time, and are not checkpointed).
    static func read(_ due: [Article], site: Site, state: inout FetchState, offline: Bool, now: Date,
                     network: Network, progress: (@Sendable (StageProgress) -> Void)? = nil,
                     checkpoint: ExtractionCheckpoint? = nil) -> [String: PageResult] {
        let config = site.config
        let saved = SavedPages(site: site)
        let rules = SourceRules(config)
        let embedHosts = config.embeds.allow
        let limit = config.extract.maxPageMB * 1_048_576
        var copies: [(article: Article, copy: (file: URL, shownAs: String), url: URL)] = []
        var requests: [PageRequest] = []
        for article in due {
            guard let url = FullTextNeed.pageURL(of: article) else { continue }
            if let copy = saved.file(for: url) {
                copies.append((article, copy, url))
            } else if !offline {
                requests.append(PageRequest(key: article.id, url: url))
            }
        }
        let saves = copies
        let fromCopies = Workers.parallelMap(saves.count) { index in
            let (article, copy, url) = saves[index]
            return extract(readSaved(copy, url: url, limit: limit), article: article, rules: rules, now: now, embedHosts: embedHosts,
                           seconds: config.extract.timeoutSeconds)
        }
        var results = Dictionary(zip(saves.map(\.article.id), fromCopies), uniquingKeysWith: { a, _ in a })
        guard !requests.isEmpty else { return results }
        let wanted = Dictionary(due.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let counter = StageCounter(.extract, total: requests.count, report: progress)
        let report = PoliteFetcher.fetch(requests, settings: PolitenessSettings(config), hosts: state.hosts, network: network,
                                         now: now) { request, outcome -> PageResult in
            switch outcome {
            case .fetched(let document):
                guard let article = wanted[request.key] else { return .waiting }
                let result = extract(.page(document.data, finalURL: document.url, contentType: document.contentType, savedAs: nil),
                                     article: article, rules: rules, now: now, embedHosts: embedHosts, seconds: config.extract.timeoutSeconds)
                if case .text(let text) = result {
                    var updated = article
                    updated.fullText = text
                    checkpoint?.extracted(updated)
                }
                counter.finished(detail: request.url.host)
                return result
            case .failed(let failure):
                counter.finished(detail: request.url.host)
                return .failed(failure.reason)
            case .waiting: return .waiting
            }
        }
        state.hosts = report.hosts
        results.merge(report.outcomes) { _, fetched in fetched }
        return results
    }
}

extension PolitenessSettings {
    /// The site's `extract` settings, with `fetch`'s parallelism and User-Agent.
    init(_ config: SiteConfig) {
        self.init(fetch: config.fetch)
        perHostDelaySeconds = config.extract.perHostDelaySeconds
        perHostConcurrency = config.extract.perHostConcurrency
        maxPageBytes = config.extract.maxPageMB * 1_048_576
        maxPerBuild = config.extract.maxPerBuild
        maxSecondsPerBuild = Double(config.extract.maxSecondsPerBuild)
        robots = config.extract.robots
        deadline = Double(config.extract.timeoutSeconds)
    }
}
