import Foundation
import NewsgenModel

/// Turns the bytes of a feed document into a `ParsedFeed`: the Parse stage.
///
/// A document whose first significant byte is `{` is read as JSON Feed. For XML,
/// the format is decided by the root element, and each format has its own small
/// reader over a Swift copy of the XML tree (see `FeedReader`), so formats can
/// be added without touching the others. Parsing never reads the network or
/// the disk, never resolves external entities, and refuses oversized input:
/// more than `maxBytes`, or more markup or items than `ParseLimits` allows.
public enum FeedParser {
    /// The default input limit, 20 MB, matching `fetch.maxFeedMB`'s default.
    public static let defaultMaxBytes = 20 * 1024 * 1024

    /// The readers tried in order; the first that accepts the root element reads the feed.
    static let readers: [any FeedReader.Type] = [RSSReader.self, RDFReader.self, AtomReader.self, Atom03Reader.self]

    /// Parses one feed document.
    /// - Parameters:
    ///   - data: The document's bytes, as fetched or read.
    ///   - baseURL: Where the document came from: the outermost base of
    ///     `xml:base` (relative links resolve against the `xml:base` in force,
    ///     else this, else the feed's own link); links inside an item's content
    ///     resolve against the item's link unless the document declares a base.
    ///   - contentType: The HTTP `Content-Type` the document was served with, nil
    ///     for a file: its charset and media type take part in deciding the
    ///     character encoding (see `DocumentDecoder`).
    ///   - maxBytes: Larger input is refused before any parsing.
    ///   - limits: Markup and item counts beyond which the document is refused
    ///     (`.limitExceeded`), the markup ones before any parsing.
    /// - Returns: The feed; `illFormedReason` says why when the document was not
    ///   well-formed but could still be read, `encoding` what it was read in.
    public static func parse(_ data: Data, baseURL: String? = nil, contentType: String? = nil,
                             maxBytes: Int = defaultMaxBytes, limits: ParseLimits = .default) throws(FeedParseError) -> ParsedFeed {
        guard data.count <= maxBytes else { throw FeedParseError(.tooLarge(size: data.count, limit: maxBytes)) }
        guard hasContent(data) else { throw FeedParseError(.emptyDocument) }
        if JSONFeedReader.looksLikeJSON(data) {
            try MarkupScan.checkJSON(data, limits: limits)
            let feed = try JSONFeedReader.read(data, baseURL: baseURL)
            guard feed.items.count <= limits.items else { throw tooManyItems(limits) }
            return feed
        }
        let decoded = DocumentDecoder.decode(data, contentType: contentType)
        let head = DocumentHead(decoded.data)
        var (feed, reading) = try read(decoded, baseURL: baseURL, head: head, limits: limits, rules: .current)
        // Only now, with the first reading's tree freed, is the document read once more if it must be.
        if mayHaveReadIdentitiesDifferently(reading, feed) {
            recordPreviousIdentities(in: &feed, decoded: decoded, baseURL: baseURL, head: head, limits: limits)
        }
        return feed
    }

    /// What a reading did that `ReadingRules.release010` would not have (see `LibXMLDocument.Parsed`).
    private struct Departures {
        var keptAmpersands: Bool
        var correctedNamespaces: Bool
    }

    /// The XML document read by `rules`: the first reader that accepts its root reads it.
    private static func read(_ decoded: DecodedDocument, baseURL: String?, head: DocumentHead, limits: ParseLimits,
                             rules: ReadingRules) throws(FeedParseError) -> (ParsedFeed, Departures) {
        let document = try LibXMLDocument.parse(decoded.data, limits: limits, rules: rules)
        let root = document.root
        // Counted before the readers make an item of each.
        guard itemElementCount(root) <= limits.items else { throw tooManyItems(limits) }
        for reader in readers where reader.accepts(root) {
            var feed = reader.read(FeedDocument(root: root, baseURL: baseURL, head: head))
            feed.encoding = decoded.encoding
            let reasons = [decoded.problem, document.illFormedReason, feed.illFormedReason].compactMap { $0 }
            feed.illFormedReason = reasons.isEmpty ? nil : reasons.joined(separator: "; ")
            if let problem = document.illFormed, problem.line > 0 {
                feed.illFormedPlace = TextPlace(line: problem.line, column: problem.column)
            }
            feed.illFormedProblems = document.problemCount
            return (feed, Departures(keptAmpersands: document.keptAmpersands, correctedNamespaces: document.correctedNamespaces))
        }
        if isFeedLike(root) {
            throw FeedParseError(.unsupportedFormat(root: root.qualifiedName, namespace: root.namespace))
        }
        throw FeedParseError(.notAFeed(root: root.qualifiedName))
    }

    /// False when newsgen 0.1.0 certainly read every item's identity as this release
    /// does (apart from the ids `FieldReader` resolved as it did): no namespace was
    /// corrected, and the field each item's key comes from holds no `&`, where
    /// the text 0.1.0 dropped would be. Most feeds with a bare ampersand have it in
    /// a description, and are then not parsed once more for nothing.
    private static func mayHaveReadIdentitiesDifferently(_ reading: Departures, _ feed: ParsedFeed) -> Bool {
        guard !feed.items.isEmpty else { return false }
        if reading.correctedNamespaces { return true }
        guard reading.keptAmpersands else { return false }
        return feed.items.contains { item in
            let identity = item.identity
            let keyField = [identity.id, identity.link].compactMap { $0?.trimmedOrNil }.first ?? identity.title?.value ?? ""
            return keyField.utf8.contains(UInt8(ascii: "&"))
        }
    }

    /// Sets each item's `previousIdentity` from newsgen 0.1.0's reading of the same
    /// bytes (`ReadingRules.release010`), for a document this release reads
    /// differently. The two readings differ only in text and names, never in
    /// structure, so items pair up by position; if they do not, nothing is set.
    private static func recordPreviousIdentities(in feed: inout ParsedFeed, decoded: DecodedDocument, baseURL: String?,
                                                 head: DocumentHead, limits: ParseLimits) {
        guard let (previous, _) = try? read(decoded, baseURL: baseURL, head: head, limits: limits, rules: .release010),
              previous.items.count == feed.items.count else { return }
        for index in previous.items.indices {
            let then = previous.items[index].previousIdentity ?? previous.items[index].identity
            feed.items[index].previousIdentity = then == feed.items[index].identity ? nil : then
        }
    }

    /// `item` and `entry` elements (any namespace) among the root's children and
    /// grandchildren: where RSS, RDF and Atom keep their items.
    private static func itemElementCount(_ root: DOMElement) -> Int {
        var count = 0
        for case .element(let child) in root.children {
            if isItemName(child.name) { count += 1 }
            for case .element(let grandchild) in child.children where isItemName(grandchild.name) { count += 1 }
        }
        return count
    }

    /// `item` or `entry` in any case, as the readers match names.
    private static func isItemName(_ name: String) -> Bool {
        let length = name.utf8.count
        guard length == 4 || length == 5 else { return false }
        let lowered = name.lowercased()
        return lowered == "item" || lowered == "entry"
    }

    private static func tooManyItems(_ limits: ParseLimits) -> FeedParseError {
        FeedParseError(.limitExceeded(line: 0, column: 0, limit: "the feed has more than \(limits.items) items"))
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
