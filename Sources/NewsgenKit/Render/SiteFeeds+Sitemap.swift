import Foundation
import NewsgenModel

extension SiteFeeds {
    /// The most URLs one sitemap may list (sitemaps.org): a longer one is
    /// refused as a whole by search engines, so the first this many pages are listed.
    static let sitemapLimit = 50_000

    /// `/sitemap.xml`: every page route given, once, in the order given, with
    /// its absolute URL and `lastmod` (see `PageDates`). Nil without a baseURL:
    /// a sitemap's `<loc>` must be absolute, so without one there is no sitemap.
    static func sitemap(_ input: RenderInput, pageRoutes: [Route]) -> String? {
        guard input.config.baseURL != nil else { return nil }
        let dates = PageDates(input)
        var seen = Set<Route>()
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
        ]
        for route in pageRoutes where route.isPage && seen.count < sitemapLimit && seen.insert(route).inserted {
            guard let loc = absolute(route, input.config) else { continue }
            let lastmod = dates.date(of: route).map { "<lastmod>\(w3cDateTime($0))</lastmod>" } ?? ""
            lines.append("  <url><loc>\(AtomFeed.escape(loc))</loc>\(lastmod)</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A W3C date-time in UTC to the second (`2026-11-28T14:05:00Z`).
    static func w3cDateTime(_ date: Date) -> String {
        RFC3339.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    /// The newest date of what each page shows, for `<lastmod>`: an article page
    /// its article's last change; a list page (home, a source, a tag, bookmarks)
    /// the newest of the articles on it, paginated as the renderer does
    /// (`pageSize`, listed articles newest first; bookmarks newest first, each
    /// dated by when it was bookmarked or its article changed, the later); a page
    /// without dates of its own (sources, search, an empty list) the site's newest.
    struct PageDates {
        let pageSize: Int
        let home: [Date?]
        let bySource: [String: [Date?]]
        let byTag: [String: [Date?]]
        let bookmarks: [Date?]
        let articles: [String: Date]
        let site: Date?

        init(_ input: RenderInput) {
            pageSize = max(1, input.config.pageSize)
            let listed = input.listedArticles.map(\.article)
            home = listed.map(lastChange)
            var bySource: [String: [Date?]] = [:]
            var byTag: [String: [Date?]] = [:]
            for article in listed {
                bySource[article.sourceID, default: []].append(lastChange(article))
                for slug in Set(article.tags.map(SafeName.tagSlug)) {
                    byTag[slug, default: []].append(lastChange(article))
                }
            }
            self.bySource = bySource
            self.byTag = byTag
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
            case .home(let page): own = newest(home, page: page)
            case .source(let id, let page): own = newest(bySource[id] ?? [], page: page)
            case .tag(let slug, let page): own = newest(byTag[slug] ?? [], page: page)
            case .bookmarks(let page): own = newest(bookmarks, page: page)
            default: own = nil
            }
            return own ?? site
        }

        private func newest(_ dates: [Date?], page: Int) -> Date? {
            let (skipped, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: pageSize)
            guard !overflow else { return nil }
            return dates.dropFirst(skipped).prefix(pageSize).compactMap { $0 }.max()
        }
    }
}
