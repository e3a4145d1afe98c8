import Foundation

/// What an exchange means for its host and for its page or robots.txt: pure decisions, so
/// the scheduler only keeps the books.
extension PoliteFetcher {
    /// What one answer says about the host that gave it.
    enum HostSignal: Sendable, Equatable {
        /// It answered (a page, a 4xx, a redirect newsgen will not follow, an oversized body).
        case answered
        /// It answered 429 or 503 with a `Retry-After` of this many seconds (not yet capped).
        case paused(seconds: Double)
        /// It is not answering as it should: a 5xx or a 429 without a usable `Retry-After`,
        /// a timeout, no connection, a body cut short.
        case down
    }

    /// The host's side of `exchange`, received at `moment` (for a `Retry-After` date from a
    /// server that sent no `Date`).
    static func signal(of exchange: HTTPExchange, at moment: Date) -> HostSignal {
        guard case .failure(let error) = exchange.result else { return .answered }
        switch error {
        case .httpStatus(let status) where status == 429 || status == 503:
            guard let header = exchange.retryAfter,
                  let seconds = RetryAfter.delay(header, serverDate: exchange.date, now: moment) else { return .down }
            return .paused(seconds: seconds)
        case .httpStatus(let status): return (500...599).contains(status) ? .down : .answered
        case .transport, .timedOut, .truncated: return .down
        case .unsupportedScheme, .tooLarge, .decompressedTooLarge, .unsupportedEncoding, .headersTooLarge,
             .tooManyRedirects, .redirectToScheme, .invalidRedirect: return .answered
        }
    }

    /// The page's outcome of an exchange whose host answered (`HostSignal.answered`).
    static func pageOutcome(of exchange: HTTPExchange) -> PageOutcome {
        switch exchange.result {
        case .success(let document) where document.status == 304:
            // Nothing conditional was sent: a 304 is not an answer to this request.
            return .failed(.http(304))
        case .success(let document):
            if let mediaType = notHTML(document.contentType) { return .failed(.notHTML(mediaType)) }
            return .fetched(document)
        case .failure(.httpStatus(let status)):
            return .failed(.http(status))
        case .failure(let error):
            return .failed(.network(error))
        }
    }

    /// robots.txt as `exchange` brought it (RFC 9309 §2.3.1): the rules of a 2xx; everything
    /// allowed for a 4xx (429 aside), a 3xx newsgen does not follow and too many or broken
    /// redirects ("unavailable"); nil when it could not be read (5xx, 429, no connection, a
    /// timeout, a body over the limit), which keeps newsgen off the host for this build.
    static func robots(of exchange: HTTPExchange, productToken: String) -> RobotsTxt? {
        switch exchange.result {
        case .success(let document) where document.status == 304: return .allowingAll
        case .success(let document): return RobotsTxt(document.data, productToken: productToken)
        case .failure(.httpStatus(let status)): return (300...499).contains(status) && status != 429 ? .allowingAll : nil
        case .failure(.tooManyRedirects), .failure(.redirectToScheme), .failure(.invalidRedirect): return .allowingAll
        case .failure: return nil
        }
    }

    /// The media types a page may be sent as and still be worth the extractor's look: HTML,
    /// and the vague ones servers send HTML as (the extractor sniffs those).
    static let htmlOrVague: Set<String> = ["text/html", "application/xhtml+xml", "text/plain", "application/octet-stream",
                                           "application/xml", "text/xml"]

    /// The media type of `contentType` (lowercased, without parameters) when it is present,
    /// well formed and clearly not HTML (`application/pdf`, `image/png`, `application/json`); nil otherwise.
    static func notHTML(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let mediaType = (contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        let parts = mediaType.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, mediaType.utf8.count <= 255,
              !parts.contains(where: { $0.contains { $0 == " " || $0 == "\t" || $0 == "*" } }) else { return nil }
        return htmlOrVague.contains(mediaType) ? nil : mediaType
    }
}
