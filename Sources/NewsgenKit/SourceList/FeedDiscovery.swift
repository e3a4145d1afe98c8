import Foundation
import NewsgenFeeds
import NewsgenHTML
import NewsgenModel

/// Finds the feed behind an address the way feed readers do: the address itself when it
/// parses as a feed; for a web page, its `<link rel="alternate">` of a feed type (resolved
/// against the page's address after redirects, or its `<base href>`); for a page naming
/// none, the usual paths on the same host, the first that parses. Several alternates are
/// never chosen among silently: the caller lists them and asks for `--pick N`.
///
/// The whole of it has one deadline (`overallDeadline`): each request gets `fetch.timeoutSeconds`
/// or what is left of it, whichever is less, and a usual path not asked before it runs out is
/// named as such, so a host whose `/feed…` paths hang costs at most that, not seven timeouts.
struct FeedDiscovery {
    /// Asked in this order when a page names no feed: WordPress, Hugo, Jekyll and most generators serve one of them.
    static let usualPaths = ["/feed", "/feed.xml", "/rss", "/rss.xml", "/atom.xml", "/index.xml", "/feed.json"]
    /// The `type` of an alternate link that is a feed (RSS, Atom, JSON Feed), parameters left out.
    static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json"]

    /// Each request's own deadline is the fetcher's (`fetch.timeoutSeconds`), cut to what is left of `overallDeadline`.
    let fetcher: HTTPFetcher
    /// The largest feed parsed (`fetch.maxFeedMB`).
    let maxBytes: Int
    /// Seconds for all of discovery, every request together (`overallDeadline(timeoutSeconds:)`).
    let deadline: Double

    /// Three request timeouts: a page and the feed it names take two requests, each of which may
    /// legitimately use all of its `timeoutSeconds`; a page that names none leaves its usual paths
    /// at least one timeout's worth, more when the page came quickly.
    static func overallDeadline(timeoutSeconds: Int) -> Double {
        3 * Double(timeoutSeconds)
    }

    /// A feed a page names: where, under which title, of which type.
    struct Candidate: Equatable, Sendable {
        var url: URL
        var title: String?
        var type: String
    }

    /// The feed found, parsed, with the answer it came in.
    struct Found: Sendable {
        /// The feed's address as site.json keeps it: where permanent redirects led, else the address asked.
        var address: URL
        /// Where the document came from in the end, temporary redirects included: a duplicate is looked for under it too.
        var fetchedFrom: URL
        var document: FetchedDocument
        var feed: ParsedFeed
    }

    enum Outcome: Sendable {
        case found(Found)
        /// The page names several feeds and none was picked: listed in the page's order.
        case choose(page: URL, [Candidate])
        /// `pick` is past the page's `count` feeds: nothing was fetched beyond the page.
        case pickOutOfRange(page: URL, count: Int)
    }

    /// Looks at `address`; `pick` (1-based) chooses among a page's alternates.
    func discover(_ address: URL, pick: Int?) throws(BuildError) -> Outcome {
        let clock = Deadline(seconds: deadline, fetcher: fetcher)
        let exchange = clock.fetcher().exchange(address)
        let document: FetchedDocument
        switch exchange.result {
        case .success(let answer): document = answer
        case .failure(let error): throw BuildError("\(address.absoluteString): \(error.description)")
        }
        let parsed = Result { () throws(FeedParseError) in try parse(document) }
        if case .success(let feed) = parsed {
            return .found(Found(address: exchange.permanentRedirect ?? address, fetchedFrom: document.url, document: document, feed: feed))
        }
        guard Self.isHTML(document) else {
            let type = document.contentType.map { "it is \($0)" } ?? "it has no Content-Type"
            throw BuildError("\(address.absoluteString) is neither a feed nor a web page (\(type); \(parsed.failureReason))")
        }
        let candidates = Self.alternates(in: document)
        if candidates.isEmpty { return .found(try usualPath(from: document.url, page: address, clock: clock)) }
        if let pick {
            guard candidates.indices.contains(pick - 1) else { return .pickOutOfRange(page: address, count: candidates.count) }
            return .found(try feed(at: candidates[pick - 1].url, namedBy: address, clock: clock))
        }
        guard candidates.count == 1 else { return .choose(page: address, candidates) }
        return .found(try feed(at: candidates[0].url, namedBy: address, clock: clock))
    }

    /// The feed at `url`, which the page `page` named: it must answer and parse.
    private func feed(at url: URL, namedBy page: URL, clock: Deadline) throws(BuildError) -> Found {
        guard clock.remaining > 0 else {
            throw BuildError("the feed \(url.absoluteString) that \(page.absoluteString) names was not asked: \(Deadline.ranOut(deadline))")
        }
        let exchange = clock.fetcher().exchange(url)
        switch exchange.result {
        case .failure(let error):
            throw BuildError("the feed \(url.absoluteString) that \(page.absoluteString) names: \(error.description)")
        case .success(let document):
            do {
                return Found(address: exchange.permanentRedirect ?? url, fetchedFrom: document.url, document: document, feed: try parse(document))
            } catch {
                throw BuildError("the feed \(url.absoluteString) that \(page.absoluteString) names does not parse: \(error.message)")
            }
        }
    }

