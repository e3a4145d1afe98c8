/// A vocabulary's namespace, as the set of URIs that feeds in the wild use for it
/// (Media RSS, for one, appears with and without its trailing slash). URIs are
/// compared without regard to case, as feedparser does, because publishers
/// write `http://purl.org/RSS/1.0/` and mean the same thing.
struct Namespace: Sendable, Equatable {
    let uris: [String?]

    init(_ uris: String?...) { self.uris = uris.map { $0?.lowercased() } }

    func contains(_ uri: String?) -> Bool {
        guard let uri else { return uris.contains(nil) }
        // Asked for every element a reader meets: a URI already in lower case is not lowercased again.
        let lower = ASCIICase.lowercased(uri)
        if uris.contains(lower) { return true }
        // Any backend.userland.com namespace means plain RSS (feedparser's rule).
        return uris.contains(nil) && Self.mentionsUserland(lower)
    }

    /// `lower.contains("backend.userland.com/rss")`, searched with Foundation only
    /// when the bytes are there (a URI that holds them is rare).
    private static func mentionsUserland(_ lower: String) -> Bool {
        let needle = Array("backend.userland.com/rss".utf8)
        let bytes = Array(lower.utf8)
        guard bytes.count >= needle.count,
              (0...(bytes.count - needle.count)).contains(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }) else {
            return false
        }
        return lower.contains("backend.userland.com/rss")
    }

    /// Elements of RSS 0.91–2.0: in no namespace, or in one of the namespaces
    /// some RSS 2.0 publishers declared for it.
    static let rss = Namespace(nil, "http://blogs.law.harvard.edu/tech/rss", "http://purl.org/rss/1.0/modules/rss091#")
    static let atom = Namespace("http://www.w3.org/2005/Atom")
    static let atom03 = Namespace("http://purl.org/atom/ns#")
    static let rss090 = Namespace("http://my.netscape.com/rdf/simple/0.9/")
    static let rss10 = Namespace("http://purl.org/rss/1.0/")
    static let rdf = Namespace("http://www.w3.org/1999/02/22-rdf-syntax-ns#")
    static let content = Namespace("http://purl.org/rss/1.0/modules/content/")
    static let dublinCore = Namespace("http://purl.org/dc/elements/1.1/")
    static let dublinCoreTerms = Namespace("http://purl.org/dc/terms/")
    static let media = Namespace("http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss")
    static let itunes = Namespace("http://www.itunes.com/DTDs/PodCast-1.0.dtd", "http://example.com/DTDs/PodCast-1.0.dtd")
    /// Every namespace whose elements feedparser reads as the feed's own core
    /// vocabulary (`title`, `link`, `item`, `entry`…): RSS in all its versions, RDF
    /// site summaries and both Atoms.
    static let core = Namespace(nil, "http://blogs.law.harvard.edu/tech/rss", "http://purl.org/rss/1.0/modules/rss091#",
                                "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/",
                                "http://purl.org/atom/ns#", "http://www.w3.org/2005/Atom", "http://purl.org/echo/",
                                "http://purl.org/pie/", "http://example.com/newformat#", "http://example.com/necho",
                                "uri/of/echo/namespace#")
    static let xhtml = Namespace("http://www.w3.org/1999/xhtml")

    /// The namespace of `xml:base` and `xml:lang`.
    static let xmlURI = "http://www.w3.org/XML/1998/namespace"
}
