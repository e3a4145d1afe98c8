/// How much one feed document may hold, beyond its size in bytes
/// (`FeedParser.parse`'s `maxBytes`): what keeps parsing a hostile feed within
/// seconds and a few hundred megabytes (docs/security.md, "Bounded work").
///
/// Why these: libxml2 2.9 (Debian 12) checks an element's attributes for
/// duplicates pair by pair and appends each to the end of a linked list, so one
/// tag with 100,000 attributes takes ten seconds; every element, attribute,
/// comment, processing instruction and entity reference becomes a node, first
/// in libxml2's tree and then in ours, so a few bytes of input (`<a/>`) cost a
/// few hundred bytes of memory; every item becomes a `ParsedItem` and more;
/// and the internal DTD subset is where entity declarations live, whose
/// content libxml2 parses on its own. `MarkupScan` checks the first three in
/// one pass over the bytes before any parser runs. Real feeds stay far below
/// every limit.
public struct ParseLimits: Sendable, Equatable {
    /// Attributes (namespace declarations included) on one XML element.
    public var attributesPerElement: Int
    /// XML: elements, attributes, comments, processing instructions and
    /// references to entities other than the five predefined ones. JSON: values
    /// and object keys.
    public var nodes: Int
    /// Bytes of the `<!DOCTYPE …>` declaration, internal subset included.
    public var doctypeBytes: Int
    /// Items (RSS `item`, Atom `entry`, JSON Feed `items`) in one feed.
    public var items: Int

    public init(attributesPerElement: Int, nodes: Int, doctypeBytes: Int, items: Int) {
        self.attributesPerElement = attributesPerElement
        self.nodes = nodes
        self.doctypeBytes = doctypeBytes
        self.items = items
    }

    /// The limits `FeedParser` applies unless told otherwise.
    public static let `default` = ParseLimits(attributesPerElement: 256, nodes: 500_000, doctypeBytes: 262_144, items: 100_000)
}
