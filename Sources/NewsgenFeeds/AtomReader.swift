import Foundation
import NewsgenModel
import NewsgenHTML

/// Atom 1.0 (RFC 4287): `<feed>` in the Atom namespace. The reading itself is
/// shared with Atom 0.3 (`Atom03Reader`), which differs in names (`tagline`,
/// `copyright`, `issued`, `modified`), `mode`, and keeping XHTML's `div`.
enum AtomReader: FeedReader {
    static func accepts(_ root: DOMElement) -> Bool {
        root.matches("feed", .atom)
    }

    static func read(_ document: FeedDocument) -> ParsedFeed {
        read(document, format: .atom10, dialect: .atom10)
    }

    /// Reads an Atom feed of either version. An entry without authors takes its
    /// `source`'s, else the feed's (RFC 4287 section 4.2.1).
    static func read(_ document: FeedDocument, format: FeedFormat, dialect: TextDialect) -> ParsedFeed {
        let root = document.root
        let rootScope = FieldReader.feedScope(root, scope: document.rootScope, dialect: dialect)
        let fields = FieldReader(dialect: dialect, level: .feed, scope: rootScope).read(root)
        let fallback = URLResolver.firstAbsolute(fields.link)
        // feedparser reads an `item` in an Atom feed as an entry.
        let entries = root.elements.filter { $0.matches("entry", .core) || $0.matches("item", .core) }
        let items = entries.map { entry -> ParsedItem in
            var (entryFields, scope) = FieldReader.readEntry(entry, parent: rootScope, fallbackBase: fallback, dialect: dialect)
            if entryFields.authors.isEmpty { entryFields.authors = entryFields.sourceAuthors }
            if entryFields.authors.isEmpty { entryFields.authors = fields.authors }
            return entryFields.item(scope: scope, mediaImage: MediaImage.imageURL(in: entry, base: scope.resolvingBase))
        }
        return fields.feed(format: format, rootLanguage: rootScope.language, items: items)
    }
}
