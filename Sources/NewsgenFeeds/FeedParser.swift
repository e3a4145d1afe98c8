import Foundation
import NewsgenModel

/// Turns the bytes of a feed document into a `ParsedFeed`: the Parse stage.
///
/// The format is decided by the root element, and each format has its own small
/// reader over a Swift copy of the XML tree (see `FeedReader`), so formats can
/// be added without touching the others. Parsing never reads the network or
/// the disk, never resolves external entities, and refuses oversized input.
public enum FeedParser {
    /// The default input limit, 20 MB, matching `fetch.maxFeedMB`'s default.
    public static let defaultMaxBytes = 20 * 1024 * 1024

    /// The readers tried in order; the first that accepts the root element reads the feed.
    static let readers: [any FeedReader.Type] = [RSSReader.self, AtomReader.self]

    /// Parses one feed document.
    /// - Parameters:
    ///   - data: The document's bytes, as fetched or read.
    ///   - baseURL: Where the document came from; relative links resolve against
    ///     the feed's own link when that is absolute, else against this.
    ///   - maxBytes: Larger input is refused before any parsing.
    public static func parse(_ data: Data, baseURL: String? = nil,
                             maxBytes: Int = defaultMaxBytes) throws(FeedParseError) -> ParsedFeed {
        guard data.count <= maxBytes else { throw FeedParseError(.tooLarge(size: data.count, limit: maxBytes)) }
        guard hasContent(data) else { throw FeedParseError(.emptyDocument) }
        let root = try LibXMLDocument.parse(data)
        for reader in readers where reader.accepts(root) {
            return reader.read(root, baseURL: baseURL)
        }
        if isFeedLike(root) {
            throw FeedParseError(.unsupportedFormat(root: root.qualifiedName, namespace: root.namespace))
        }
        throw FeedParseError(.notAFeed(root: root.qualifiedName))
    }

    /// False for input that is only whitespace and byte-order marks.
    private static func hasContent(_ data: Data) -> Bool {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            if byte.isSpace || byte == 0 {
                index += 1
            } else if data[index...].starts(with: bom) {
                index += 3
            } else {
                return true
            }
        }
        return false
    }

    /// Roots of feed formats no reader handles yet, so the message can say "unsupported" not "not a feed".
    private static func isFeedLike(_ root: DOMElement) -> Bool {
        switch root.name {
        case "rss", "feed", "channel": return true
        case "RDF": return root.namespace == "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        default: return false
        }
    }
}
