/// Every page and file of the site, as the app's navigation enum: the single
/// source of links and output paths. `Route(path:)` parses a path back
/// (deep links); `Route(path: r.path) == r` for every valid route.
public enum Route: Hashable, Sendable {
    /// `/`: the home list's front page, its newest articles and its months.
    case home
    /// `/archive/`: every month of the home list, with counts.
    case archive
    /// Every article of one month of a list (ADR 028): `/archive/2026/11/`, `/sources/<id>/2026/11/`,
    /// `/tags/<slug>/2026/11/`.
    case month(list: ArticleList, YearMonth)
    /// A numbered list page of newsgen before ADR 028 (`/page/3/`, `/sources/<id>/page/3/`,
    /// `/tags/<slug>/page/3/`; page 2 and up, a lower number is written as 2): a small page that sends the reader on,
    /// so published links keep answering.
    case legacyPage(list: ArticleList, page: Int)
    case article(slug: String)
    case bookmarks(page: Int)
    /// The bookmarks as an Atom feed, for a reader app to follow.
    case bookmarksFeed
    /// `/sources/`, then `/sources/page/2/`, `/sources/page/3/`…: every source, `SourcesPages.size`
    /// a page, in site.json's order (ADR 048). Page 1 is the bare `/sources/`; a lower number is written as 1.
    /// No source's page clashes: a source's pages have two segments after `/sources/` or none.
    case sources(page: Int)
    /// `/sources/<id>/`: a source's front page.
    case source(id: String)
    /// `/tags/<slug>/`: a tag's front page.
    case tag(slug: String)
    case search
    /// `/feed.xml`, Atom 1.0.
    case atomFeed
    /// `/feed.json`, JSON Feed 1.1.
    case jsonFeed
    /// `/sitemap.xml`: the sitemap, or the index of its parts when the site has more pages than one sitemap may list.
    case sitemap
    /// `/sitemaps/<n>.xml` (n from 1): one part of a sitemap too long for one file.
    case sitemapPart(number: Int)
    case opml
    /// `/media/<content-hash>.<ext>`
    case media(name: String)
    /// `/media/thumbs/<content-hash>.<ext>`
    case thumbnail(name: String)
    /// `/assets/<name>`: the theme's own files (stylesheet).
    case asset(name: String)

    /// The absolute path from the site root, starting with `/`; pages end with `/`.
    ///
    /// Safe for any associated value: a slug or id that is not a valid slug is
    /// replaced by the slug made from it, and a file name that is not a plain
    /// one by `SafeName.fileName`, so no input can put `..`, `/`, `\`, NUL or a
    /// leading `/` into a component (newsgen itself only makes valid ones;
    /// this guards archive files edited by hand). For every valid route
    /// `Route(path: r.path) == r`.
    public var path: String {
        switch self {
        case .home: return "/"
        case .archive: return "/archive/"
        case .month(let list, let month): return list.monthsPrefix + month.pathComponent + "/"
        case .legacyPage(let list, let page): return Self.front(of: list).path + "page/\(max(page, 2))/"
        case .article(let slug): return "/articles/\(SafeName.slugComponent(slug))/"
        case .bookmarks(let page): return "/bookmarks/" + Self.pageSuffix(page)
        case .bookmarksFeed: return "/bookmarks/feed.xml"
        case .sources(let page): return "/sources/" + Self.pageSuffix(page)
        case .source(let id): return "/sources/\(SafeName.slugComponent(id))/"
        case .tag(let slug): return "/tags/\(SafeName.slugComponent(slug))/"
        case .search: return "/search/"
        case .atomFeed: return "/feed.xml"
        case .jsonFeed: return "/feed.json"
        case .sitemap: return "/sitemap.xml"
        case .sitemapPart(let number): return "/sitemaps/\(max(number, 1)).xml"
        case .opml: return "/sources.opml"
        case .media(let name): return "/media/\(SafeName.fileName(name))"
        case .thumbnail(let name): return "/media/thumbs/\(SafeName.fileName(name))"
        case .asset(let name): return "/assets/\(SafeName.fileName(name))"
        }
    }

