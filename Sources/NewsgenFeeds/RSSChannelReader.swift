import Foundation
import NewsgenModel
import NewsgenHTML

/// What RSS 0.9x–2.0 and RDF (RSS 0.90 and 1.0) share once their channel and
/// items are found: one vocabulary, read by `FieldReader` with RSS's rules
/// (plain text that looks like HTML is HTML; a permalink guid is the link).
enum RSSChannelReader {
    /// An item element with the scope of the element it stands in.
    typealias PlacedItem = (element: DOMElement, parent: XMLScope)

    static func read(_ document: FeedDocument, format: FeedFormat, channel: DOMElement?, items: [PlacedItem],
                     imageURL: String? = nil) -> ParsedFeed {
        let rootScope = document.rootScope
        let channelScope = channel.map { FieldReader.feedScope($0, scope: rootScope.entering($0), dialect: .rss) } ?? rootScope
        var fields = channel.map { FieldReader(dialect: .rss, level: .feed, scope: channelScope).read($0) } ?? FeedFields()
        let fallback = URLResolver.firstAbsolute(fields.link)
        fields.imageURL = fields.imageURL ?? URLResolver.resolve(imageURL, against: fallback)
        let parsedItems = items.map { placed -> ParsedItem in
            let (itemFields, scope) = FieldReader.readEntry(placed.element, parent: placed.parent,
                                                            fallbackBase: fallback, dialect: .rss)
            var item = itemFields.item(scope: scope, mediaImage: MediaImage.imageURL(in: placed.element, base: scope.resolvingBase))
            // RDF names each item by its rdf:about; a guid says better.
            if item.id == nil { item.id = placed.element.attribute("about", in: .rdf)?.trimmedOrNil }
            return item
        }
        return fields.feed(format: format, rootLanguage: rootScope.language, items: parsedItems)
    }

    /// The items of a channel, in document order, with their parent's scope.
    static func items(in container: DOMElement?, scope: XMLScope) -> [PlacedItem] {
        guard let container else { return [] }
        return container.all("item", .core).map { ($0, scope) }
    }
}
