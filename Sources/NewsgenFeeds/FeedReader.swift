import Foundation
import NewsgenModel
import NewsgenHTML

/// One small reader per XML feed format. `FeedParser` asks each registered
/// reader whether it recognises the root element; adding a format means adding
/// a reader, not editing the others. The readers share `FieldReader`, so a
/// vocabulary is read the same way in every format.
protocol FeedReader: Sendable {
    /// True when this reader understands a document with this root element.
    static func accepts(_ root: DOMElement) -> Bool
    /// Reads the feed.
    static func read(_ document: FeedDocument) -> ParsedFeed
}

/// A parsed XML document as the readers see it.
struct FeedDocument: Sendable {
    var root: DOMElement
    /// Where the document came from, when known: the outermost base URL.
    var baseURL: String?
    /// What the markup before the root element says (DOCTYPE, the root's namespace declarations).
    var head: DocumentHead

    init(root: DOMElement, baseURL: String? = nil, head: DocumentHead = DocumentHead()) {
        self.root = root
        self.baseURL = baseURL
        self.head = head
    }

    /// The scope at the root element: the document's address, then the root's own `xml:base`/`xml:lang`.
    var rootScope: XMLScope { XMLScope(base: baseURL?.trimmedOrNil).entering(root) }
}

extension String {
    /// The string trimmed of whitespace, or nil when nothing is left.
    var trimmedOrNil: String? {
        let value = trimmingWhitespaceAndNewlines()
        return value.isEmpty ? nil : value
    }
}
