import Foundation
import NewsgenModel

/// Atom 0.3 (`http://purl.org/atom/ns#`), and the drafts before it (a
/// `<feed>` in no namespace or in the Echo/Pie draft namespaces), read by
/// `AtomReader` with Atom 0.3's text rules.
enum Atom03Reader: FeedReader {
    static func accepts(_ root: DOMElement) -> Bool {
        root.matches("feed", .core) && !root.matches("feed", .atom)
    }

    static func read(_ document: FeedDocument) -> ParsedFeed {
        AtomReader.read(document, format: .atom03, dialect: .atom03)
    }
}
