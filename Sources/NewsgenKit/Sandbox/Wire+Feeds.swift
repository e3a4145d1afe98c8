import Foundation
import NewsgenFeeds
import NewsgenModel

// What a feed parse answers, field by field. `wireFields` is how many stored properties each
// writes; `WireTests` compares it with the type's own, so a field added to a type and not
// here fails a test instead of vanishing between the worker and the build.

extension ParsedFeed: WireCodable {
    static let wireFields = 23

    func write(to wire: inout WireWriter) {
        wire.string(format.rawValue)
        wire.optional(title)
        wire.optional(subtitle)
        wire.optional(rights)
        wire.optional(link)
        wire.optional(feedURL)
        wire.array(links)
        wire.optional(id)
        wire.array(authors)
        wire.array(contributors)
        wire.optional(language)
        wire.optional(published)
        wire.optional(updated)
        wire.optional(generator)
        wire.optional(imageURL)
        wire.optional(iconURL)
        wire.array(categories)
        wire.array(items)
        wire.optional(illFormedReason)
        wire.optional(illFormedPlace)
        wire.int(illFormedProblems)
        wire.optional(encoding)
        wire.array(notes)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(format: try wire.raw(FeedFormat.self))
        title = try wire.optional()
        subtitle = try wire.optional()
        rights = try wire.optional()
        link = try wire.optionalString()
        feedURL = try wire.optionalString()
        links = try wire.array()
        id = try wire.optionalString()
        authors = try wire.array()
        contributors = try wire.array()
        language = try wire.optionalString()
        published = try wire.optionalDate()
        updated = try wire.optionalDate()
        generator = try wire.optional()
        imageURL = try wire.optionalString()
        iconURL = try wire.optionalString()
        categories = try wire.array()
        items = try wire.array()
        illFormedReason = try wire.optionalString()
        illFormedPlace = try wire.optional()
        illFormedProblems = try wire.int()
        encoding = try wire.optionalString()
        notes = try wire.strings()
    }
}

extension ParsedItem: WireCodable {
    static let wireFields = 19

    func write(to wire: inout WireWriter) {
        wire.optional(id)
        wire.bool(guidIsLink)
        wire.optional(title)
        wire.optional(link)
        wire.array(links)
        wire.optional(published)
        wire.optional(updated)
        wire.optional(created)
        wire.array(authors)
        wire.array(contributors)
        wire.optional(summary)
        wire.array(content)
        wire.array(categories)
        wire.optional(imageURL)
        wire.array(enclosures)
        wire.optional(language)
        wire.optional(commentsURL)
        wire.optional(rights)
        wire.optional(previousIdentity)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init()
        id = try wire.optionalString()
        guidIsLink = try wire.bool()
        title = try wire.optional()
        link = try wire.optionalString()
        links = try wire.array()
        published = try wire.optionalDate()
        updated = try wire.optionalDate()
        created = try wire.optionalDate()
        authors = try wire.array()
        contributors = try wire.array()
        summary = try wire.optional()
        content = try wire.array()
        categories = try wire.array()
        imageURL = try wire.optionalString()
        enclosures = try wire.array()
        language = try wire.optionalString()
        commentsURL = try wire.optionalString()
        rights = try wire.optional()
        previousIdentity = try wire.optional()
    }
}

extension ItemIdentity: WireCodable {
    static let wireFields = 4

    func write(to wire: inout WireWriter) {
        wire.optional(id)
        wire.optional(link)
        wire.optional(title)
        wire.optional(date)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(id: try wire.optionalString(), link: try wire.optionalString(), title: try wire.optional(), date: try wire.optionalDate())
    }
}

extension TextConstruct: WireCodable {
    static let wireFields = 4

    func write(to wire: inout WireWriter) {
        wire.string(value)
        wire.string(type.rawValue)
        wire.optional(language)
        wire.optional(base)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(try wire.string(), type: try wire.raw(Kind.self), language: try wire.optionalString(), base: try wire.optionalString())
    }
}

