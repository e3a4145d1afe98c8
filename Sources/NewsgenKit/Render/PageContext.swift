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
    let bookmarks: [String: Bookmark]
    let dates: DateDisplay
    /// The same for every page: computed once from the configuration.
    let contentSecurityPolicy: String

    init(_ input: RenderInput) {
        config = input.config
        sources = input.sources
        bookmarks = Dictionary(input.bookmarks.bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        dates = DateDisplay(timeZone: TimeZone(identifier: input.config.timeZone) ?? TimeZone(identifier: "UTC")!)
        contentSecurityPolicy = ContentSecurityPolicy.make(embedHosts: input.config.embeds.allow)
    }

    /// The values every page shares, merged with the page's own.
    func page(_ route: Route, title: String, description: String? = nil, _ values: [String: MustacheValue]) -> MustacheValue {
        var site: [String: MustacheValue] = ["title": .string(config.title), "language": .string(config.language)]
        if let baseURL = config.baseURL { site["baseURL"] = .string(baseURL) }
        var page: [String: MustacheValue] = [
            "title": .string(title),
            "documentTitle": .string(route == .home(page: 1) ? config.title : "\(title) · \(config.title)"),
            "isHome": .bool(route.isHome),
            "isArticle": .bool(route.isArticle),
            "isBookmarks": .bool(route.isBookmarks),
            "isSources": .bool(route == .sources),
            "contentSecurityPolicy": .string(contentSecurityPolicy),
        ]
        if let description { page["description"] = .string(description) }
        if let url = absoluteURL(route) { page["canonicalURL"] = .string(url) }
        var context = values
        context["site"] = .object(site)
        context["page"] = .object(page)
        context["nav"] = .object([
            "home": .string(Route.home(page: 1).relativeLink(from: route)),
            "bookmarks": .string(Route.bookmarks(page: 1).relativeLink(from: route)),
            "sources": .string(Route.sources.relativeLink(from: route)),
            "stylesheet": .string(Route.asset(name: "style.css").relativeLink(from: route)),
        ])
        return .object(context)
    }

    /// The app's list row.
    func row(_ prepared: PreparedArticle, from route: Route) -> MustacheValue {
        let article = prepared.article
        var row: [String: MustacheValue] = [
            "id": .string(article.id),
            "title": .string(article.title),
            "url": .string(Route.article(slug: article.slug).relativeLink(from: route)),
            "source": source(article.sourceID),
            "isBookmarked": .bool(bookmarks[article.id] != nil),
        ]
        row["summary"] = prepared.summaryText.map(MustacheValue.string)
        row["author"] = article.author.map(MustacheValue.string)
        row["date"] = article.date.map(date)
        row["note"] = bookmarks[article.id]?.note.map(MustacheValue.string)
        row["image"] = prepared.image.flatMap { thumbnail($0, from: route) }
        return .object(row)
    }

    /// A row's image: the 80×80 thumbnail, with the 160×160 one for dense screens.
    private func thumbnail(_ image: ArticleImage, from route: Route) -> MustacheValue? {
        guard let small = image.thumbnail else { return nil }
        let url = Route.thumbnail(name: small).relativeLink(from: route)
        var value: [String: MustacheValue] = ["url": .string(url)]
        if let large = image.thumbnail2x {
            value["srcset"] = .string("\(url) 1x, \(Route.thumbnail(name: large).relativeLink(from: route)) 2x")
        }
        return .object(value)
    }

    /// A bookmark whose article the archive does not know: a row from the manifest's own title and URL.
    func orphanRow(_ bookmark: Bookmark) -> MustacheValue {
        var row: [String: MustacheValue] = [
            "id": .string(bookmark.id),
            "title": .string(bookmark.title),
            "source": .object(["id": "", "title": "Unknown source", "initial": "?"]),
            "isBookmarked": true,
        ]
        row["url"] = bookmark.url.flatMap(HTMLSanitizer.absoluteLink).map(MustacheValue.string)
        row["note"] = bookmark.note.map(MustacheValue.string)
        return .object(row)
    }

    /// The article page's `article` value.
    func article(_ prepared: PreparedArticle) -> MustacheValue {
        let article = prepared.article
        var value: [String: MustacheValue] = [
            "id": .string(article.id),
            "title": .string(article.title),
            "source": source(article.sourceID),
            "tags": .list(article.tags.map { .object(["name": .string($0)]) }),
            "isBookmarked": .bool(bookmarks[article.id] != nil),
        ]
        value["author"] = article.author.map(MustacheValue.string)
        value["date"] = article.date.map(date)
        value["originalURL"] = article.link.flatMap(HTMLSanitizer.absoluteLink).map(MustacheValue.string)
        value["contentHTML"] = prepared.contentHTML.map(MustacheValue.string)
        value["summaryHTML"] = prepared.summaryHTML.map(MustacheValue.string)
        value["note"] = bookmarks[article.id]?.note.map(MustacheValue.string)
        if let image = prepared.image, !image.inContent {
            value["image"] = .object(["url": .string(Route.media(name: image.media).relativeLink(from: .article(slug: article.slug)))])
        }
        return .object(value)
    }

    /// A row of the `/sources/` page (docs/templates.md).
    func sourceRow(_ status: SourceStatus) -> MustacheValue {
        var row: [String: MustacheValue] = [
            "id": .string(status.id),
            "title": .string(status.title),
            "initial": .string(status.title.first.map { String($0).uppercased() } ?? "?"),
            "kind": .string(status.isURL ? "URL" : "Feed file"),
            "location": .string(status.location),
            "isURL": .bool(status.isURL),
            "failures": .int(status.failures),
        ]
        let label: String
        switch status.outcome {
        case .fresh(let count):
            label = "OK"
            row["isOK"] = true
            row["itemCount"] = .int(count)
        case .notModified:
            label = "Not modified"
            row["isOK"] = true
            row["isNotModified"] = true
        case .skipped(let reason):
            label = "Skipped"
            row["isSkipped"] = true
            row["reason"] = .string(reason)
        case .failed(let reason):
            label = "Failed"
            row["isFailed"] = true
            row["reason"] = .string(reason)
        }
        row["outcome"] = .string(label)
        row["lastSuccess"] = status.lastSuccess.map(date)
        row["lastAttempt"] = status.lastAttempt.map(date)
        if status.failures > 0 {
            var backoff: [String: MustacheValue] = ["failures": .int(status.failures)]
            backoff["nextAttempt"] = status.nextAttempt.map(date)
            row["backoff"] = .object(backoff)
        }
        return .object(row)
    }

    private func source(_ id: String) -> MustacheValue {
        let info = sources[id] ?? SourceInfo(id: id, title: id)
        var value: [String: MustacheValue] = ["id": .string(info.id), "title": .string(info.title), "initial": .string(info.initial)]
        value["url"] = info.url.flatMap(HTMLSanitizer.absoluteLink).map(MustacheValue.string)
        return .object(value)
    }

    private func date(_ date: Date) -> MustacheValue {
        .object(["display": .string(dates.display(date)), "displayWithTime": .string(dates.displayWithTime(date)),
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
}
