import Dispatch
import Foundation
import NewsgenFeeds
import NewsgenModel

/// What fetching one url source brought: its result for the Parse stage, the
/// validators to remember, and warnings (a permanent redirect).
struct SourceFetch: Sendable {
    var result: SourceResult
    var etag: String?
    var lastModified: String?
    /// True when the server answered (200 or 304) and the body, if any, parsed.
    var succeeded: Bool
    var warnings: [String] = []
    /// False for a source left alone because it is backing off: its state is not touched.
    var attempted: Bool = true
}

/// The Fetch stage for sources with a `url`: at most `fetch.concurrency` at a
/// time, each with the whole-exchange deadline `fetch.timeoutSeconds`, retried
/// up to `fetch.retries` times with exponential backoff on network errors, 5xx
/// and 429, conditional when validators are known. A failure is the source's
/// outcome, never the build's.
struct SourceFetcher: Sendable {
    var config: FetchConfig
    /// The first retry waits this many seconds, each next one twice as long (tests make it short).
    var backoffBase: Double
    /// A `Retry-After` longer than this is not waited for: the source fails for this build.
    var retryAfterCap: Double = 30
    /// The build's "now", for a `Retry-After` date from a server that sent no `Date` of its own.
    var now: Date? = nil
    /// How requests are sent (libcurl; tests may answer from memory).
    var transport: HTTPTransport = .live

    /// Fetches `sources` (each with a url) concurrently; the answers come back in the order given.
    /// `finished` hears of each source as it ends, from the worker that fetched it.
    func fetchAll(_ sources: [SourceConfig], state: FetchState,
                  finished: (@Sendable (SourceFetch) -> Void)? = nil) -> [SourceFetch] {
        Workers.map(sources.count, concurrency: config.concurrency) { index in
            let fetched = fetch(sources[index], remembered: state.sources[sources[index].id])
            finished?(fetched)
            return fetched
        }
    }

    /// One source, with its retries.
    func fetch(_ source: SourceConfig, remembered: FetchState.Entry?) -> SourceFetch {
        let address = source.url ?? ""
        func failed(_ reason: String) -> SourceFetch {
            SourceFetch(result: SourceResult(source: source, outcome: .failed(reason: "\(address): \(reason)")),
                        etag: remembered?.etag, lastModified: remembered?.lastModified, succeeded: false)
        }
        guard let url = URL(string: address), url.host != nil else { return failed("not a valid URL") }
        var headers: [String: String] = [:]
        if let remembered, remembered.url == address {
            if let etag = remembered.etag { headers["If-None-Match"] = etag }
            if let lastModified = remembered.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let limit = config.maxFeedMB * 1_048_576
        let fetcher = HTTPFetcher(deadline: Double(config.timeoutSeconds), maxBytes: limit, userAgent: config.userAgent,
                                  transport: transport)
        var attempt = 0
        while true {
            let exchange = fetcher.exchange(url, headers: headers)
            let error: FetchError
            switch exchange.result {
            case .success(let document):
                var fetched = parse(document, source: source, address: address, limit: limit)
                if let target = exchange.permanentRedirect, target.absoluteString != address {
                    fetched.warnings.append("source '\(source.id)': \(address) has moved permanently to \(target.absoluteString); put the new URL in site.json")
                }
                return fetched
            case .failure(let failure):
                error = failure
            }
            guard attempt < config.retries, Self.isRetryable(error) else { return failed(error.description) }
            var wait = backoffBase * Double(1 << min(attempt, 16))
            // Seconds, or a date measured against the server's clock (else the build's);
            // when it cannot be measured, the normal backoff.
            if let header = exchange.retryAfter, let seconds = RetryAfter.delay(header, serverDate: exchange.date, now: now) {
                guard seconds <= retryAfterCap else {
                    return failed("\(error.description); it asked to be retried after \(FetchError.seconds(seconds.rounded(.up))), more than \(FetchError.seconds(retryAfterCap)), so not in this build")
                }
                wait = max(wait, seconds)
            }
            attempt += 1
            Thread.sleep(forTimeInterval: wait)
        }
    }

    private func parse(_ document: FetchedDocument, source: SourceConfig, address: String, limit: Int) -> SourceFetch {
        if document.status == 304 {
            return SourceFetch(result: SourceResult(source: source, outcome: .notModified),
                               etag: document.etag, lastModified: document.lastModified, succeeded: true)
        }
        do {
            var feed = try FeedParser.parse(document.data, baseURL: document.baseURL.absoluteString,
                                            contentType: document.contentType, maxBytes: limit)
            let total = feed.items.count
            feed.items = FeedItemCap.newest(feed.items, limit: config.maxItemsPerFeed)
            return SourceFetch(result: SourceResult(source: source, outcome: .fresh(itemCount: feed.items.count), feed: feed,
                                                    itemsDropped: total - feed.items.count),
                               etag: document.etag, lastModified: document.lastModified, succeeded: true)
        } catch {
            // A web page where a feed was expected is the usual cause: say so rather than only "not well-formed".
            let isPage = document.contentType?.lowercased().hasPrefix("text/html") == true
            let hint = isPage ? " (the server sent a web page, text/html: the feed's address is likely in the page's <link rel=\"alternate\">)" : ""
            return SourceFetch(result: SourceResult(source: source, outcome: .failed(reason: error.located(in: address) + hint)),
                               succeeded: false)
        }
    }

    /// Network errors, timeouts, 5xx and 429 may pass; 4xx, redirect faults and oversize will not.
    static func isRetryable(_ error: FetchError) -> Bool {
        switch error {
        case .transport, .timedOut, .truncated: return true
        case .httpStatus(let code): return code == 429 || (500...599).contains(code)
        case .unsupportedScheme, .tooLarge, .decompressedTooLarge, .unsupportedEncoding, .headersTooLarge,
             .tooManyRedirects, .redirectToScheme, .invalidRedirect: return false
        }
    }
}

extension FetchConfig {
    /// `newsgen/0.1 (+contact)`, so publishers can reach the site's owner from their logs.
    var userAgent: String {
        guard let contact = userAgentContact, !contact.isEmpty else { return HTTPFetcher.defaultUserAgent }
        return "\(HTTPFetcher.defaultUserAgent) (+\(contact))"
    }
}
