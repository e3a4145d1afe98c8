import Foundation
import NewsgenModel
import NewsgenHTML

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org): a JSON object whose `version`
/// names the spec. 1.0's single `author` and 1.1's `authors` are both read;
/// relative URLs resolve against the document's address, else `feed_url`; an
/// item's `id` is kept as written. JSON Feed is UTF-8 by definition.
///
/// Publishers also write the version as a bare number (`"1.0"`, `"1.1"`) or
/// leave it out; such a document is read (with a note saying so) when its
/// version is one of those numbers, or when it has none but has a JSON Feed's
/// shape: an `items` list and a `title`, `home_page_url` or `feed_url`.
enum JSONFeedReader {
    /// True when the first byte that is not whitespace or a byte-order mark is `{`.
    static func looksLikeJSON(_ data: Data) -> Bool {
        body(of: data).first == UInt8(ascii: "{")
    }

    /// The bytes after any leading whitespace and UTF-8 byte-order marks.
    private static func body(of data: Data) -> Data {
        var body = data[...]
        while true {
            if body.starts(with: [0xEF, 0xBB, 0xBF]) {
                body = body.dropFirst(3)
            } else if let first = body.first, first.isSpace {
                body = body.dropFirst()
            } else {
                return Data(body)
            }
        }
    }

    static func read(_ data: Data, baseURL: String?) throws(FeedParseError) -> ParsedFeed {
        let body = body(of: data)
        let feed: JSONElement
        do {
            feed = try JSONDocument(body).root
        } catch {
            throw FeedParseError(.notWellFormed(line: 0, column: 0, message: "not valid JSON"))
        }
        guard feed.isObject, let (format, note) = format(of: feed) else {
            throw FeedParseError(.notAFeed(root: "a JSON document without a JSON Feed version"))
        }
        let feedURL = string(feed["feed_url"])
        let scope = XMLScope(base: URLResolver.firstAbsolute(baseURL, feedURL), language: string(feed["language"]))
        let home = scope.resolve(string(feed["home_page_url"]))
        let resolvedFeedURL = scope.resolve(feedURL)
        let links = [home.map { FeedLink(href: $0, type: "text/html") },
                     resolvedFeedURL.map { FeedLink(href: $0, rel: "self", type: "application/feed+json") }].compactMap { $0 }
        let items = objects(feed["items"]).map { item($0, scope: scope) }
        var parsed = ParsedFeed(format: format, title: text(feed["title"], scope: scope),
                                subtitle: text(feed["description"], scope: scope), link: home, feedURL: resolvedFeedURL,
                                links: links, authors: authors(feed, scope: scope), language: scope.language,
                                imageURL: scope.resolve(string(feed["icon"])), iconURL: scope.resolve(string(feed["favicon"])),
                                items: items, encoding: "utf-8")
        parsed.notes = [note].compactMap { $0 }
        return parsed
    }

    /// `json10` or `json11`, from the version URL, else from a bare version number
    /// or a JSON Feed's shape (with a note saying so); nil when the object is no JSON Feed.
    static func format(of feed: JSONElement) -> (FeedFormat, note: String?)? {
        let written = string(feed["version"])
        if let version = written?.lowercased(), version.contains("jsonfeed.org/version/") {
            return (version.hasSuffix("/1") || version.hasSuffix("/1.0") ? .json10 : .json11, nil)
        }
        if let written {
            let format: FeedFormat
            switch written {
            case "1", "1.0": format = .json10
            case "1.1": format = .json11
            default: return nil
            }
            let url = format == .json10 ? "https://jsonfeed.org/version/1" : "https://jsonfeed.org/version/1.1"
            return (format, "the JSON Feed version is \"\(written)\" rather than \"\(url)\"; read as JSON Feed \(format == .json10 ? "1.0" : "1.1")")
        }
        let shaped = feed["items"]?.isArray == true && ["title", "home_page_url", "feed_url"].contains { string(feed[$0]) != nil }
        guard shaped else { return nil }
        return (.json11, "the document names no JSON Feed version; read as JSON Feed 1.1, whose shape it has")
    }

    private static func item(_ item: JSONElement, scope feedScope: XMLScope) -> ParsedItem {
        var scope = feedScope
        if let language = string(item["language"]) { scope.language = language }
        let link = scope.resolve(string(item["url"]))
        var content: [TextConstruct] = []
        if let html = string(item["content_html"]) {
            let markupBase = URLResolver.firstAbsolute(link, scope.base)
            content.append(TextConstruct(HTMLLinks.resolvingRelativeURLs(in: html, base: markupBase), type: .html,
                                         language: scope.language, base: scope.base))
        }
        if let plain = text(item["content_text"], scope: scope) { content.append(plain) }
        let attachments = objects(item["attachments"])
        let enclosures = attachments.compactMap { attachment -> (FeedLink, Enclosure)? in
            guard let url = scope.resolve(string(attachment["url"])) else { return nil }
            let type = string(attachment["mime_type"])
            let size = attachment["size_in_bytes"].flatMap(FoundationNumber.intValue)
            let length = size.flatMap { $0 > 0 ? $0 : nil }
            return (FeedLink(href: url, rel: "enclosure", type: type, title: string(attachment["title"]), length: length),
                    Enclosure(url: url, type: type, length: length))
        }
        var links = [link.map { FeedLink(href: $0, type: "text/html") },
                     scope.resolve(string(item["external_url"])).map { FeedLink(href: $0, rel: "related", type: "text/html") }]
            .compactMap { $0 }
        links += enclosures.map(\.0)
        let image = scope.resolve(string(item["image"])) ?? scope.resolve(string(item["banner_image"]))
        let categories = (item["tags"]?.elements ?? []).compactMap { string($0) }.map { Category(term: $0) }
        return ParsedItem(id: string(item["id"]) ?? item["id"].flatMap(FoundationNumber.stringValue), title: text(item["title"], scope: scope),
                          link: link, links: links,
                          published: string(item["date_published"]).flatMap(FeedDate.parse),
                          updated: string(item["date_modified"]).flatMap(FeedDate.parse),
                          authors: authors(item, scope: scope), summary: text(item["summary"], scope: scope),
                          content: content, categories: categories,
                          imageURL: image ?? enclosures.first { MediaImage.isImage(medium: nil, type: $0.1.type) }?.1.url,
                          enclosures: enclosures.map(\.1), language: scope.language)
    }

    /// 1.1's `authors`, else 1.0's `author`.
    private static func authors(_ object: JSONElement, scope: XMLScope) -> [Person] {
        let list = object["authors"].flatMap { $0.isArray ? $0.elements : nil } ?? [object["author"]].compactMap { $0 }
        return list.filter(\.isObject).compactMap { author in
            let person = Person(name: string(author["name"]), url: scope.resolve(string(author["url"])))
            return person == Person() ? nil : person
        }
    }

    private static func text(_ value: JSONElement?, scope: XMLScope) -> TextConstruct? {
        string(value).map { TextConstruct($0, type: .text, language: scope.language, base: scope.base) }
    }

    /// A non-empty string value, trimmed.
    private static func string(_ value: JSONElement?) -> String? {
        value?.string?.trimmedOrNil
    }

    /// The objects of a list (none when it is no list); other elements are skipped.
    private static func objects(_ value: JSONElement?) -> [JSONElement] {
        (value?.elements ?? []).filter(\.isObject)
    }
}

private extension JSONElement {
    /// A member as `JSONSerialization`'s dictionary held it: of two with one key, the last.
    subscript(_ key: String) -> JSONElement? { lastMember(key) }
}
