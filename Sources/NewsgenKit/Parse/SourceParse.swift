import NewsgenFeeds
import NewsgenModel

/// What one source brought, made on a worker: its articles, without the feed they came from.
struct SourceParse: Sendable {
    var outcome: SourceOutcome
    var info: SourceInfo
    var incoming: [IncomingArticle]
    /// Items the feed had beyond `fetch.maxItemsPerFeed`, left out of `incoming`.
    var itemsDropped = 0
    /// The source's own warnings (`SourceWarnings`): a failure, a skip, items left out, an ill-formed document.
    var warnings: [BuildWarning]
    /// Those of its articles' HTML (`ContentBounds`), which `newsgen check` does not report.
    var contentWarnings: [BuildWarning] = []
    /// `ParseMemo.fingerprint` of the document, when it was asked for and the parse was clean (fresh, no
    /// warning): what the next build compares its document with.
    var document: [UInt8]? = nil
    /// The document was the one the last build parsed, so it was not parsed again (`ParseMemo`): `incoming`
    /// is empty, and the archive holds what the parse gave.
    var unchanged = false

    /// The Parse stage for one source of either kind: what the Fetch stage brought parsed
    /// (`FeedParser`, at most `fetch.maxItemsPerFeed` items, the newest), each item turned
    /// into an incoming article, and the warnings a person should hear. The feed itself is
    /// dropped on return, so a build never holds every feed at once. The build runs this on
    /// every core, one source a call (`SourceReading.run`); `newsgen check` and `ParseStageProbe`
    /// run the same function. With `remember`, a clean parse says its document's fingerprint; with
    /// `memo` (what the last build's parse gave), a document of the same fingerprint is not parsed.
    static func make(_ fetched: FetchedSource, config: SiteConfig, offline: Bool, memo: ParseMemo.Entry? = nil,
                     remember: Bool = false) -> SourceParse {
        let source = fetched.source
        var fingerprint: [UInt8]?
        if case .fresh(let document) = fetched.outcome, remember || memo != nil {
            fingerprint = ParseMemo.fingerprint(document, source: source, config: config, offline: offline)
            if let memo, memo.document == fingerprint {
                return SourceParse(outcome: .fresh(itemCount: memo.itemCount), info: SourceInfo(id: source.id, title: memo.title, url: memo.url, feedURL: memo.feedURL),
                                   incoming: [], warnings: [], document: fingerprint, unchanged: true)
            }
        }
        var outcome: SourceOutcome
        var feed: ParsedFeed?
        var dropped = 0
        switch fetched.outcome {
        case .notModified: outcome = .notModified
        case .skipped(let reason): outcome = .skipped(reason: reason)
        case .failed(let reason): outcome = .failed(reason: reason)
        case .fresh(let document):
            do {
                var parsed = try parse(document, maxBytes: config.fetch.maxFeedMB * 1_048_576, seconds: config.fetch.timeoutSeconds)
                let total = parsed.items.count
                parsed.items = FeedItemCap.newest(parsed.items, limit: config.fetch.maxItemsPerFeed)
                dropped = total - parsed.items.count
                outcome = .fresh(itemCount: parsed.items.count)
                feed = parsed
            } catch {
                let hint = pageHint(document)
                outcome = .failed(reason: SourceReason(hint.isEmpty ? .notAFeed : .webPage, ["address": source.address],
                                                       text: error.located(in: source.address) + hint))
            }
        }
        let incoming = (feed?.items ?? []).compactMap { IncomingArticle(item: $0, sourceID: source.id) }
        let info = SourceInfo(id: source.id, title: source.title ?? feed?.title?.plainText ?? source.id, url: feed?.link, feedURL: feed?.feedURL)
        var made = SourceParse(outcome: outcome, info: info, incoming: incoming, itemsDropped: dropped,
                               warnings: SourceWarnings.make(source, outcome: outcome, feed: feed, dropped: dropped,
                                                             config: config, offline: offline),
                               contentWarnings: ContentBounds.warnings(incoming, sourceID: source.id))
        // Only a clean parse is remembered: skipping one with warnings would lose them.
        if feed != nil, made.warnings.isEmpty, made.contentWarnings.isEmpty { made.document = fingerprint }
        return made
    }

    /// A download is read against its base address and with its `Content-Type`; a file has
    /// neither, so its relative links resolve against the feed's own link. Parsed in the
    /// process's sandbox, within the source's own deadline (`fetch.timeoutSeconds`, as its download).
    private static func parse(_ document: FetchedDocument, maxBytes: Int, seconds: Int) throws(FeedParseError) -> ParsedFeed {
        guard !document.url.isFileURL else { return try ParseSandbox.shared.feed(document.data, maxBytes: maxBytes, seconds: seconds) }
        return try ParseSandbox.shared.feed(document.data, baseURL: document.baseURL.absoluteString,
                                            contentType: document.contentType, maxBytes: maxBytes, seconds: seconds)
    }

    /// A web page where a feed was expected is the usual cause of a download that does not
    /// parse: say so rather than only "not well-formed".
    private static func pageHint(_ document: FetchedDocument) -> String {
        guard document.contentType?.lowercased().hasPrefix("text/html") == true else { return "" }
        return " (the server sent a web page, text/html: the feed's address is likely in the page's <link rel=\"alternate\">)"
    }
}
