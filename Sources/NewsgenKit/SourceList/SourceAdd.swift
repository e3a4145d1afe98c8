import Foundation
import NewsgenHTML
import NewsgenModel

/// `newsgen source add URL`, without the terminal, in two steps: `discover` fetches and
/// parses (no lock, since it waits on the network), then `commit`, under the build lock, reads
/// site.json afresh, refuses a duplicate, adds the source and stores what was fetched.
public enum SourceAdd {
    /// What was asked on the command line.
    public struct Request: Equatable, Sendable {
        public var url: String
        public var id: String?
        public var title: String?
        public var fullText: FullTextMode?
        /// 1-based, among the feeds a page names.
        public var pick: Int?

        public init(url: String, id: String? = nil, title: String? = nil, fullText: FullTextMode? = nil, pick: Int? = nil) {
            self.url = url
            self.id = id
            self.title = title
            self.fullText = fullText
            self.pick = pick
        }
    }

    /// A feed found and parsed, waiting for `commit`; or the page's feeds to choose from.
    public enum Discovered: Sendable {
        case feed(Found)
        /// The list to print (numbered) and the `--pick` hint: nothing was added.
        case choose(String)
        /// An argument the user must fix (a URL without `https://`, a `--pick` past the page's feeds):
        /// the sentence to print as a usage error; nothing was added.
        case misuse(String)
    }

    /// One feed, fetched and parsed, not yet added.
    public struct Found: Sendable {
        let found: FeedDiscovery.Found
        let request: Request
    }

    /// The most feeds of one page listed: a page naming thousands is hostile or broken, and --pick still reaches the rest.
    static let maxListed = 30

