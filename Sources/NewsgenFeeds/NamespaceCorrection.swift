/// Namespace URIs as publishers mistype them, read as the namespace they meant.
///
/// feedparser reads an element whose namespace URI it does not know by the prefix
/// written before it, so `dc:creator` under `xmlns:dc="http://purl.org/dc/elements/1.1"`
/// (the trailing slash forgotten) is still Dublin Core's creator; so does newsgen,
/// with feedparser's table of prefixes (`UndeclaredPrefix`). A known URI written
/// with `https`, another case, or without (or with an extra) trailing `/` or `#` is
/// also read as that URI, whatever its prefix, the default namespace included.
enum NamespaceCorrection {
    /// The namespace `uri` was meant to be, when it is not itself one newsgen knows;
    /// nil when it is known, or when nothing says what was meant.
    static func intended(_ uri: String, prefix: String?) -> String? {
        // Asked for every element and attribute in a namespace: a URI as usually written is found without lowering it.
        guard !known.contains(uri) else { return nil }
        let lower = ASCIICase.lowercased(uri)
        guard !known.contains(lower) else { return nil }
        if let meant = byLooseForm[looseForm(lower)] { return meant }
        guard let prefix, !prefix.isEmpty else { return nil }
        return UndeclaredPrefix.namespace(for: prefix) ?? UndeclaredPrefix.namespace(for: ASCIICase.lowercased(prefix))
    }

    /// Every namespace URI some reader or feedparser's table knows, in lower case and as usually written.
    private static let known: Set<String> = {
        var uris = Set(UndeclaredPrefix.namespaceURIs)
        for namespace in [Namespace.core, .media, .itunes, .dublinCore, .dublinCoreTerms, .content, .rdf, .xhtml] {
            uris.formUnion(namespace.uris.compactMap { $0 })
        }
        uris.insert(Namespace.xmlURI)
        return uris.union(uris.map(ASCIICase.lowercased))
    }()

    /// Known URIs by their loose form (readers compare URIs in any case, so which spelling stands for one does not matter).
    private static let byLooseForm: [String: String] = {
        var table: [String: String] = [:]
        for uri in known.sorted() { table[looseForm(ASCIICase.lowercased(uri))] = table[looseForm(ASCIICase.lowercased(uri))] ?? uri }
        return table
    }()

    /// `lower` without its scheme (`http://`, `https://`) and trailing `/` and `#`.
    private static func looseForm(_ lower: String) -> String {
        var rest = Substring(lower)
        for scheme in ["http://", "https://"] where rest.hasPrefix(scheme) { rest = rest.dropFirst(scheme.count) }
        while let last = rest.last, last == "/" || last == "#" { rest = rest.dropLast() }
        return String(rest)
    }
}
