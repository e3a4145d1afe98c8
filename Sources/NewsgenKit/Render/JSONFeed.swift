import Foundation
import NewsgenModel

/// A JSON Feed 1.1 document (https://www.jsonfeed.org/version/1.1/) as plain
/// values. `newsgen inspect` prints one built from a parsed feed; the site's
/// own feed.json can be built the same way from archived articles, so the
/// mapping to JSON lives here once and is tested once.
public struct JSONFeed: Sendable, Equatable {
    /// The `version` member every JSON Feed 1.1 document starts with.
    public static let version = "https://jsonfeed.org/version/1.1"

    /// Plain text; the format requires it, so an untitled feed has `""`.
    public var title: String
    public var homePageURL: String?
    public var feedURL: String?
    /// Plain text.
    public var description: String?
    /// A large square image (RSS `image`, Atom `logo`).
    public var icon: String?
    /// A small image for lists (Atom `icon`).
    public var favicon: String?
    public var language: String?
    public var authors: [Author]
    public var items: [Item]
    /// Extension members; JSON Feed requires their keys to start with `_` (`_newsgen`).
    public var extensions: [String: JSONValue]

    /// A feed; `title` and `items` are the members the format requires.
    public init(title: String, homePageURL: String? = nil, feedURL: String? = nil, description: String? = nil,
                icon: String? = nil, favicon: String? = nil, language: String? = nil, authors: [Author] = [],
                items: [Item] = [], extensions: [String: JSONValue] = [:]) {
        self.title = title
        self.homePageURL = homePageURL
        self.feedURL = feedURL
        self.description = description
        self.icon = icon
        self.favicon = favicon
        self.language = language
        self.authors = authors
        self.items = items
        self.extensions = extensions
    }

    /// A feed or item author. JSON Feed has no e-mail field; producers put it in an extension.
    public struct Author: Sendable, Equatable {
        public var name: String?
        public var url: String?
        public var avatar: String?

        /// An author; JSON Feed wants at least one of the three.
        public init(name: String? = nil, url: String? = nil, avatar: String? = nil) {
            self.name = name
            self.url = url
            self.avatar = avatar
        }
    }

    /// A media file of an item.
    public struct Attachment: Sendable, Equatable {
        public var url: String
        /// Required by the format; nil only when the source gave no type.
        public var mimeType: String?
        public var title: String?
        public var sizeInBytes: Int?
        public var durationInSeconds: Double?

        /// An attachment at `url`.
        public init(url: String, mimeType: String? = nil, title: String? = nil, sizeInBytes: Int? = nil,
                    durationInSeconds: Double? = nil) {
            self.url = url
            self.mimeType = mimeType
            self.title = title
            self.sizeInBytes = sizeInBytes
            self.durationInSeconds = durationInSeconds
        }
    }

    /// One item of the feed.
    public struct Item: Sendable, Equatable {
        /// Required by the format; unique within the feed over time.
        public var id: String
        public var url: String?
        /// A page the item is about, elsewhere (a link blog's target).
        public var externalURL: String?
        /// Plain text.
        public var title: String?
        public var contentHTML: String?
        public var contentText: String?
        /// Plain text.
        public var summary: String?
        public var image: String?
        public var bannerImage: String?
        public var datePublished: Date?
        public var dateModified: Date?
        public var authors: [Author]
        public var tags: [String]
        public var language: String?
        public var attachments: [Attachment]
        /// Extension members (`_newsgen`).
        public var extensions: [String: JSONValue]

        /// An item; only `id` is required by the format.
        public init(id: String, url: String? = nil, externalURL: String? = nil, title: String? = nil,
                    contentHTML: String? = nil, contentText: String? = nil, summary: String? = nil, image: String? = nil,
                    bannerImage: String? = nil, datePublished: Date? = nil, dateModified: Date? = nil,
                    authors: [Author] = [], tags: [String] = [], language: String? = nil,
                    attachments: [Attachment] = [], extensions: [String: JSONValue] = [:]) {
            self.id = id
            self.url = url
            self.externalURL = externalURL
            self.title = title
            self.contentHTML = contentHTML
            self.contentText = contentText
            self.summary = summary
            self.image = image
            self.bannerImage = bannerImage
            self.datePublished = datePublished
            self.dateModified = dateModified
            self.authors = authors
            self.tags = tags
            self.language = language
            self.attachments = attachments
            self.extensions = extensions
        }
    }
}

extension JSONFeed {
    /// The document as a JSON value: absent members left out, empty optional
    /// lists left out (`items` is always there), dates as RFC 3339 in UTC.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = extensions
        object["version"] = .string(Self.version)
        object["title"] = .string(title)
        object["home_page_url"] = homePageURL.map(JSONValue.string)
        object["feed_url"] = feedURL.map(JSONValue.string)
        object["description"] = description.map(JSONValue.string)
        object["icon"] = icon.map(JSONValue.string)
        object["favicon"] = favicon.map(JSONValue.string)
        object["language"] = language.map(JSONValue.string)
        object["authors"] = Self.list(authors.map(\.jsonValue))
        object["items"] = .array(items.map(\.jsonValue))
        return .object(object)
    }

    /// The document as JSON text, byte-for-byte stable (see `JSONValue.prettyPrinted`).
    public var jsonText: String { jsonValue.prettyPrinted() }

    /// A list member, or nothing when the list is empty.
    static func list(_ elements: [JSONValue]) -> JSONValue? { elements.isEmpty ? nil : .array(elements) }
}

extension JSONFeed.Author {
    /// The author object; absent members left out.
    public var jsonValue: JSONValue {
        .object(dropping: ["name": name.map(JSONValue.string), "url": url.map(JSONValue.string),
                           "avatar": avatar.map(JSONValue.string)])
    }
}

extension JSONFeed.Attachment {
    /// The attachment object; absent members left out.
    public var jsonValue: JSONValue {
        .object(dropping: ["url": .string(url), "mime_type": mimeType.map(JSONValue.string),
                           "title": title.map(JSONValue.string),
                           "size_in_bytes": sizeInBytes.map { JSONValue.number(Double($0)) },
                           "duration_in_seconds": durationInSeconds.map(JSONValue.number)])
    }
}

extension JSONFeed.Item {
    /// The item object: extension members, then the JSON Feed members (absent ones left out).
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = extensions
        object["id"] = .string(id)
        object["url"] = url.map(JSONValue.string)
        object["external_url"] = externalURL.map(JSONValue.string)
        object["title"] = title.map(JSONValue.string)
        object["content_html"] = contentHTML.map(JSONValue.string)
        object["content_text"] = contentText.map(JSONValue.string)
        object["summary"] = summary.map(JSONValue.string)
        object["image"] = image.map(JSONValue.string)
        object["banner_image"] = bannerImage.map(JSONValue.string)
        object["date_published"] = datePublished.map { JSONValue.string(RFC3339.string(from: $0)) }
        object["date_modified"] = dateModified.map { JSONValue.string(RFC3339.string(from: $0)) }
        object["authors"] = JSONFeed.list(authors.map(\.jsonValue))
        object["tags"] = JSONFeed.list(tags.map(JSONValue.string))
        object["language"] = language.map(JSONValue.string)
        object["attachments"] = JSONFeed.list(attachments.map(\.jsonValue))
        return .object(object)
    }
}