    /// Fetches `request.url` with the site's fetch settings and finds its feed.
    public static func discover(_ request: Request, site: Site, network: Network) throws(BuildError) -> Discovered {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            let suggestion = MissingScheme.suggestion(for: request.url).map { "; did you mean \($0)?" } ?? ""
            return .misuse("source add needs an absolute http or https URL, not '\(request.url)'\(suggestion)")
        }
        try checkRequestedID(request, config: site.config)
        try checkRoom(request, config: site.config)
        let fetch = site.config.fetch
        let discovery = FeedDiscovery(fetcher: network.feedFetcher(fetch),
                                      maxBytes: fetch.maxFeedMB * 1_048_576,
                                      deadline: FeedDiscovery.overallDeadline(timeoutSeconds: fetch.timeoutSeconds))
        switch try discovery.discover(url, pick: request.pick) {
        case .found(let found): return .feed(Found(found: found, request: request))
        case .choose(let page, let candidates):
            var lines = ["\(page.absoluteString) offers \(candidates.count) feeds:"]
            for (number, candidate) in candidates.enumerated().prefix(maxListed) {
                let title = candidate.title.map { "\"\($0)\" " } ?? ""
                lines.append("  \(number + 1). \(title)\(candidate.url.absoluteString) (\(candidate.type))")
            }
            if candidates.count > maxListed { lines.append("  … and \(candidates.count - maxListed) more (--pick takes any of them)") }
            lines.append("Nothing was added. Run again with --pick N to add one, e.g. 'newsgen source add \(request.url) --pick 1'.")
            return .choose(lines.joined(separator: "\n"))
        case .pickOutOfRange(let page, let count):
            let range = count == 1 ? "one feed, so --pick can only be 1" : "\(count) feeds, so --pick takes a number from 1 to \(count)"
            return .misuse("--pick \(request.pick ?? 0): the page \(page.absoluteString) offers \(range); nothing was added")
        }
    }

    /// Adds the feed to site.json and its articles to the archive; returns what to print. Hold the build lock.
    public static func commit(_ discovered: Found, site: Site, now: Date) throws(BuildError) -> String {
        let (found, request) = (discovered.found, discovered.request)
        let file = SourceListFile(site: site)
        let (editor, config) = try file.read()
        if let existing = config.sources.first(where: { source in
            [found.address, found.fetchedFrom].contains { SourceAddress.same(source.address, $0.absoluteString) }
        }) {
            throw BuildError("\(found.address.absoluteString) is already a source: '\(existing.id)' (\(existing.address)); nothing was added")
        }
        try checkRequestedID(request, config: config)
        try checkRoom(request, config: config)
        let title = SourceText.nonBlank(request.title) ?? SourceText.nonBlank(found.feed.title?.plainText)
        let archived = Set(try site.archiveStore.load().articlesBySource.keys)
        let id = request.id ?? SourceID.derive(from: title ?? found.address.host ?? "", taken: Set(config.sources.map(\.id)).union(archived))
        var source = SourceConfig(id: id, title: title, location: .url(found.address))
        source.fullText = request.fullText
        // A feed of teasers gets full text (`auto`) unless asked otherwise, or its articles are archived as a sentence (ADR 056).
        let parse = SourceArchiving.parse(found.document, as: source, config: config)
        let teaser = SourceArchiving.isTeaserFeed(parse)
        let siteMode = config.extract.fullText
        if teaser, request.fullText == nil, siteMode == .never { source.fullText = .auto }
        let added = try file.write(editor.adding([source]))
        let stored: SourceArchiving.Stored
        do {
            stored = try SourceArchiving.store(parse, of: found.document, as: source, config: added, site: site, now: now)
        } catch {
            throw BuildError("added '\(id)' to site.json, but its articles could not be stored (\(error.description)); the next build fetches them")
        }
        var text = summary(source, found: found, stored: stored)
        if teaser { text += "\n" + teaserNote(source, asked: request.fullText, siteMode: siteMode) }
        return text
    }

    /// What `add` says about a feed of teasers: that full text was turned on, or that it stays off and what that costs.
    private static func teaserNote(_ source: SourceConfig, asked: FullTextMode?, siteMode: FullTextMode) -> String {
        let feed = "The feed gives only a teaser of each article (a sentence or two and a link)"
        switch (asked, source.fullText ?? siteMode) {
        case (nil, .auto) where siteMode == .never:
            return "\(feed), so full text is on for it (\"fullText\": \"auto\" in site.json): each build reads the articles' own pages, politely, "
                + "and keeps their text in the archive. To keep only the teasers: 'newsgen source set \(source.id) full-text never'."
        case (_, .never):
            return "warning: \(feed) and full text is off, so the archive keeps only the teasers. "
                + "To keep whole articles: '\(TeaserSources.command([source.id]))'."
        default:
            return "\(feed); full text is \(source.fullText ?? siteMode) for it, so each build reads the articles' own pages."
        }
    }

    /// What was added: id, title, format, items and the newest one's date, and where its articles are.
    private static func summary(_ source: SourceConfig, found: FeedDiscovery.Found, stored: SourceArchiving.Stored) -> String {
        let items = found.feed.items
        let newest = items.compactMap { $0.published ?? $0.updated }.max()
        var lines = ["Added source '\(source.id)' to site.json:"]
        lines.append("  title:  \(source.title ?? "(none: the feed has no title)")")
        lines.append("  feed:   \(source.address) (\(found.feed.format.displayName))")
        lines.append("  items:  \(Wording.counted(items.count, "item"))" + (newest.map { ", newest \(RFC3339.string(from: $0))" } ?? ""))
        for warning in stored.parse.warnings { lines.append("  warning: \(warning.description)") }
        lines.append("Stored \(Wording.counted(stored.archived, "article")) in the archive: the next 'newsgen build' (even --offline) shows them.")
        return lines.joined(separator: "\n")
    }

    /// site.json must have room for one more source (`SourceLimit`); checked before fetching and again under the lock.
    private static func checkRoom(_ request: Request, config: SiteConfig) throws(BuildError) {
        try SourceLimit.check(adding: 1, to: config.sources.count, "adding \(request.url)", nothingDone: "nothing was added (remove one first)")
    }

    /// `--id` must be a valid, free id; checked before fetching and again under the lock.
    private static func checkRequestedID(_ request: Request, config: SiteConfig) throws(BuildError) {
        guard let id = request.id else { return }
        try SourceID.check(id)
        if let existing = config.sources.first(where: { $0.id == id }) {
            throw BuildError("--id \(id): there is already a source '\(id)' (\(existing.address)); nothing was added")
        }
    }
}