    /// Where the route's file lives inside the output folder (no leading `/`):
    /// pages are `index.html` in their folder, so any static server serves them.
    public var outputPath: String {
        let trimmed = String(path.dropFirst())
        return path.hasSuffix("/") ? trimmed + "index.html" : trimmed
    }

    /// True for routes rendered as HTML pages.
    public var isPage: Bool { path.hasSuffix("/") }

    /// Parses a site path back into its route; nil for anything the site does not have,
    /// including non-canonical spellings such as `/page/1/`.
    public init?(path: String) {
        guard path.hasPrefix("/") else { return nil }
        let isFolder = path.hasSuffix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let segments = isFolder ? Array(parts.dropLast()) : parts
        guard !segments.contains(where: \.isEmpty) || segments.isEmpty else { return nil }

        switch (segments.first, segments.count, isFolder) {
        case (nil, 0, true): self = .home
        case ("page", 2, true):
            guard let page = Self.page(segments[1]) else { return nil }
            self = .legacyPage(list: .home, page: page)
        case ("archive", 1, true): self = .archive
        case ("archive", 3, true):
            guard let month = YearMonth.parse(year: segments[1], month: segments[2]) else { return nil }
            self = .month(list: .home, month)
        case ("articles", 2, true):
            guard Slug.isValid(segments[1]) else { return nil }
            self = .article(slug: segments[1])
        case ("bookmarks", 1, true): self = .bookmarks(page: 1)
        case ("bookmarks", 3, true) where segments[1] == "page":
            guard let page = Self.page(segments[2]) else { return nil }
            self = .bookmarks(page: page)
        case ("bookmarks", 2, false) where segments[1] == "feed.xml": self = .bookmarksFeed
        case ("sources", 1, true): self = .sources(page: 1)
        case ("sources", 3, true) where segments[1] == "page":
            guard let page = Self.page(segments[2]) else { return nil }
            self = .sources(page: page)
        case ("sources", _, true), ("tags", _, true):
            guard segments.count >= 2, Slug.isValid(segments[1]) else { return nil }
            let list: ArticleList = segments[0] == "sources" ? .source(id: segments[1]) : .tag(slug: segments[1])
            switch segments.count {
            case 2: self = Self.front(of: list)
            case 4 where segments[2] == "page":
                guard let page = Self.page(segments[3]) else { return nil }
                self = .legacyPage(list: list, page: page)
            case 4:
                guard let month = YearMonth.parse(year: segments[2], month: segments[3]) else { return nil }
                self = .month(list: list, month)
            default: return nil
            }
        case ("search", 1, true): self = .search
        case ("feed.xml", 1, false): self = .atomFeed
        case ("feed.json", 1, false): self = .jsonFeed
        case ("sitemap.xml", 1, false): self = .sitemap
        case ("sitemaps", 2, false) where segments[1].hasSuffix(".xml"):
            let text = String(segments[1].dropLast(".xml".count))
            guard let number = Int(text), number >= 1, String(number) == text else { return nil }
            self = .sitemapPart(number: number)
        case ("sources.opml", 1, false): self = .opml
        case ("media", 2, false):
            guard Self.isFileName(segments[1]) else { return nil }
            self = .media(name: segments[1])
        case ("media", 3, false) where segments[1] == "thumbs":
            guard Self.isFileName(segments[2]) else { return nil }
            self = .thumbnail(name: segments[2])
        case ("assets", 2, false):
            guard Self.isFileName(segments[1]) else { return nil }
            self = .asset(name: segments[1])
        default: return nil
        }
    }

    /// The link from a page at `from` to `self`, relative so the site works at a
    /// domain's root, under a sub-path and in a local preview alike.
    public func relativeLink(from: Route) -> String {
        Self.relativeLink(toPath: path, fromPath: from.path)
    }

    private static func pageSuffix(_ page: Int) -> String { page <= 1 ? "" : "page/\(page)/" }

    /// Page numbers in paths start at 2; page 1 is the bare list.
    private static func page(_ text: String) -> Int? {
        guard let n = Int(text), n >= 2, String(n) == text else { return nil }
        return n
    }

    private static func isFileName(_ name: String) -> Bool {
        SafeName.isFileName(name)
    }
}
