import Foundation
import NewsgenFeeds
import NewsgenModel

/// `newsgen inspect`: read one feed from a file or an http(s) URL, parse it
/// and show it as JSON Feed 1.1 — what newsgen understood of a feed, before
/// any identity, archive or rendering.
public struct Inspector: Sendable {
    /// Downloads `http`/`https` sources; swapped in tests.
    public var fetcher: HTTPFetcher
    /// The parser's input limit (and the download limit).
    public var maxBytes: Int

    /// An inspector with the defaults `newsgen inspect` uses: a 30-second
    /// deadline and the parser's 20 MB limit.
    public init(fetcher: HTTPFetcher = HTTPFetcher(), maxBytes: Int = FeedParser.defaultMaxBytes) {
        self.fetcher = fetcher
        self.maxBytes = maxBytes
    }

    /// Reads and parses `source` (a path, relative to `currentDirectory`, or a URL).
    /// - Parameter contentType: Stands in for the HTTP `Content-Type` header a
    ///   file lacks; for a URL it overrides the header the server sent.
    public func parse(_ source: String, contentType: String? = nil, currentDirectory: URL) throws(InspectError) -> ParsedFeed {
        let loaded = try load(source, currentDirectory: currentDirectory)
        let feed: ParsedFeed
        do {
            feed = try ParseSandbox.shared.feed(loaded.data, baseURL: loaded.baseURL, contentType: contentType ?? loaded.contentType,
                                                maxBytes: maxBytes, seconds: Int(fetcher.deadline.rounded(.up)))
        } catch {
            // `FILE:LINE:COLUMN: reason` when the problem has a place.
            throw error.line > 0 ? InspectError(source: "\(source):\(error.line):\(error.column)", error.message)
                                 : InspectError(source: source, error.description)
        }
        guard let language = loaded.contentLanguage else { return feed }
        return feed.withDefaultLanguage(language)
    }

    /// `parse`, as the JSON text `newsgen inspect` prints.
    public func inspect(_ source: String, contentType: String? = nil, currentDirectory: URL) throws(InspectError) -> String {
        JSONFeed(try parse(source, contentType: contentType, currentDirectory: currentDirectory)).jsonText
    }

    /// The document's bytes and what stands in for HTTP metadata.
    private struct Loaded {
        var data: Data
        /// The document's address for relative links; nil for a file, whose links
        /// resolve against the feed's own link, as in `newsgen build`.
        var baseURL: String?
        var contentType: String?
        var contentLanguage: String?
    }

    private func load(_ source: String, currentDirectory: URL) throws(InspectError) -> Loaded {
        switch try InspectedSource.parse(source, currentDirectory: currentDirectory) {
        case .url(let url):
            var fetcher = self.fetcher
            fetcher.maxBytes = min(fetcher.maxBytes, maxBytes)
            do {
                let document = try fetcher.fetch(url)
                let language = document.contentLanguage?.split(separator: ",").first
                    .map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
                return Loaded(data: document.data, baseURL: document.baseURL.absoluteString,
                              contentType: document.contentType, contentLanguage: language)
            } catch {
                throw InspectError(source: source, error.description)
            }
        case .file(let file):
            return Loaded(data: try InspectedSource.read(file, source: source, limit: maxBytes, kind: "a feed file"), baseURL: nil)
        }
    }

    /// The lowercased scheme when `source` looks like `scheme://…`; nil for a path.
    static func urlScheme(of source: String) -> String? {
        guard let separator = source.range(of: "://") else { return nil }
        let scheme = source[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }
}
