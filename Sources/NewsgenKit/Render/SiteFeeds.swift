import Foundation
import NewsgenHTML
import NewsgenModel

/// The site's feeds out: `/feed.xml` (Atom 1.0), `/feed.json` (JSON Feed 1.1),
/// `/sitemap.xml` (sitemaps.org 0.9, an index of parts past 50,000 pages) and `/sources.opml` (OPML 2.0), made from
/// the same `RenderInput` as the pages and as pure as they are: no clock (a
/// feed is dated by its newest article), no disk, the same bytes for the same input.
///
/// Links follow PRODUCT.md: absolute URLs built on `baseURL` where a format
/// needs them. Without a baseURL the two feeds link relative to their own
/// address (both live at the site root, so a reader resolves them against the
/// URL it fetched), and the sitemap, which only absolute URLs can make, is not
/// written at all.
enum SiteFeeds {
    /// How many of the newest listed articles the feeds carry: a day or more of
    /// news for a reader that polls hourly, and within JSON Feed's advice that
    /// "under 100K is ideal, and 250K is fine" for typical articles.
    static let feedLength = 50

    /// What an undated feed or entry is dated by: never the clock, so a rebuild
    /// of the same archive gives the same bytes.
    static let undated = Date(timeIntervalSince1970: 0)

    /// Every feed-out file of the site. `pageRoutes` are the page routes the
    /// renderer produced (the sitemap lists exactly those).
    static func files(for input: RenderInput, pageRoutes: [Route]) -> [OutputFile] {
        var files = [
            OutputFile(route: .atomFeed, data: Data(atomFeed(input).xml().utf8)),
            OutputFile(route: .jsonFeed, data: Data((jsonFeed(input).jsonText + "\n").utf8)),
        ]
        files += sitemapFiles(input, pageRoutes: pageRoutes)
        files.append(OutputFile(route: .opml, data: Data(opml(input).utf8)))
        return files
    }

    /// The articles both feeds carry: the newest listed ones (cross-source duplicates left out, as in lists).
    static func feedArticles(_ input: RenderInput) -> ArraySlice<PreparedArticle> {
        input.listedArticles.prefix(feedLength)
    }

    /// `route` as a feed at `feed` links it: absolute with a baseURL, else relative to the feed.
    static func link(_ route: Route, from feed: Route, _ config: SiteConfig) -> String {
        absolute(route, config) ?? route.relativeLink(from: feed)
    }

    /// `route` as an absolute URL on the baseURL; nil without one.
    static func absolute(_ route: Route, _ config: SiteConfig) -> String? {
        config.baseURL.map { $0 + route.path.dropFirst() }
    }

    /// A permanent id for an article's entry or item: its page's URL with a baseURL,
    /// else a URN on the article id, which is just as stable.
    static func entryID(_ article: Article, _ config: SiteConfig) -> String {
        absolute(.article(slug: article.slug), config) ?? "urn:newsgen:article:\(article.id)"
    }

    /// When an article last changed: its update, else its publication; the later
    /// of the two should a feed have dated its update before its publication.
    static func lastChange(_ article: Article) -> Date? {
        [article.published, article.updated].compactMap { $0 }.max()
    }

    /// The byline a feed shows: the article's author, else its source's title.
    static func author(_ article: Article, _ input: RenderInput) -> String? {
        nonBlank(article.author) ?? nonBlank(input.sources[article.sourceID]?.title)
    }

    /// An article's tags for a feed: blank ones dropped, each once, in their order.
    static func tags(_ article: Article) -> [String] {
        var seen = Set<String>()
        return article.tags.filter { nonBlank($0) != nil && seen.insert($0).inserted }
    }

    /// `text` unless it is missing or only whitespace.
    static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}
