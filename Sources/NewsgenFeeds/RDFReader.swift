import Foundation
import NewsgenModel

/// RDF site summaries: RSS 0.90 (`http://my.netscape.com/rdf/simple/0.9/`)
/// and RSS 1.0 (`http://purl.org/rss/1.0/`), whose `channel`, `image` and
/// `item`s stand side by side under `rdf:RDF`.
enum RDFReader: FeedReader {
    static func accepts(_ root: DOMElement) -> Bool {
        root.matches("RDF", .rdf)
    }

    static func read(_ document: FeedDocument) -> ParsedFeed {
        let root = document.root
        let rootScope = document.rootScope
        let channel = root.first("channel", .core)
        let items = RSSChannelReader.items(in: root, scope: rootScope)
            + RSSChannelReader.items(in: channel, scope: channel.map(rootScope.entering) ?? rootScope)
        let image = root.first("image", .core).flatMap { image in
            image.first("url", .core).flatMap { rootScope.entering(image).resolve($0.text) }
        }
        return RSSChannelReader.read(document, format: format(document), channel: channel, items: items, imageURL: image)
    }

    /// RSS 0.90 when its namespace is the default or its elements use it; else RSS 1.0.
    static func format(_ document: FeedDocument) -> FeedFormat {
        if document.head.declaresDefaultNamespace("http://my.netscape.com/rdf/simple/0.9/") { return .rss090 }
        let uses090 = document.root.elements.contains { Namespace.rss090.contains($0.namespace) }
        return uses090 ? .rss090 : .rss10
    }
}
