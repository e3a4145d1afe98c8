import Foundation

/// The feed formats the parser recognises. Raw values are feedparser's
/// `version` strings, so tools built around feedparser read them as they expect.
public enum FeedFormat: String, Sendable, Equatable, Codable, CaseIterable {
    case rss090, rss091u, rss091n, rss092, rss093, rss094, rss20
    /// An `<rss>` document whose version attribute is missing or unknown.
    case rss
    /// RSS 1.0 (RDF).
    case rss10
    case atom03, atom10
    case json10, json11
}

/// A feed as its document says it, before identity, slugs or the archive:
/// the value the Parse stage hands to the Archive stage, and what
/// `newsgen inspect` prints.
public struct ParsedFeed: Sendable, Equatable {
    public var format: FeedFormat
    public var title: TextConstruct?
    public var subtitle: TextConstruct?
    /// Atom `rights`, RSS `copyright`, `dc:rights`.
    public var rights: TextConstruct?
    /// The feed's alternate (website) link, absolute when the document allows it.
    public var link: String?
    /// The feed's own address (`atom:link rel="self"`, JSON Feed `feed_url`).
    public var feedURL: String?
    /// Every link the document gives, in document order.
    public var links: [FeedLink]
    /// Atom `id`.
    public var id: String?
    public var authors: [Person]
    public var contributors: [Person]
    /// `xml:lang`, RSS `language`, `dc:language`, JSON Feed `language`.
    public var language: String?
    public var published: Date?
    public var updated: Date?
    public var generator: Generator?
    /// RSS `image/url`, Atom `logo`, else `itunes:image`.
    public var imageURL: String?
    /// Atom `icon`, JSON Feed `favicon`.
    public var iconURL: String?
    public var categories: [Category]
    public var items: [ParsedItem]
    /// Why the document was not well-formed, when the parser recovered from it
    /// (feedparser's "bozo"); nil for a well-formed document.
    public var illFormedReason: String?
    /// Where in the document the XML first broke, when it did (so a warning can say `file:line:column`).
    public var illFormedPlace: TextPlace?
    /// How many well-formedness problems the XML parser stepped over, the first of them in
    /// `illFormedReason`: only the first is kept, the rest are counted (0 for a well-formed document).
    public var illFormedProblems = 0
    /// The character encoding the document was read in (`utf-8`, `windows-1252`, …).
    public var encoding: String?
    /// What the parser read leniently without calling the document ill-formed
    /// (a JSON Feed whose `version` is not a jsonfeed.org URL), in a person's words.
    public var notes: [String] = []

    public init(format: FeedFormat, title: TextConstruct? = nil, subtitle: TextConstruct? = nil,
                rights: TextConstruct? = nil, link: String? = nil, feedURL: String? = nil, links: [FeedLink] = [],
                id: String? = nil, authors: [Person] = [], contributors: [Person] = [], language: String? = nil,
                published: Date? = nil, updated: Date? = nil, generator: Generator? = nil, imageURL: String? = nil,
                iconURL: String? = nil, categories: [Category] = [], items: [ParsedItem] = [],
                illFormedReason: String? = nil, encoding: String? = nil) {
        self.format = format
        self.title = title
        self.subtitle = subtitle
        self.rights = rights
        self.link = link
        self.feedURL = feedURL
        self.links = links
        self.id = id
        self.authors = authors
        self.contributors = contributors
        self.language = language
        self.published = published
        self.updated = updated
        self.generator = generator
        self.imageURL = imageURL
        self.iconURL = iconURL
        self.categories = categories
        self.items = items
        self.illFormedReason = illFormedReason
        self.encoding = encoding
    }

    /// feedparser's `bozo`.
    public var isIllFormed: Bool { illFormedReason != nil }
}

/// One entry of a feed.
public struct ParsedItem: Sendable, Equatable {
    /// RSS `guid`, Atom `id`, JSON Feed `id`: the preferred identity key.
    public var id: String?
    /// True when the RSS `guid` is also the item's link (feedparser's `guidislink`).
    public var guidIsLink: Bool
    public var title: TextConstruct?
    /// The alternate link: the article on the publisher's site.
    public var link: String?
    /// Every link the item gives, in document order (enclosures included).
    public var links: [FeedLink]
    public var published: Date?
    public var updated: Date?
    /// Atom 0.3 `created`.
    public var created: Date?
    public var authors: [Person]
    public var contributors: [Person]
    public var summary: TextConstruct?
    /// Full content; most feeds give one, Atom 0.3 may give several.
    public var content: [TextConstruct]
    public var categories: [Category]
    /// The item's picture: `media:thumbnail`, `media:content` of an image type, `itunes:image`, or an image enclosure.
    public var imageURL: String?
    public var enclosures: [Enclosure]
    /// The entry's `xml:lang`, when it differs from nothing at all.
    public var language: String?
    /// RSS `comments`: the page with the item's comments.
    public var commentsURL: String?
    /// Atom `rights`, `dc:rights`: the entry's own copyright statement.
    public var rights: TextConstruct?
    /// What newsgen 0.1.0 read as this item's identity, when it differs from
    /// `identity` (an id it resolved like a link, an ampersand or entity it
    /// dropped, a namespace it did not know): the archive still matches an item by
    /// the key made from it, so an article stored then keeps its id (ADR 017).
    public var previousIdentity: ItemIdentity?

    public init(id: String? = nil, guidIsLink: Bool = false, title: TextConstruct? = nil, link: String? = nil,
                links: [FeedLink] = [], published: Date? = nil, updated: Date? = nil, created: Date? = nil,
                authors: [Person] = [], contributors: [Person] = [], summary: TextConstruct? = nil,
                content: [TextConstruct] = [], categories: [Category] = [], imageURL: String? = nil,
                enclosures: [Enclosure] = [], language: String? = nil, commentsURL: String? = nil,
                rights: TextConstruct? = nil) {
        self.id = id
        self.guidIsLink = guidIsLink
        self.title = title
        self.link = link
        self.links = links
        self.published = published
        self.updated = updated
        self.created = created
        self.authors = authors
        self.contributors = contributors
        self.summary = summary
        self.content = content
        self.categories = categories
        self.imageURL = imageURL
        self.enclosures = enclosures
        self.language = language
        self.commentsURL = commentsURL
        self.rights = rights
    }
}

extension ParsedItem {
    /// What the item's identity key is made of (see `ArticleID.key`).
    public var identity: ItemIdentity { ItemIdentity(id: id, link: link, title: title, date: published ?? updated) }
}

/// The fields an item's identity key is made of (PRODUCT.md: guid or id, else
/// link, else title and date).
public struct ItemIdentity: Sendable, Equatable {
    public var id: String?
    public var link: String?
    public var title: TextConstruct?
    /// Published, else updated.
    public var date: Date?

    public init(id: String? = nil, link: String? = nil, title: TextConstruct? = nil, date: Date? = nil) {
        self.id = id
        self.link = link
        self.title = title
        self.date = date
    }
}
