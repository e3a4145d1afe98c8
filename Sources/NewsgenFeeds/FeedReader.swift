import Foundation
import NewsgenModel
import NewsgenHTML

/// One small reader per feed format. `FeedParser` asks each registered reader
/// whether it recognises the root element; adding a format (RSS 1.0, Atom 0.3,
/// JSON Feed) means adding a reader, not editing the others.
protocol FeedReader: Sendable {
    /// True when this reader understands a document with this root element.
    static func accepts(_ root: DOMElement) -> Bool
    /// Reads the feed. `baseURL` is where the document came from, when known.
    static func read(_ root: DOMElement, baseURL: String?) -> ParsedFeed
}

extension DOMElement {
    /// The element's text, trimmed; nil when there is none.
    var trimmedText: String? {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    /// The element's text with whitespace collapsed, for one-line fields like titles.
    var lineText: String? {
        let value = HTMLText.collapsingWhitespace(text)
        return value.isEmpty ? nil : value
    }

    /// The element as HTML: its text (escaped or CDATA markup, the usual case), or,
    /// when a publisher wrote the markup unescaped, its children serialized.
    var htmlContent: String? {
        elements.isEmpty ? trimmedText : innerHTML.trimmedOrNil
    }

    /// The trimmed text of the first child with this name, for simple fields.
    func childText(_ name: String, _ namespace: Namespace) -> String? {
        first(name, namespace)?.trimmedText
    }
}

extension Array where Element == String {
    /// The strings without blanks and repeats, in first-seen order.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
