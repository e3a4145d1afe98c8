import Foundation
import NewsgenHTML
import NewsgenModel

extension JSONFeed {
    /// The key of newsgen's extension object on the feed and on each item.
    public static let extensionKey = "_newsgen"

    /// A parsed feed as JSON Feed 1.1, the way `newsgen inspect` prints it.
    ///
    /// The JSON Feed members carry the normalized view (plain-text titles, HTML
    /// content, RFC 3339 dates). What JSON Feed has no member for — the format
    /// detected, the ill-formed flag, what was read leniently (`notes`), the encoding, text constructs with their
    /// type, language and base, every link, e-mail addresses, contributors,
    /// category schemes, the generator — goes into a `_newsgen` object on the
    /// feed and on each item, so nothing the parser found is lost.
    public init(_ feed: ParsedFeed) {
        self.init(title: feed.title?.plainText ?? "", homePageURL: feed.link, feedURL: feed.feedURL,
                  description: feed.subtitle?.plainText, icon: feed.imageURL, favicon: feed.iconURL,
                  language: feed.language, authors: feed.authors.compactMap(Self.author),
                  items: feed.items.map(Item.init))
        extensions[Self.extensionKey] = .object(dropping: [
            "format": .string(feed.format.rawValue),
            "illFormed": .bool(feed.isIllFormed),
            "illFormedReason": feed.illFormedReason.map(JSONValue.string),
            "notes": Self.list(feed.notes.map(JSONValue.string)),
            "encoding": feed.encoding.map(JSONValue.string),
            "language": feed.language.map(JSONValue.string),
            "id": feed.id.map(JSONValue.string),
            "title": feed.title.map(Self.json),
            "subtitle": feed.subtitle.map(Self.json),
            "rights": feed.rights.map(Self.json),
            "links": Self.list(feed.links.map(Self.json)),
            "authors": Self.list(feed.authors.map(Self.json)),
            "contributors": Self.list(feed.contributors.map(Self.json)),
            "categories": Self.list(feed.categories.map(Self.json)),
            "generator": feed.generator.map(Self.json),
            "published": feed.published.map(Self.json),
            "updated": feed.updated.map(Self.json),
        ])
    }

    /// A JSON Feed author needs a name or a URL; a person known only by e-mail
    /// appears in `_newsgen.authors` alone.
    static func author(_ person: Person) -> Author? {
        guard person.name != nil || person.url != nil else { return nil }
        return Author(name: person.name, url: person.url)
    }

    static func json(_ text: TextConstruct) -> JSONValue {
        .object(dropping: ["value": .string(text.value), "type": .string(text.type.rawValue),
                           "language": text.language.map(JSONValue.string), "base": text.base.map(JSONValue.string)])
    }

    static func json(_ person: Person) -> JSONValue {
        .object(dropping: ["name": person.name.map(JSONValue.string), "email": person.email.map(JSONValue.string),
                           "url": person.url.map(JSONValue.string)])
    }

    static func json(_ link: FeedLink) -> JSONValue {
        .object(dropping: ["href": .string(link.href), "rel": .string(link.rel), "type": link.type.map(JSONValue.string),
                           "title": link.title.map(JSONValue.string),
                           "length": link.length.map { JSONValue.number(Double($0)) }])
    }

    static func json(_ category: NewsgenModel.Category) -> JSONValue {
        .object(dropping: ["term": .string(category.term), "scheme": category.scheme.map(JSONValue.string),
                           "label": category.label.map(JSONValue.string)])
    }

    static func json(_ generator: Generator) -> JSONValue {
        .object(dropping: ["name": generator.name.map(JSONValue.string), "version": generator.version.map(JSONValue.string),
                           "url": generator.url.map(JSONValue.string)])
    }

    static func json(_ date: Date) -> JSONValue { .string(RFC3339.string(from: date)) }
}

extension JSONFeed.Item {
    /// One parsed item. `id` is the document's id, else the item's link (JSON
    /// Feed requires one); `_newsgen.synthesizedID` says when it was not given.
    /// Content falls back to the summary, as JSON Feed requires content.
    public init(_ item: ParsedItem) {
        let body = item.content.first ?? item.summary
        let related = item.links.first { $0.rel == "related" && $0.href != item.link }
        self.init(id: item.id ?? item.link ?? "", url: item.link, externalURL: related?.href,
                  title: item.title?.plainText, contentHTML: body?.html,
                  contentText: body?.type == .text ? body?.value : nil, summary: item.summary?.plainText,
                  image: item.imageURL, datePublished: item.published, dateModified: item.updated,
                  authors: item.authors.compactMap(JSONFeed.author), tags: item.categories.map(\.term),
                  language: item.language,
                  attachments: item.enclosures.map { JSONFeed.Attachment(url: $0.url, mimeType: $0.type, sizeInBytes: $0.length) })
        extensions[JSONFeed.extensionKey] = .object(dropping: [
            "synthesizedID": item.id == nil ? .bool(true) : nil,
            "guidIsLink": item.guidIsLink ? .bool(true) : nil,
            "language": item.language.map(JSONValue.string),
            "title": item.title.map(JSONFeed.json),
            "summary": item.summary.map(JSONFeed.json),
            "rights": item.rights.map(JSONFeed.json),
            "content": JSONFeed.list(item.content.map(JSONFeed.json)),
            "links": JSONFeed.list(item.links.map(JSONFeed.json)),
            "authors": JSONFeed.list(item.authors.map(JSONFeed.json)),
            "contributors": JSONFeed.list(item.contributors.map(JSONFeed.json)),
            "categories": JSONFeed.list(item.categories.map(JSONFeed.json)),
            "created": item.created.map(JSONFeed.json),
            "comments": item.commentsURL.map(JSONValue.string),
        ])
    }
}
