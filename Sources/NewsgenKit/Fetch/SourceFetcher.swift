import Foundation
import NewsgenModel

/// The Fetch stage: one `FetchedSource` per source, a url or a file alike. A url source is
/// fetched at most `fetch.concurrency` at a time, each with the whole-exchange deadline
/// `fetch.timeoutSeconds`, retried up to `fetch.retries` times with exponential backoff on
/// network errors, 5xx and 429, conditional when validators are known; a file is read from
/// the site (`FeedFileReader`). A failure is the source's outcome, never the build's.
struct SourceFetcher: Sendable {
    var config: FetchConfig
    /// The first retry waits this many seconds, each next one twice as long.
    var backoffBase: Double
    /// A `Retry-After` longer than this is not waited for: the source fails for this build.
    var retryAfterCap: Double = 30
    /// The build's "now", for a `Retry-After` date from a server that sent no `Date` of its own,
    /// and for the back-off of failing sources; nil skips neither.
    var now: Date? = nil
    /// How requests are sent and retries wait (libcurl and `Thread.sleep`, or a test's stub).
    var network: Network = .live

    /// One source, either kind; a url source is skipped `offline`.
    func fetch(_ source: SourceConfig, site: Site, remembered: FetchState.Entry?, offline: Bool) -> FetchedSource {
        switch source.location {
        case .file(let path):
            return FeedFileReader.read(source, path: path, site: site)
        case .url(let url):
            guard !offline else { return FetchedSource(source: source, outcome: .skipped(reason: SourceReason(.offline, text: "offline: archived articles are shown"))) }
            return fetch(source, from: url, remembered: remembered)
        }
    }

    /// Fetches `sources` (the url sources) `fetch.concurrency` at a time and hands each result
    /// to `then` on the worker that fetched it, so its document is parsed and let go there;
    /// the answers come back in the order given.
    func fetchAll<Result: Sendable>(_ sources: [SourceConfig], site: Site, state: FetchState,
                                    then: @escaping @Sendable (FetchedSource) -> Result) -> [Result] {
        Workers.map(sources.count, concurrency: config.concurrency) { index in
            then(fetch(sources[index], site: site, remembered: state.sources[sources[index].id], offline: false))
        }
    }

    /// A url source inside its back-off window (`SourceBackoff`), as the skip it is in this
    /// build; nil when it is due, or when there is no "now" to measure against.
    func backingOff(_ source: SourceConfig, remembered: FetchState.Entry?) -> FetchedSource? {
        guard let now, let remembered, remembered.url == source.address,
              let reason = SourceBackoff.reasonToWait(remembered, now: now) else { return nil }
        return FetchedSource(source: source, outcome: .skipped(reason: reason), attempted: false)
    }

    /// One url source, with its retries.
    func fetch(_ source: SourceConfig, from url: URL, remembered: FetchState.Entry?) -> FetchedSource {
        let address = source.address
        func failed(_ error: FetchError, _ reason: String? = nil) -> FetchedSource {
            let text = "\(address): \(reason ?? error.description)"
            return FetchedSource(source: source, outcome: .failed(reason: .fetch(error, address: address, text: text)))
        }
        guard url.host != nil else {
            return FetchedSource(source: source, outcome: .failed(reason: SourceReason(.unsupported, ["address": address], text: "\(address): not a valid URL")))
        }
        var headers: [String: String] = [:]
        if let remembered, remembered.url == address {
            if let etag = remembered.etag { headers["If-None-Match"] = etag }
            if let lastModified = remembered.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let fetcher = network.fetcher(deadline: Double(config.timeoutSeconds), maxBytes: config.maxFeedMB * 1_048_576,
                                      userAgent: config.userAgent)
        var attempt = 0
        while true {
            let exchange = fetcher.exchange(url, headers: headers)
            let error: FetchError
            switch exchange.result {
            case .success(let document):
                var fetched = FetchedSource(source: source, outcome: document.status == 304 ? .notModified : .fresh(document),
                                            etag: document.etag, lastModified: document.lastModified)
                if let target = exchange.permanentRedirect, target.absoluteString != address {
                    fetched.warnings.append("source '\(source.id)': \(address) has moved permanently to \(target.absoluteString); put the new URL in site.json")
                }
                return fetched
            case .failure(let failure):
                error = failure
            }
            guard attempt < config.retries, Self.isRetryable(error) else { return failed(error) }
            var wait = backoffBase * Double(1 << min(attempt, 16))
            // Seconds, or a date measured against the server's clock (else the build's);
            // when it cannot be measured, the normal backoff.
            if let header = exchange.retryAfter, let seconds = RetryAfter.delay(header, serverDate: exchange.date, now: now) {
                guard seconds <= retryAfterCap else {
                    return failed(error, "\(error.description); it asked to be retried after \(FetchError.seconds(seconds.rounded(.up))), more than \(FetchError.seconds(retryAfterCap)), so not in this build")
                }
                wait = max(wait, seconds)
            }
            attempt += 1
            network.sleep(wait)
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
