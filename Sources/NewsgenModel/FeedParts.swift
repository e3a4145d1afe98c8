/// A text construct (Atom's term, used for every formatted field): the value
/// and how to read it, with the language and base URL in force where it stood.
public struct TextConstruct: Sendable, Equatable {
    /// `text/plain`, `text/html`, `application/xhtml+xml`: feedparser's names.
    public enum Kind: String, Sendable, Equatable, Codable {
        case text = "text/plain"
        case html = "text/html"
        case xhtml = "application/xhtml+xml"
    }

    /// Plain text for `.text`; HTML markup (relative links resolved) for `.html` and `.xhtml`.
    public var value: String
    public var type: Kind
    /// `xml:lang` in force.
    public var language: String?
    /// `xml:base` in force (or the document's address).
    public var base: String?

    public init(_ value: String, type: Kind = .text, language: String? = nil, base: String? = nil) {
        self.value = value
        self.type = type
        self.language = language
        self.base = base
    }
}

/// An author or contributor.
public struct Person: Sendable, Equatable, Codable {
    public var name: String?
    public var email: String?
    public var url: String?

    public init(name: String? = nil, email: String? = nil, url: String? = nil) {
        self.name = name
        self.email = email
        self.url = url
    }

    /// The name, else the e-mail address: what a byline shows.
    public var displayName: String? { name ?? email }
}

/// A link of a feed or item (Atom `link`, RSS `link`, `atom:link`, enclosures).
public struct FeedLink: Sendable, Equatable, Codable {
    public var href: String
    /// `alternate` when the document names none.
    public var rel: String
    public var type: String?
    public var title: String?
    public var length: Int?

    public init(href: String, rel: String = "alternate", type: String? = nil, title: String? = nil, length: Int? = nil) {
        self.href = href
        self.rel = rel
        self.type = type
        self.title = title
        self.length = length
    }
}

/// A category or tag: RSS `category` (with `domain` as scheme), Atom `category`, `dc:subject`, JSON Feed tags.
public struct Category: Sendable, Equatable, Codable {
    public var term: String
    public var scheme: String?
    public var label: String?

    public init(term: String, scheme: String? = nil, label: String? = nil) {
        self.term = term
        self.scheme = scheme
        self.label = label
    }
}

/// The software that made the feed.
public struct Generator: Sendable, Equatable, Codable {
    public var name: String?
    public var version: String?
    public var url: String?

    public init(name: String? = nil, version: String? = nil, url: String? = nil) {
        self.name = name
        self.version = version
        self.url = url
    }
}

/// A media file attached to an item (RSS `enclosure`, Atom `link rel="enclosure"`, JSON Feed attachments).
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
