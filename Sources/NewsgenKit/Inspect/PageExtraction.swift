import NewsgenExtract
import NewsgenHTML
import NewsgenModel

/// One page's extraction as `newsgen extract` shows it: the article sanitized as feed content
/// is (the page's URL as the base), as HTML, as text, or as one JSON object.
public struct PageExtraction: Sendable, Equatable {
    /// The page's URL: `--base`, the final URL fetched, or the file's `file://` URL.
    public var url: String
    public var result: ExtractionResult

    /// The extractor's answer for the page at `url`.
    public init(url: String, result: ExtractionResult) {
        self.url = url
        self.result = result
    }

    /// Why there is no article, or nil when there is one.
    public var reason: NotFoundReason? {
        if case .notFound(let reason, _) = result { return reason }
        return nil
    }

    /// The wall the page shows its article behind, nil on a free page or without an article (issue 35).
    public var wall: PageWall? {
        if case .article(let article) = result { return article.wall }
        return nil
    }

    /// What was found behind a wall, for standard error: "teaser: behind a paywall (412 characters
    /// shown)"; nil on a free page or without an article. Not a failure: the page's text is what it shows.
    public var wallNote: String? {
        guard let wall else { return nil }
        let shown = (text ?? "").count
        let what = wall == .paywall ? "teaser" : "text"
        return "\(what): \(wall.description) (\(shown) character\(shown == 1 ? "" : "s") shown)"
    }

    /// The article's HTML through `HTMLSanitizer`, as the Enrich stage sanitizes `contentHTML`; nil without an article.
    public var sanitizedHTML: String? {
        guard case .article(let article) = result else { return nil }
        return HTMLSanitizer.sanitize(article.html, baseURL: url)
    }

    /// The sanitized article's visible text, a blank line between blocks; nil without an article.
    public var text: String? {
        sanitizedHTML.map(HTMLText.readableText(fromHTML:))
    }

    /// `{"found", "reason", "wall", "url", "title", "byline", "excerpt", "publishedTime", "siteName",
    /// "leadImage", "language", "readerable", "extractor", "html", "text"}`, in that order, pretty printed.
    public var jsonText: String { json(layout: .pretty) }

    /// One line of a bulk `newsgen extract --format json` (JSON Lines): `{"file", …}`, `file` being the
    /// page as it was given (a path or a URL), then the keys of `jsonText`, on one line.
    public func jsonLine(file: String) -> String { json(layout: .compact, file: file) }

    private func json(layout: JSONWriter.Layout, file: String? = nil) -> String {
        let metadata = result.metadata
        let html = sanitizedHTML
        var writer = JSONWriter(layout: layout)
        writer.object { json in
            if let file { json.key("file"); json.string(file) }
            json.key("found"); json.bool(reason == nil)
            json.key("reason"); Self.write(reason?.description, &json)
            json.key("wall"); Self.write(wall?.rawValue, &json)
            json.key("url"); json.string(url)
            for (key, value) in [("title", metadata.title), ("byline", metadata.byline), ("excerpt", metadata.excerpt),
                                 ("publishedTime", metadata.publishedTime), ("siteName", metadata.siteName),
                                 ("leadImage", metadata.leadImage), ("language", metadata.language)] {
                json.key(key); Self.write(value, &json)
            }
            json.key("readerable"); json.bool(metadata.readerable)
            json.key("extractor"); json.string(ArticleExtractor.version)
            json.key("html"); Self.write(html, &json)
            json.key("text"); Self.write(html.map(HTMLText.readableText(fromHTML:)), &json)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func write(_ value: String?, _ json: inout JSONWriter) {
        if let value { json.string(value) } else { json.null() }
    }
}
