import Foundation

/// `site.json`, version 1 (PRODUCT.md), with every default filled in.
public struct SiteConfig: Sendable, Equatable {
    public var version: Int = 1
    public var title: String
    /// Absolute, ending with `/`; nil when the site has none (feeds then carry relative links).
    public var baseURL: String?
    public var language: String = "en"
    public var timeZone: String = "UTC"
    public var pageSize: Int = 20
    public var sources: [SourceConfig]
    /// Folder of Markdown articles, relative to the site folder.
    public var articles: String = "content/articles"
    /// Folder copied into the output as is.
    public var staticDirectory: String = "static"
    public var archive = ArchiveConfig()
    /// The bookmark manifest, relative to the site folder.
    public var bookmarks: String = "bookmarks.json"
    public var imageCache = ImageCacheConfig()
    public var fetch = FetchConfig()
    public var embeds = EmbedsConfig()
    public var extract = ExtractConfig()

    public init(title: String, sources: [SourceConfig]) {
        self.title = title
        self.sources = sources
    }
}

/// One feed of site.json: fetched from its `url` or read from its `path`, never both
/// (`SourceLocation`), so no code has two optionals to test.
public struct SourceConfig: Sendable, Equatable {
    public var id: String
    public var title: String?
    public var location: SourceLocation
    /// The location as site.json writes it: the path, or the url's own text. `URL`
    /// percent-encodes what it parses (a space, a letter outside ASCII), while messages,
    /// state.json, the sources page and the OPML file show the text the user wrote.
    public var address: String
    /// When the articles' own pages are read for their full text; nil takes `extract.fullText`.
    public var fullText: FullTextMode?
    /// Which element of its pages is the article and which blocks go (`fullText` written as an object); nil when none.
    public var rules: FullTextRules?
    /// The folder a feed reader filed it in (`source import` takes it from the OPML outline it sat
    /// in): shown on `/sources/` and kept as a folder in `/sources.opml`; no pages are made from it.
    public var category: String?

    /// A source at `location`; `address` defaults to the location's own text.
    public init(id: String, title: String? = nil, location: SourceLocation, address: String? = nil) {
        self.id = id
        self.title = title
        self.location = location
        self.address = address ?? location.text
    }

    /// True for a source fetched over the network.
    public var isURL: Bool {
        if case .url = location { return true }
        return false
    }
}

public struct ArchiveConfig: Sendable, Equatable {
    public var path: String = "content/archive"
    public var keepDays: Int?
    public var keepPerSource: Int?
    public init() {}
}

public struct ImageCacheConfig: Sendable, Equatable {
    public var memoryMB: Int = 50
    public var diskMB: Int = 200
    public var directory: String = ".newsgen/cache/images"
    public var maxImageMB: Int = 10
    public init() {}
}

public struct FetchConfig: Sendable, Equatable {
    public var concurrency: Int = 8
    public var timeoutSeconds: Int = 20
    public var retries: Int = 2
    public var maxFeedMB: Int = 20
    /// The most items one feed contributes to a build: the newest by date are
    /// taken and the rest dropped with a warning, so a feed of 100,000 items
    /// cannot make 100,000 pages (Miniflux-style readers cap the same way).
    public var maxItemsPerFeed: Int = 1_000
    public var userAgentContact: String?
    public init() {}
}

/// `embeds`: the hosts whose `<iframe>` embeds (video players) survive the
/// sanitizer, sandboxed and https only, and which the pages' Content-Security-Policy
/// allows as frame sources. Empty by default: no embeds at all.
public struct EmbedsConfig: Sendable, Equatable {
    /// Bare host names, lowercased, without repeats; each also covers its subdomains.
    public var allow: [String] = []
    public init() {}
}

/// When an article's own page is fetched for its full text (issue 17).
public enum FullTextMode: String, Sendable, Equatable, CaseIterable {
    /// The feed's text is all there is.
    case never
    /// Only for items that carry no content, only their summary, or fewer than `FullTextMode.shortWords` words.
    case auto
    /// For every item with a link.
    case always

    /// Below this many words an item's content counts as a teaser for `auto` (about two paragraphs).
    public static let shortWords = 150
}

/// `extract`: the site's full-text default and how politely article pages are fetched.
public struct ExtractConfig: Sendable, Equatable {
    /// The default of every source's `fullText`.
    public var fullText: FullTextMode = .never
    /// The least time between the end of one request to a host and the start of the next.
    public var perHostDelaySeconds: Double = 2
    /// Requests to one host at a time.
    public var perHostConcurrency: Int = 1
    /// The largest page read, after decompression.
    public var maxPageMB: Int = 5
    /// Pages fetched in one build at most; the rest wait for the next.
    public var maxPerBuild: Int = 200
    /// Seconds of fetching pages in one build at most; the rest wait for the next.
    public var maxSecondsPerBuild: Int = 120
    /// Seconds for one page's whole exchange, redirects included: a page that drips forever is cut
    /// off here (inside the 10 s a hostile input may take), and 200 pages cannot hold a build for `fetch.timeoutSeconds` each.
    public var timeoutSeconds: Int = 8
    /// Honour robots.txt for newsgen's user agent.
    public var robots: Bool = true
    /// Pages saved by hand (or for an offline sample), read instead of fetched: `<folder>/<host>/<path>`,
    /// relative to the site folder (ADR 025).
    public var savedPages: String = "content/saved-pages"
    public init() {}
}
