import Foundation
import NewsgenModel

extension SiteFeeds {
    /// The most URLs one sitemap file may list (sitemaps.org; search engines refuse a longer one).
    /// A site with more pages gets an index at `/sitemap.xml` and its parts under `/sitemaps/`.
    static let sitemapLimit = 50_000

    /// `/sitemap.xml`: every page route given, once, in the order given, with its absolute URL and
    /// `lastmod` (see `PageDates`). With more than `limit` pages it is a sitemap index naming the
    /// parts `/sitemaps/1.xml`, `/sitemaps/2.xml`, … of `limit` URLs each, each part dated by its
    /// newest page. Empty without a baseURL: a sitemap's `<loc>` must be absolute.
    static func sitemapFiles(_ input: RenderInput, pageRoutes: [Route], limit: Int = sitemapLimit) -> [OutputFile] {
        guard input.config.baseURL != nil else { return [] }
        let dates = PageDates(input)
        var seen = Set<Route>()
        var entries: [(loc: String, lastmod: Date?)] = []
        for route in pageRoutes where route.isPage && seen.insert(route).inserted {
            guard let loc = absolute(route, input.config) else { continue }
            entries.append((loc, dates.date(of: route)))
        }
        let size = max(limit, 1)
        guard entries.count > size else {
            return [OutputFile(route: .sitemap, data: Data(urlset(entries[...]).utf8))]
        }
        var files: [OutputFile] = []
        var index = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#]
        for (offset, start) in stride(from: 0, to: entries.count, by: size).enumerated() {
            let part = entries[start..<min(start + size, entries.count)]
            let route = Route.sitemapPart(number: offset + 1)
            files.append(OutputFile(route: route, data: Data(urlset(part).utf8)))
            let lastmod = part.compactMap(\.lastmod).max().map { "<lastmod>\(w3cDateTime($0))</lastmod>" } ?? ""
            index.append("  <sitemap><loc>\(AtomFeed.escape(absolute(route, input.config) ?? route.path))</loc>\(lastmod)</sitemap>")
        }
        index.append("</sitemapindex>")
        return [OutputFile(route: .sitemap, data: Data((index.joined(separator: "\n") + "\n").utf8))] + files
    }

    /// One `<urlset>` document.
    private static func urlset(_ entries: ArraySlice<(loc: String, lastmod: Date?)>) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#]
        for entry in entries {
            let lastmod = entry.lastmod.map { "<lastmod>\(w3cDateTime($0))</lastmod>" } ?? ""
            lines.append("  <url><loc>\(AtomFeed.escape(entry.loc))</loc>\(lastmod)</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A W3C date-time in UTC to the second (`2026-11-28T14:05:00Z`).
    static func w3cDateTime(_ date: Date) -> String {
        RFC3339.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    /// The newest date of what each page shows, for `<lastmod>`: an article page
    /// its article's last change; a list's front page the newest of the articles on
    /// it (its newest `pageSize`), a month page the newest of its month's articles
    /// (`ListMonths`), `/archive/` the newest of the home list; bookmarks pages
    /// paginated as the renderer does (`Pagination`, newest bookmark first, each
    /// dated by when it was bookmarked or its article changed, the later); a page
    /// without dates of its own (sources, search, an empty list) the site's newest.
    struct PageDates {
        let pages: Pagination
        /// Each list's front page date, and each of its months' (ADR 028).
        let fronts: [ArticleList: Date]
        let months: [ArticleList: [YearMonth: Date]]
        let archive: Date?
        let bookmarks: [Date?]
        let articles: [String: Date]
        let site: Date?

        init(_ input: RenderInput) {
            pages = Pagination(pageSize: input.config.pageSize)
            let listed = input.listedArticles.map(\.article)
            // Each list as its articles' dates (the month) and last changes (the lastmod), not as articles.
            var lists: [ArticleList: [(date: Date?, change: Date?)]] = [.home: listed.map { ($0.date, lastChange($0)) }]
            var slugs: [String: String] = [:]  // ASCII spellings' slugs, made once (`TagIndex.isASCII`)
            func slug(_ tag: String) -> String {
                guard TagIndex.isASCII(tag) else { return SafeName.tagSlug(tag) }
                if let known = slugs[tag] { return known }
                let made = SafeName.tagSlug(tag)
                slugs[tag] = made
                return made
            }
            for article in listed {
                let dates = (date: article.date, change: lastChange(article))
                lists[.source(id: article.sourceID), default: []].append(dates)
                for slug in Set(article.tags.map(slug)) {
                    lists[.tag(slug: slug), default: []].append(dates)
                }
            }
            var fronts: [ArticleList: Date] = [:], months: [ArticleList: [YearMonth: Date]] = [:]
            for (list, dates) in lists {
                fronts[list] = dates.prefix(pages.size).compactMap(\.change).max()
                months[list] = Dictionary(ListMonths(dates: dates.lazy.map(\.date)).months.compactMap { month in
                    month.positions.compactMap { dates[$0].change }.max().map { (month.month, $0) }
                }, uniquingKeysWith: { first, _ in first })
            }
            self.fronts = fronts
            self.months = months
            archive = listed.compactMap(lastChange).max()
            var articles: [String: Date] = [:]
            var byID: [String: Date] = [:]
            for prepared in input.articles {
                guard let date = lastChange(prepared.article) else { continue }
                if articles[prepared.article.slug] == nil { articles[prepared.article.slug] = date }
                if byID[prepared.article.id] == nil { byID[prepared.article.id] = date }
            }
            self.articles = articles
            bookmarks = input.bookmarks.newestFirst.map { bookmark in max(bookmark.added, byID[bookmark.id] ?? bookmark.added) }
            site = input.articles.compactMap { lastChange($0.article) }.max()
        }

        /// The page's date, else the site's newest; nil only for a site without a dated article.
        func date(of route: Route) -> Date? {
            let own: Date?
            switch route {
            case .article(let slug): own = articles[slug]
            case .home: own = fronts[.home]
            case .source(let id): own = fronts[.source(id: id)]
            case .tag(let slug): own = fronts[.tag(slug: slug)]
            case .archive: own = archive
            case .month(let list, let month): own = months[list]?[month]
            case .bookmarks(let page): own = pages.items(of: bookmarks, page: page).compactMap { $0 }.max()
            default: own = nil
            }
            return own ?? site
        }
    }
}
