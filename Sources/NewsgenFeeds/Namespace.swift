/// A vocabulary's namespace, as the set of URIs that feeds in the wild use for it
/// (Media RSS, for one, appears with and without its trailing slash).
struct Namespace: Sendable, Equatable {
    let uris: [String?]

    init(_ uris: String?...) { self.uris = uris }

    func contains(_ uri: String?) -> Bool { uris.contains(uri) }

    /// Elements in no namespace: RSS 0.91–2.0 core elements.
    static let none = Namespace(nil)
    static let atom = Namespace("http://www.w3.org/2005/Atom")
    static let content = Namespace("http://purl.org/rss/1.0/modules/content/")
    static let dublinCore = Namespace("http://purl.org/dc/elements/1.1/")
    static let dublinCoreTerms = Namespace("http://purl.org/dc/terms/")
    static let media = Namespace("http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss")
    static let xhtml = Namespace("http://www.w3.org/1999/xhtml")

    /// The Atom 1.0 namespace URI, which decides whether a `<feed>` root is Atom 1.0.
    static let atomURI = "http://www.w3.org/2005/Atom"
}
