import Foundation
import Mustache
import NewsgenHTML
import NewsgenModel

/// Builds the values templates receive (docs/templates.md lists them). Every
/// link is computed from two routes, so pages link relatively. Text values
/// are plain text, escaped by `{{…}}`; links that come from feeds or the
/// bookmark manifest are passed only when they are absolute http(s) URLs, since
/// escaping alone would let `javascript:` through an `href`.
struct PageContext {
    let config: SiteConfig
    let sources: [String: SourceInfo]
    /// Pages name the site's own `favicon.ico` (`RenderInput.ownFavicon`).
    let ownFavicon: Bool
    let bookmarks: [String: Bookmark]
    let dates: DateDisplay
    /// The theme's words in the site's language, and their `{{strings}}` value, made once.
    let strings: ThemeStrings
    private let stringsValue: MustacheValue
    /// The same for every page: computed once from the configuration.
    let contentSecurityPolicy: String
    /// The tag pages, so tags link only to pages that exist.
    let tags: TagIndex
    /// The source pages, so source names link only to pages that exist.
    let sourcePages: SourceCatalog
    /// Each article's tags as pages show them (`TagIndex.tags(of:)`), made once: a row is rendered on several pages.
    private let articleTags: [String: [(slug: String, name: String)]]
    /// What rows and article pages repeat, made once rather than for each of the pages an article is on:
    /// an article page's path by slug, a date's value, each tag page's path by slug, each source's
    /// values (all but `pageURL`) and its page's path by id (`source(_:from:)`).
    private let articlePaths: [String: String]
    private let articleDates: [Date: MustacheValue]
    private let tagPaths: [String: String]
    private let sourceValues: [String: (fields: [String: MustacheValue], pagePath: String?)]
    /// Each source's values and page path hashed, for the article digests (`rowDigest`, `pageDigest`).
    private let sourceDigests: [String: UInt64]