    /// The first of the usual paths on the page's host that answers with a feed, asked while the
    /// deadline lasts; else an error naming the paths that timed out and those never asked.
    private func usualPath(from pageURL: URL, page: URL, clock: Deadline) throws(BuildError) -> Found {
        var tries = UsualPathTries()
        for path in Self.usualPaths {
            guard let url = URL(string: path, relativeTo: pageURL)?.absoluteURL else { continue }
            guard clock.remaining > 0 else {
                tries.notAsked.append(path)
                continue
            }
            let requestFetcher = clock.fetcher()
            let exchange = requestFetcher.exchange(url)
            switch exchange.result {
            case .failure(.timedOut):
                if requestFetcher.deadline < fetcher.deadline { tries.cutOff.append(path) } else { tries.timedOut.append(path) }
            case .failure: tries.other.append(path)
            case .success(let document):
                guard let feed = try? parse(document) else {
                    tries.other.append(path)
                    continue
                }
                return Found(address: exchange.permanentRedirect ?? url, fetchedFrom: document.url, document: document, feed: feed)
            }
        }
        let host = pageURL.host.map { " on \($0)" } ?? ""
        let start = "\(page.absoluteString) is a web page that names no feed (no <link rel=\"alternate\"> of a feed type), and "
        guard let what = tries.whatHappened(timeout: fetcher.deadline, deadline: deadline) else {
            throw BuildError(start + "none of \(Self.usualPaths.joined(separator: ", "))\(host) is one; give the feed's own address")
        }
        throw BuildError(start + "no usual feed path\(host) gave one: \(what); give the feed's own address")
    }

    private func parse(_ document: FetchedDocument) throws(FeedParseError) -> ParsedFeed {
        try ParseSandbox.shared.feed(document.data, baseURL: document.baseURL.absoluteString, contentType: document.contentType,
                                     maxBytes: maxBytes, seconds: Int(fetcher.deadline.rounded(.up)))
    }

    /// A page by its `Content-Type`, or, without one, by how its text starts.
    static func isHTML(_ document: FetchedDocument) -> Bool {
        if let type = document.contentType?.lowercased() {
            if type.hasPrefix("text/html") || type.hasPrefix("application/xhtml+xml") { return true }
            if !type.hasPrefix("text/plain"), !type.hasPrefix("application/octet-stream") { return false }
        }
        let head = String(decoding: document.data.prefix(1024), as: UTF8.self).lowercased()
        let start = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html") || head.contains("<html")
    }

    /// The page's alternate links of a feed type, resolved, without repeats, in page order.
    static func alternates(in document: FetchedDocument) -> [Candidate] {
        let bytes = [UInt8](document.data)
        var scanner = TagScanner(bytes, rawTextElements: PageReferenceScanner.rawTextElements)
        var base = document.url
        var found: [Candidate] = []
        // What is already in `found`: a page of 100,000 alternates is checked in one pass, not pairwise.
        var seen: Set<URL> = []
        func value(_ tag: TagScanner.Tag, _ name: String) -> String? {
            tag.attributes.first { $0.name == name }?.valueRange.map { PageReferenceScanner.text(of: $0, in: bytes) }
        }
        var sawBase = false
        while let tag = scanner.nextTag() {
            if tag.name == "base", !sawBase, let href = value(tag, "href"), let resolved = URL(string: href, relativeTo: document.url)?.absoluteURL {
                base = resolved
                sawBase = true
            }
            guard tag.name == "link", let rel = value(tag, "rel"),
                  rel.lowercased().split(whereSeparator: \.isWhitespace).contains("alternate"),
                  let type = value(tag, "type").map({ $0.split(separator: ";").first.map(String.init) ?? $0 })?
                      .trimmingCharacters(in: .whitespaces).lowercased(), feedTypes.contains(type),
                  let href = value(tag, "href"), !href.isEmpty,
                  let url = URL(string: href, relativeTo: base)?.absoluteURL,
                  let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil,
                  seen.insert(url).inserted else { continue }
            let title = SourceText.nonBlank(value(tag, "title"))
            found.append(Candidate(url: url, title: title, type: type))
        }
        return found
    }
}

private extension Result where Failure == FeedParseError {
    /// Why the parse failed, as a message; empty for a success.
    var failureReason: String {
        if case .failure(let error) = self { return "as a feed: \(error.message)" }
        return ""
    }
}
