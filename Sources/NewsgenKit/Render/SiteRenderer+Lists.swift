import Foundation
import Mustache
import NewsgenModel

extension SiteRenderer {
    /// How one list (home, a source, a tag) is shown: its front page's template, title and own values,
    /// and what its month pages call it (ADR 028).
    struct ListShape {
        var list: ArticleList
        var articles: [PreparedArticle]
        /// The front page's template (`home`, `source`, `tag`) and title.
        var template: String
        var title: String
        /// The list's name on its month pages (`All articles`, the source's title, the tag's name), and its title there.
        var name: String
        var monthTitle: (YearMonth) -> String
        /// The front page's own values (the source's header, the tag), by the page's route.
        var values: @Sendable (Route) -> [String: MustacheValue] = { _ in [:] }
    }

    /// A list's pages: its front page (the newest `pageSize` articles and every month with its count),
    /// a page for each month with every article of that month, newest first, linking the newer and
    /// older month, and a redirect page for each numbered page the list had before ADR 028.
    /// A new article changes its month's page and the front page; the other months only when its month
    /// is new to the list (their newer/older links), since month pages show no count but their own.
    func listPages(_ shape: ListShape) -> [PageJob] {
        let articles = shape.articles
        let months = ListMonths(dates: articles.lazy.map(\.article.date)).months
        let list = shape.list
        let front = Route.front(of: list)
        let monthLinks = months.map { (month: $0.month, count: $0.positions.count) }
        let newest = Array(articles.prefix(max(1, input.config.pageSize)))
        let count = articles.count
        let frontValues = shape.values
        let frontPage = PageJob(template: shape.template, route: front, title: shape.title,
                                deferred: rows(of: articles, at: Array(newest.indices), from: front)) {
            var values = frontValues(front)
            values["isEmpty"] = .bool(newest.isEmpty)
            values["count"] = .int(count)
            values["shown"] = .int(newest.count)
            values["hasMore"] = .bool(count > newest.count)
            values["newestLabel"] = .string(context.strings.count("newestOf", count, ["shown": String(newest.count)]))
            values["months"] = Self.monthIndex(monthLinks, list: list, from: front, context.strings)
            values["archiveURL"] = .string(Route.archive.relativeLink(from: front))
            return values
        }
        let header = listHeader(shape)
        let monthPages = months.enumerated().map { index, month in
            let route = Route.month(list: list, month.month)
            let newer = index > 0 ? months[index - 1].month : nil
            let older = index + 1 < months.count ? months[index + 1].month : nil
            return PageJob(template: "month", route: route, title: shape.monthTitle(month.month),
                           deferred: rows(of: articles, at: month.positions, from: route)) {
                var values: [String: MustacheValue] = [
                    "list": header(route),
                    "month": Self.monthValue(month.month, count: month.positions.count, list: list, from: route, context.strings),
                ]
                values["newer"] = newer.map { Self.monthValue($0, count: nil, list: list, from: route, context.strings) }
                values["older"] = older.map { Self.monthValue($0, count: nil, list: list, from: route, context.strings) }
                values["hasNeighbours"] = .bool(newer != nil || older != nil)
                return values
            }
        }
        return [frontPage] + monthPages + legacyPages(list, count: count)
    }

    /// A list page's `articles`: a row of each, made only when the page is rendered; their row digests
    /// stand for them in its key (ADR 033). By positions in the list, as `ListMonths` gives them, rather
    /// than a copy of its articles.
    private func rows(of articles: [PreparedArticle], at positions: [Int], from route: Route) -> DeferredValues {
        DeferredValues(digests: { [digests] in positions.map { digests[articles[$0].article.id]?.row ?? 0 } },
                       make: { [context] in ["articles": .list(positions.map { context.row(articles[$0], from: route) })] })
    }

    /// `/archive/`: every month of the home list with its count, grouped by year, newest first.
    func archivePage() -> PageJob {
        let months = ListMonths(dates: listed.lazy.map(\.article.date)).months.map { (month: $0.month, count: $0.positions.count) }
        let count = listed.count
        return PageJob(template: "archive", route: .archive, title: context.strings.text("archiveTitle")) { [context] in
            ["months": Self.monthIndex(months, list: .home, from: .archive, context.strings), "count": .int(count),
             "countLabel": .string(context.articles(count)), "isEmpty": .bool(months.isEmpty)]
        }
    }

    /// Pages 2… of the list as the numbered pagination before ADR 028 had them for its `count` articles, each
    /// sending the reader to a fixed place: `/archive/` for the home list, the front page (with its months) for
    /// a source's or a tag's. Fixed, so a redirect page never changes when articles arrive.
    private func legacyPages(_ list: ArticleList, count: Int) -> [PageJob] {
        let pageCount = Pagination(pageSize: input.config.pageSize).pageCount(of: count)
        guard pageCount >= 2 else { return [] }
        let target = Self.legacyTarget(of: list)
        return (2...pageCount).map { page in
            let route = Route.legacyPage(list: list, page: page)
            var job = PageJob(template: "redirect", route: route, title: context.strings.text("movedTitle")) { [context] in
                let link = target.relativeLink(from: route)
                return ["redirect": .object(["url": .string(link), "canonicalURL": .string(context.absoluteURL(target) ?? link)])]
            }
            job.inLayout = false
            return job
        }
    }

    /// Where an old numbered page of `list` sends the reader.
    static func legacyTarget(of list: ArticleList) -> Route {
        list == .home ? .archive : .front(of: list)
    }

    /// The `list` of a month page: the list's name, kind and front page (and, for home, `/archive/`).
    private func listHeader(_ shape: ListShape) -> @Sendable (Route) -> MustacheValue {
        let list = shape.list, name = shape.name
        return { route in
            let front = Route.front(of: list)
            var value: [String: MustacheValue] = [
                "name": .string(name), "url": .string(front.relativeLink(from: route)),
                "isHome": .bool(list == .home), "isSource": .bool(front.isSource), "isTag": .bool(front.isTag),
            ]
            if list == .home { value["archiveURL"] = .string(Route.archive.relativeLink(from: route)) }
            return .object(value)
        }
    }

    /// `months` of a front page and `/archive/`: `years`, newest first, each with its `months`; `hasMonths`.
    static func monthIndex(_ months: [(month: YearMonth, count: Int)], list: ArticleList, from route: Route,
                           _ strings: ThemeStrings) -> MustacheValue {
        var years: [(year: Int, months: [MustacheValue])] = []
        for (month, count) in months {
            let value = monthValue(month, count: count, list: list, from: route, strings)
            if years.last?.year == month.year { years[years.count - 1].months.append(value) } else { years.append((month.year, [value])) }
        }
        return .object([
            "hasMonths": .bool(!months.isEmpty),
            "years": .list(years.map { .object(["year": .int($0.year), "months": .list($0.months)]) }),
        ])
    }

    /// One month: `name` ("November 2026"), `shortName` ("November"), `iso` ("2026-11"), `url`, and `count`
    /// and `countLabel` when given, in the words of `strings`.
    static func monthValue(_ month: YearMonth, count: Int?, list: ArticleList, from route: Route,
                           _ strings: ThemeStrings) -> MustacheValue {
        var value: [String: MustacheValue] = [
            "name": .string(strings.name(of: month)), "shortName": .string(strings.monthName(month.month)),
            "iso": .string(month.pathComponent.replacingOccurrences(of: "/", with: "-")),
            "url": .string(Route.month(list: list, month).relativeLink(from: route)),
        ]
        if let count {
            value["count"] = .int(count)
            value["countLabel"] = .string(strings.count("articles", count))
        }
        return .object(value)
    }
}