extension Person: WireCodable {
    static let wireFields = 3

    func write(to wire: inout WireWriter) {
        wire.optional(name)
        wire.optional(email)
        wire.optional(url)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(name: try wire.optionalString(), email: try wire.optionalString(), url: try wire.optionalString())
    }
}

extension FeedLink: WireCodable {
    static let wireFields = 5

    func write(to wire: inout WireWriter) {
        wire.string(href)
        wire.string(rel)
        wire.optional(type)
        wire.optional(title)
        wire.optional(length)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(href: try wire.string(), rel: try wire.string(), type: try wire.optionalString(), title: try wire.optionalString(),
                  length: try wire.optionalInt())
    }
}

extension NewsgenModel.Category: WireCodable {
    static let wireFields = 3

    func write(to wire: inout WireWriter) {
        wire.string(term)
        wire.optional(scheme)
        wire.optional(label)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(term: try wire.string(), scheme: try wire.optionalString(), label: try wire.optionalString())
    }
}

extension Generator: WireCodable {
    static let wireFields = 3

    func write(to wire: inout WireWriter) {
        wire.optional(name)
        wire.optional(version)
        wire.optional(url)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(name: try wire.optionalString(), version: try wire.optionalString(), url: try wire.optionalString())
    }
}

extension Enclosure: WireCodable {
    static let wireFields = 3

    func write(to wire: inout WireWriter) {
        wire.string(url)
        wire.optional(type)
        wire.optional(length)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(url: try wire.string(), type: try wire.optionalString(), length: try wire.optionalInt())
    }
}

extension TextPlace: WireCodable {
    static let wireFields = 2

    func write(to wire: inout WireWriter) {
        wire.int(line)
        wire.int(column)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(line: try wire.int(), column: try wire.int())
    }
}

extension FeedParseError: WireCodable {
    func write(to wire: inout WireWriter) {
        switch reason {
        case .emptyDocument: wire.tag(0)
        case .tooLarge(let size, let limit): wire.tag(1); wire.int(size); wire.int(limit)
        case .notWellFormed(let line, let column, let message): wire.tag(2); wire.int(line); wire.int(column); wire.string(message)
        case .notAFeed(let root): wire.tag(3); wire.string(root)
        case .unsupportedFormat(let root, let namespace): wire.tag(4); wire.string(root); wire.optional(namespace)
        case .entityExpansionLimit: wire.tag(5)
        case .limitExceeded(let line, let column, let limit): wire.tag(6); wire.int(line); wire.int(column); wire.string(limit)
        case .parserUnavailable: wire.tag(7)
        case .parserCrashed(let signal): wire.tag(8); wire.int(Int(signal))
        case .parseTimedOut(let seconds): wire.tag(9); wire.int(seconds)
        }
    }

    init(from wire: inout WireReader) throws(WireError) {
        switch try wire.tag() {
        case 0: self.init(.emptyDocument)
        case 1: self.init(.tooLarge(size: try wire.int(), limit: try wire.int()))
        case 2: self.init(.notWellFormed(line: try wire.int(), column: try wire.int(), message: try wire.string()))
        case 3: self.init(.notAFeed(root: try wire.string()))
        case 4: self.init(.unsupportedFormat(root: try wire.string(), namespace: try wire.optionalString()))
        case 5: self.init(.entityExpansionLimit)
        case 6: self.init(.limitExceeded(line: try wire.int(), column: try wire.int(), limit: try wire.string()))
        case 7: self.init(.parserUnavailable)
        case 8: self.init(.parserCrashed(signal: Int32(truncatingIfNeeded: try wire.int())))
        case 9: self.init(.parseTimedOut(seconds: try wire.int()))
        case let tag: throw WireReader.unknown(tag, of: FeedParseError.self)
        }
    }
}
