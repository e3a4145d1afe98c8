import Foundation

/// The feed formats the parser recognises. Later formats are added as cases.
public enum FeedFormat: String, Sendable, Equatable, Codable {
    case rss2 = "rss2"
    case atom1 = "atom1"
}

/// A feed as its document says it, before identity, slugs or the archive:
/// the value the Parse stage hands to the Archive stage.
public struct ParsedFeed: Sendable, Equatable {
    public var format: FeedFormat
    public var title: String?
    /// The feed's alternate (website) link, absolute when the document allows it.
    public var link: String?
    public var subtitle: String?
    public var updated: Date?
    public var items: [ParsedItem]

    public init(format: FeedFormat, title: String? = nil, link: String? = nil, subtitle: String? = nil,
                updated: Date? = nil, items: [ParsedItem] = []) {
        self.format = format
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.updated = updated
        self.items = items
    }
}

/// A media file attached to an item (RSS `enclosure`, Atom `link rel="enclosure"`).
public struct Enclosure: Sendable, Equatable, Codable {
    public var url: String
    public var type: String?
    public var length: Int?

    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// One entry of a feed. Text fields are plain text; `summaryHTML` and
/// `contentHTML` are HTML (a `type="text"` construct arrives here escaped).
public struct ParsedItem: Sendable, Equatable {
    /// RSS `guid` or Atom `id`: the preferred identity key.
    public var id: String?
    public var title: String?
    public var link: String?
    public var published: Date?
    public var updated: Date?
    public var author: String?
    public var summaryHTML: String?
    public var contentHTML: String?
    public var categories: [String]
    /// The item's picture: `media:thumbnail`, `media:content` of an image type, or an image enclosure.
    public var imageURL: String?
    public var enclosures: [Enclosure]

    public init(id: String? = nil, title: String? = nil, link: String? = nil, published: Date? = nil,
                updated: Date? = nil, author: String? = nil, summaryHTML: String? = nil,
                contentHTML: String? = nil, categories: [String] = [], imageURL: String? = nil,
                enclosures: [Enclosure] = []) {
        self.id = id
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.author = author
        self.summaryHTML = summaryHTML
        self.contentHTML = contentHTML
        self.categories = categories
        self.imageURL = imageURL
        self.enclosures = enclosures
    }
}