    init(_ input: RenderInput, tags: TagIndex, sourcePages: SourceCatalog,
         articleTags: [String: [(slug: String, name: String)]]? = nil) {
        config = input.config
        sources = input.sources
        ownFavicon = input.ownFavicon
        bookmarks = Dictionary(input.bookmarks.bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        strings = input.templates.strings
        stringsValue = strings.templateValue
        let dates = DateDisplay(timeZone: TimeZone(identifier: input.config.timeZone) ?? TimeZone(identifier: "UTC")!, strings: strings,
                                now: input.now)
        self.dates = dates
        contentSecurityPolicy = ContentSecurityPolicy.make(embedHosts: input.config.embeds.allow)
        self.tags = tags
        self.sourcePages = sourcePages
        self.articleTags = articleTags ?? TagIndex.tagsByArticle(input.articles)
        var paths: [String: String] = [:], articleDates: [Date: MustacheValue] = [:]
        paths.reserveCapacity(input.articles.count)
        articleDates.reserveCapacity(input.articles.count)
        for prepared in input.articles {
            if paths[prepared.article.slug] == nil { paths[prepared.article.slug] = Route.article(slug: prepared.article.slug).path }
            if let date = prepared.article.date, articleDates[date] == nil { articleDates[date] = Self.date(date, dates) }
        }
        articlePaths = paths
        self.articleDates = articleDates
        tagPaths = Dictionary(tags.tags.map { ($0.slug, Route.tag(slug: $0.slug).path) }, uniquingKeysWith: { first, _ in first })
        var sourceValues: [String: (fields: [String: MustacheValue], pagePath: String?)] = [:]
        for id in Set(input.articles.map(\.article.sourceID)) {
            sourceValues[id] = Self.sourceValues(id, sources: input.sources, sourcePages: sourcePages)
        }
        self.sourceValues = sourceValues
        sourceDigests = sourceValues.mapValues(Self.sourceDigest)
    }

    /// The link from `route` (whose path is `fromPath`) to the article `prepared`'s page.
    private func articleLink(_ article: Article, from fromPath: String) -> String {
        Route.relativeLink(toPath: articlePaths[article.slug] ?? Route.article(slug: article.slug).path, fromPath: fromPath)
    }

    /// The values every page shares, merged with the page's own.
    func page(_ route: Route, title: String, description: String? = nil, _ values: [String: MustacheValue]) -> MustacheValue {
        var flags: [String: MustacheValue] = [
            "isHome": .bool(route.isHome),
            "isArticle": .bool(route.isArticle),
            "isBookmarks": .bool(route.isBookmarks),
            "isSources": .bool(route.isSources),
            "isSource": .bool(route.isSource),
            "isTag": .bool(route.isTag),
            "isSearch": .bool(route.isSearch),
            "isArchive": .bool(route == .archive),
            "isMonth": .bool(route.isMonth),
            "isNotFound": false,
        ]
        flags["description"] = description.map(MustacheValue.string)
        flags["canonicalURL"] = absoluteURL(route).map(MustacheValue.string)
        let fromPath = route.path
        return shared(title: title, documentTitle: route == .home ? config.title : "\(title) · \(config.title)",
                      page: flags, link: { Route.relativeLink(toPath: $0.path, fromPath: fromPath) }, values)
    }

    /// The values of `404.html`, which a server shows at whatever URL was asked for, at any depth:
    /// its links are absolute on `baseURL` when there is one, else root-relative (`/sources/`),
    /// the one place the site does not link relatively (docs/templates.md).
    func notFoundPage(title: String, _ values: [String: MustacheValue]) -> MustacheValue {
        let flags: [String: MustacheValue] = [
            "isHome": false, "isArticle": false, "isBookmarks": false, "isSources": false, "isSource": false,
            "isTag": false, "isSearch": false, "isArchive": false, "isMonth": false, "isNotFound": true,
        ]
        return shared(title: title, documentTitle: "\(title) · \(config.title)", page: flags, link: notFoundLink, values)
    }

    /// A link from `404.html`, which a server shows at any depth: root-relative, under the path of
    /// `baseURL` (`/news/assets/style.css` for `https://example.org/news/`). Never the origin itself, so
    /// the page's CSP (`'self'`) lets its stylesheet load wherever the site is served.
    func notFoundLink(_ target: Route) -> String {
        let basePath = config.baseURL.flatMap { URL(string: $0)?.path }.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        return basePath + target.path.dropFirst()
    }

    private func shared(title: String, documentTitle: String, page flags: [String: MustacheValue],
                        link: (Route) -> String, _ values: [String: MustacheValue]) -> MustacheValue {
        var site: [String: MustacheValue] = ["title": .string(config.title), "language": .string(config.language)]
        if let baseURL = config.baseURL { site["baseURL"] = .string(baseURL) }
        var page = flags
        page["title"] = .string(title)
        page["documentTitle"] = .string(documentTitle)
        page["contentSecurityPolicy"] = .string(contentSecurityPolicy)
        var context = values
        context["site"] = .object(site)
        context["strings"] = stringsValue
        context["page"] = .object(page)
        context["nav"] = .object([
            "home": .string(link(.home)),
            "bookmarks": .string(link(.bookmarks(page: 1))),
            "sources": .string(link(.sources(page: 1))),
            "search": .string(link(.search)),
            "stylesheet": .string(link(.asset(name: "style.css"))),
            "favicon": .string(ownFavicon ? Self.rootFile("favicon.ico", home: link(.home)) : link(.asset(name: "favicon.svg"))),
        ])
        return .object(context)
    }

    /// A link to the file `name` at the site's root, made from the link to the home page (`../../`, `./`, `/news/`).
    static func rootFile(_ name: String, home: String) -> String {
        if home.isEmpty || home == "./" { return name }
        return home.hasSuffix("/") ? home + name : home + "/" + name
    }

    /// The app's list row.
    func row(_ prepared: PreparedArticle, from route: Route) -> MustacheValue {
        let article = prepared.article
        let fromPath = route.path
        let bookmark = bookmarks[article.id]
        var row: [String: MustacheValue] = [
            "id": .string(article.id),
            "title": .string(article.title),
            "url": .string(articleLink(article, from: fromPath)),
            "source": source(article.sourceID, fromPath: fromPath),
            "tags": tagLinks(article, fromPath: fromPath),
            "isBookmarked": .bool(bookmark != nil),
        ]
        row["summary"] = prepared.summaryText.map(MustacheValue.string)
        row["author"] = article.author.map(MustacheValue.string)
        row["date"] = articleDate(article)
        row["note"] = bookmark?.note.map(MustacheValue.string)
        row["image"] = prepared.image.flatMap { thumbnail($0, from: route) }
        return .object(row)
    }

    /// Everything `row` reads but the page's route, hashed (ADR 033): a page of rows is kept when its route
    /// and its rows' digests are the ones of the last build, without making the rows. Keep in step with `row`
    /// and `thumbnail` (`PageKeyCheckTests` fails a page whose digest stays while its values change).
    func rowDigest(_ prepared: PreparedArticle) -> UInt64 {
        var key = PageKey()
        key.add(number: Self.digestVersion)
        addShown(prepared.article, to: &key)
        key.add(prepared.article.slug)
        key.add(optional: prepared.summaryText)
        key.add(optional: prepared.image?.thumbnail)
        key.add(optional: prepared.image?.thumbnail2x)
        return key.value
    }

    /// Bump when `row`, `article` or `neighbour` make other values from the same inputs, so that
    /// pages kept by their digests are rendered again by a binary whose theme did not change.
    static let digestVersion: UInt64 = 1

    /// What both a row and an article page show of an article besides its text: id, title, its source
    /// (`source`), its tags (`tagLinks`), its bookmark and note, author and date. (Not the slug: the article
    /// page's route, which its key holds, is made of it; a row adds it for its link.)
    private func addShown(_ article: Article, to key: inout PageKey) {
        key.add(article.id)
        key.add(article.title)
        key.add(article.sourceID)
        key.add(number: sourceDigests[article.sourceID]
            ?? Self.sourceDigest(Self.sourceValues(article.sourceID, sources: sources, sourcePages: sourcePages)))
        let tags = articleTags[article.id] ?? TagIndex.tags(of: article)
        key.add(number: UInt64(tags.count))
        for tag in tags {
            key.add(tag.name)
            key.add(tag.slug)
            key.add(optional: tagPaths[tag.slug])
        }
        let bookmark = bookmarks[article.id]
        key.add(number: bookmark == nil ? 0 : 1)
        key.add(optional: bookmark?.note)
        key.add(optional: article.author)
        key.add(date: article.date)
        key.add(number: article.date.map { dates.recency($0).rawValue } ?? 0)
    }

    /// A row's image: the 80×80 thumbnail, with the 160×160 one for dense screens.
    private func thumbnail(_ image: ArticleImage, from route: Route) -> MustacheValue? {
        guard let small = image.thumbnail else { return nil }
        let url = Route.thumbnail(name: small).relativeLink(from: route)
        var value: [String: MustacheValue] = ["url": .string(url)]
        if let large = image.thumbnail2x {
            // `src` is the 1x candidate; naming it again in srcset would only add bytes to every row.
            value["srcset"] = .string("\(Route.thumbnail(name: large).relativeLink(from: route)) 2x")
        }
        return .object(value)
    }

    /// A bookmark whose article the archive does not know: a row from the manifest's own title and URL.
    func orphanRow(_ bookmark: Bookmark) -> MustacheValue {
        var row: [String: MustacheValue] = [
            "id": .string(bookmark.id),
            "title": .string(bookmark.title),
            "source": .object(["id": "", "title": .string(strings.text("unknownSource")), "initial": "?"]),
            "tags": .list([]),
            "isBookmarked": true,
        ]
        row["url"] = bookmark.url.flatMap(HTMLSanitizer.absoluteLink).map(MustacheValue.string)
        row["note"] = bookmark.note.map(MustacheValue.string)
        return .object(row)
    }

    /// The article page's `article` value.
    func article(_ prepared: PreparedArticle) -> MustacheValue {
        let article = prepared.article
        let route = Route.article(slug: article.slug)
        let fromPath = articlePaths[article.slug] ?? route.path
        var value: [String: MustacheValue] = [
            "id": .string(article.id),
            "title": .string(article.title),
            "source": source(article.sourceID, fromPath: fromPath),
            "tags": tagLinks(article, fromPath: fromPath),
            "isBookmarked": .bool(bookmarks[article.id] != nil),
        ]
        value["author"] = article.author.map(MustacheValue.string)
        value["date"] = articleDate(article)
        value["originalURL"] = article.link.flatMap(HTMLSanitizer.absoluteLink).map(MustacheValue.string)
        value["contentHTML"] = prepared.contentHTML.map(MustacheValue.string)
        value["summaryHTML"] = prepared.summaryHTML.map(MustacheValue.string)
        value["note"] = bookmarks[article.id]?.note.map(MustacheValue.string)
        value["fullText"] = article.fullText.map(provenance)
        if let image = prepared.image, !image.inContent {
            value["image"] = .object(["url": .string(Route.media(name: image.media).relativeLink(from: route))])
        }
        return .object(value)
    }

    /// Where the article's text came from (issue 17): when its page was read, whether the text shown is
    /// the page's (`showsPage`), the wall the page showed it behind, and why the feed's text is kept
    /// instead when it is (issue 35, ADR 064), each as a sentence in the site's language.
    private func provenance(_ text: FullText) -> MustacheValue {
        var value: [String: MustacheValue] = ["read": date(text.extractedAt), "showsPage": .bool(text.isShown)]
        value["wall"] = text.wall.map { .string(strings.text(Self.wallKey($0))) }
        value["feedKept"] = text.feedKept.map { .string(strings.text(Self.feedKeptKey($0))) }
        return .object(value)
    }

    /// The strings table's sentence about a page behind `wall`.
    static func wallKey(_ wall: FullText.Wall) -> String {
        switch wall {
        case .paywall: return "wallPaywall"
        case .consentWall: return "wallConsentWall"
        }
    }

    /// The strings table's sentence saying why the feed's text is kept.
    static func feedKeptKey(_ reason: FullText.FeedKeptReason) -> String {
        switch reason {
        case .pageShorter: return "feedKeptPageShorter"
        case .pageDifferent: return "feedKeptPageDifferent"
        }
    }

    /// Everything `article` reads, hashed (ADR 033); the HTML by `TextDigest`, so the whole archive's
    /// text costs milliseconds a build. Keep in step with `article`.
    func pageDigest(_ prepared: PreparedArticle) -> UInt64 {
        let article = prepared.article
        var key = PageKey()
        key.add(number: Self.digestVersion)
        addShown(article, to: &key)
        key.add(optional: article.link)
        key.add(digestOf: prepared.contentHTML)
        key.add(digestOf: prepared.summaryHTML)
        key.add(date: article.fullText?.extractedAt)
        key.add(optional: article.fullText?.wall?.rawValue)
        key.add(optional: article.fullText?.feedKept?.rawValue)
        key.add(optional: prepared.image?.media)
        key.add(number: prepared.image?.inContent == true ? 1 : 0)
        return key.value
    }

    /// An article's tags (`name`, `slug`, `url?`): trimmed, one per slug; `url` only when the
    /// tag has a page (a duplicate article's own tag may have none).
    private func tagLinks(_ article: Article, fromPath: String) -> MustacheValue {
        .list((articleTags[article.id] ?? TagIndex.tags(of: article)).map { tag in
            // An explicit null, so a tag without a page never picks up the row's own `url` in `{{#url}}`.
            let url = tagPaths[tag.slug].map { MustacheValue.string(Route.relativeLink(toPath: $0, fromPath: fromPath)) } ?? .null
            return .object(["name": .string(tag.name), "slug": .string(tag.slug), "url": url])
        })
    }

    /// A row of the `/sources/` page, also the status on a source's own page (docs/templates.md).
    func sourceRow(_ status: SourceStatus, from route: Route) -> MustacheValue {
        var row: [String: MustacheValue] = [
            "id": .string(status.id),
            "title": .string(status.title),
            "initial": .string(status.title.first.map { String($0).uppercased() } ?? "?"),
            "kind": .string(strings.text(status.isURL ? "kindURL" : "kindFile")),
            "location": .string(status.location),
            "isURL": .bool(status.isURL),
            "failures": .int(status.failures),
        ]
        if let category = status.category { row["category"] = .string(category) }
        if let icon = sources[status.id]?.icon { row["icon"] = .string(Route.media(name: icon).relativeLink(from: route)) }
        // The outcome's key in the strings table.
        let outcomeKey: String
        switch status.outcome {
        case .fresh(let count):
            outcomeKey = "outcomeOK"
            row["isOK"] = true
            row["itemCount"] = .int(count)
            row["itemCountLabel"] = .string(strings.count("itemsRead", count))
        case .notModified:
            outcomeKey = "outcomeNotModified"
            row["isOK"] = true
            row["isNotModified"] = true
        case .skipped(let reason):
            // Each row says what the summary counts it as (ADR 058): failing (backing off from earlier
            // failures), not fetched in preview (`newsgen serve`), or skipped.
            let notFetched = status.notFetchedInPreview ? strings.text("notFetchedReason") : nil
            if status.isFailing {
                outcomeKey = "outcomeFailing"
                row["isFailed"] = true
            } else if notFetched != nil {
                outcomeKey = "outcomeNotFetched"
                row["isNotFetched"] = true
            } else {
                outcomeKey = "outcomeSkipped"
                row["isSkipped"] = true
            }
            row["reason"] = .string(notFetched ?? reason.sentence(strings, dates))
        case .failed(let reason):
            outcomeKey = "outcomeFailed"
            row["isFailed"] = true
            row["reason"] = .string(reason.sentence(strings, dates))
        }
        row["outcome"] = .string(strings.text(outcomeKey))
        if let entry = sourcePages.entry(id: status.id) {
            row["lastNewItem"] = entry.newest.map(date)
            row["pageURL"] = .string(Route.source(id: entry.info.id).relativeLink(from: route))
            row["archivedCount"] = .int(entry.archivedCount)
            row["archivedLabel"] = .string(strings.count("inArchive", entry.archivedCount))
        }
        if status.failures > 0 {
            var backoff: [String: MustacheValue] = [
                "failures": .int(status.failures), "failuresLabel": .string(strings.count("consecutiveFailures", status.failures)),
            ]
            backoff["nextAttempt"] = status.nextAttempt.map(date)
            row["backoff"] = .object(backoff)
        }
        if status.teaserOnly {
            // The command in `<code>`, as typed: it is not translated.
            row["teaserOnly"] = .string(strings.text("teaserOnly"))
            row["teaserCommand"] = .string(TeaserSources.command([status.id]))
        }
        if let counts = status.fullText {
            row["fullText"] = .object([
                "mode": .string(counts.mode.rawValue), "extracted": .int(counts.extracted), "waiting": .int(counts.waiting),
                "hasWaiting": .bool(counts.waiting > 0), "failed": .int(counts.failed), "hasFailures": .bool(counts.failed > 0),
                "summary": .string(strings.text("fullText", ["mode": counts.mode.rawValue,
                                                             "extracted": strings.count("extracted", counts.extracted)])),
                "waitingLabel": .string(strings.count("waiting", counts.waiting)),
                "failedLabel": .string(strings.count("failed", counts.failed)),
                "failures": .list(counts.failures.map { .object(["reason": .string(PageFailureWording.say($0.reason, in: strings)), "count": .int($0.count)]) }),
                "feedKept": .int(counts.feedKept), "hasFeedKept": .bool(counts.feedKept > 0),
                "feedKeptLabel": .string(strings.count("feedKeptCount", counts.feedKept)),
                "walls": .list(FullText.Wall.allCases.compactMap { wall in
                    counts.walls[wall].map { .object(["wall": .string(wall.rawValue), "count": .int($0),
                                                      "label": .string(strings.count(Self.wallKey(wall) + "Count", $0))]) }
                }),
            ])
        }
        return .object(row)
    }

    /// An article's source: `url` is the publisher's site (absolute http(s) only), `pageURL` its page here.
    private func source(_ id: String, fromPath: String) -> MustacheValue {
        let made = sourceValues[id] ?? Self.sourceValues(id, sources: sources, sourcePages: sourcePages)
        var value = made.fields
        if let pagePath = made.pagePath {
            value["pageURL"] = .string(Route.relativeLink(toPath: pagePath, fromPath: fromPath))
        }
        if case .string(let iconPath)? = value["icon"] { value["icon"] = .string(Route.relativeLink(toPath: iconPath, fromPath: fromPath)) }
        return .object(value)
    }

    /// A source's values but `pageURL`, and the path of its page when it has one.
    private static func sourceValues(_ id: String, sources: [String: SourceInfo], sourcePages: SourceCatalog)
        -> (fields: [String: MustacheValue], pagePath: String?) {
        let info = sources[id] ?? SourceInfo(id: id, title: id)
        var value: [String: MustacheValue] = ["id": .string(info.id), "title": .string(info.title), "initial": .string(info.initial)]
        value["url"] = info.url.flatMap(HTMLSanitizer.absoluteLink).map(MustacheValue.string)
        // Its path from the root here (so it is in the source's digest); `source(_:fromPath:)` makes it relative.
        value["icon"] = info.icon.map { .string(Route.media(name: $0).path) }
        return (value, sourcePages.entry(id: id) != nil ? Route.source(id: id).path : nil)
    }

    /// A source's values as `sourceValues` makes them, hashed.
    private static func sourceDigest(_ made: (fields: [String: MustacheValue], pagePath: String?)) -> UInt64 {
        var key = PageKey()
        key.add(.object(made.fields))
        key.add(optional: made.pagePath)
        return key.value
    }

    /// The `source` of a source's own page (docs/templates.md).
    func sourceHeader(_ entry: SourceCatalog.Entry, from route: Route) -> MustacheValue {
        let info = entry.info
        var value: [String: MustacheValue] = [
            "id": .string(info.id), "title": .string(info.title), "initial": .string(info.initial),
            "pageURL": .string(Route.source(id: info.id).relativeLink(from: route)),
            "isConfigured": .bool(entry.kind == .configured), "isRemoved": .bool(entry.kind == .removed),
            "isMarkdown": .bool(entry.kind == .markdown),
            "count": .int(entry.articles.count), "countLabel": .string(articles(entry.articles.count)),
            "archivedCount": .int(entry.archivedCount),
        ]
        value["url"] = info.url.flatMap(HTMLSanitizer.absoluteLink).map(MustacheValue.string)
        value["status"] = entry.status.map { sourceRow($0, from: route) }
        return .object(value)
    }

    /// "1 article", "12 articles", "12 Artikel": the theme's `articles` for `count`.
    func articles(_ count: Int) -> String {
        strings.count("articles", count)
    }

    /// A link to another article, for the previous/next links of an article page.
    func neighbour(_ prepared: PreparedArticle, from route: Route) -> MustacheValue {
        var value: [String: MustacheValue] = [
            "title": .string(prepared.article.title),
            "url": .string(articleLink(prepared.article, from: route.path)),
        ]
        value["date"] = articleDate(prepared.article)
        return .object(value)
    }

    /// Everything `neighbour` reads but the page's route, hashed (ADR 033). Keep in step with `neighbour`.
    func neighbourDigest(_ prepared: PreparedArticle) -> UInt64 {
        var key = PageKey()
        key.add(number: Self.digestVersion)
        key.add(prepared.article.title)
        key.add(prepared.article.slug)
        key.add(date: prepared.article.date)
        key.add(number: prepared.article.date.map { dates.recency($0).rawValue } ?? 0)
        return key.value
    }

    private func date(_ date: Date) -> MustacheValue {
        Self.date(date, dates)
    }

    /// An article's `date`, made once per article.
    private func articleDate(_ article: Article) -> MustacheValue? {
        guard let date = article.date else { return nil }
        return articleDates[date] ?? self.date(date)
    }

    private static func date(_ date: Date, _ dates: DateDisplay) -> MustacheValue {
        .object(["display": .string(dates.shown(date)), "day": .string(dates.display(date)), "displayWithTime": .string(dates.displayWithTime(date)),
                 "iso": .string(dates.iso(date))])
    }

    /// `baseURL` + the route's path, for canonical links; nil without a baseURL.
    func absoluteURL(_ route: Route) -> String? {
        config.baseURL.map { $0 + route.path.dropFirst() }
    }
}

extension Route {
    var isHome: Bool { if case .home = self { return true } else { return false } }
    var isArticle: Bool { if case .article = self { return true } else { return false } }
    var isBookmarks: Bool { if case .bookmarks = self { return true } else { return false } }
    var isSources: Bool { if case .sources = self { return true } else { return false } }
    var isSource: Bool { if case .source = self { return true } else { return false } }
    var isTag: Bool { if case .tag = self { return true } else { return false } }
    var isSearch: Bool { self == .search }
    var isMonth: Bool { if case .month = self { return true } else { return false } }
}
