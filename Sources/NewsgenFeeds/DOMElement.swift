/// A tiny, immutable Swift view of an XML element, built once from libxml2's tree
/// so the format readers never touch C pointers and can be tested on plain values.
/// Names are compared by local name plus namespace URI, never by prefix, because
/// feeds bind the same vocabulary to whatever prefix they like.
struct DOMElement: Sendable, Equatable {
    /// The local name, without prefix.
    var name: String
    /// The namespace URI, or nil for an element in no namespace.
    var namespace: String?
    /// The prefix as written; kept only to name elements in messages and serializations.
    var prefix: String?
    var attributes: [DOMAttribute]
    var children: [DOMNode]

    init(name: String, namespace: String? = nil, prefix: String? = nil,
         attributes: [DOMAttribute] = [], children: [DOMNode] = []) {
        self.name = name
        self.namespace = namespace
        self.prefix = prefix
        self.attributes = attributes
        self.children = children
    }

    /// The name as written in the document (`prefix:name`), for messages.
    var qualifiedName: String {
        if let prefix, !prefix.isEmpty { return "\(prefix):\(name)" }
        return name
    }

    /// True when this element has the local name (in any case, as feedparser
    /// reads `pubdate` and `pubDate` alike) in one of the namespaces.
    func matches(_ name: String, _ namespace: Namespace) -> Bool {
        (self.name == name || ASCIICase.equal(self.name, name)) && namespace.contains(self.namespace)
    }

    /// The child elements, in document order.
    var elements: [DOMElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The first child element with this name and namespace.
    func first(_ name: String, _ namespace: Namespace) -> DOMElement? {
        for case .element(let element) in children where element.matches(name, namespace) { return element }
        return nil
    }

    /// Every child element with this name and namespace, in document order.
    func all(_ name: String, _ namespace: Namespace) -> [DOMElement] {
        var found: [DOMElement] = []
        for case .element(let element) in children where element.matches(name, namespace) { found.append(element) }
        return found
    }

    /// The concatenated text of all descendants (what XPath's `string()` gives).
    var text: String {
        var result = ""
        appendText(to: &result)
        return result
    }

    /// The element's own text, without its child elements' (a category's term
    /// when a publisher nested other markup inside it).
    var ownText: String {
        children.reduce(into: "") { result, child in
            if case .text(let text) = child { result += text }
        }
    }

    private func appendText(to result: inout String) {
        for child in children {
            switch child {
            case .text(let text): result += text
            case .element(let element): element.appendText(to: &result)
            }
        }
    }

    /// An attribute's value; `namespace` nil means an unprefixed attribute.
    /// Names compare without regard to case (`isPermaLink`, `ispermalink`).
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        if let exact = attributes.first(where: { $0.name == name && $0.namespace == namespace }) { return exact.value }
        return attributes.first { $0.namespace == namespace && ASCIICase.equal($0.name, name) }?.value
    }

    /// An attribute in a vocabulary's namespace (`rdf:about`, `rdf:resource`).
    func attribute(_ name: String, in namespace: Namespace) -> String? {
        attributes.first { $0.name == name && $0.namespace != nil && namespace.contains($0.namespace) }?.value
    }
}

/// One attribute of a `DOMElement`, with its namespace URI (nil for unprefixed ones).
struct DOMAttribute: Sendable, Equatable {
    var name: String
    var namespace: String?
    var prefix: String?
    var value: String

    init(name: String, namespace: String? = nil, prefix: String? = nil, value: String) {
        self.name = name
        self.namespace = namespace
        self.prefix = prefix
        self.value = value
    }

    var qualifiedName: String {
        if let prefix, !prefix.isEmpty { return "\(prefix):\(name)" }
        return name
    }
}

/// A child of a `DOMElement`: comments and processing instructions are dropped
/// when the tree is built, CDATA arrives as text.
enum DOMNode: Sendable, Equatable {
    case element(DOMElement)
    case text(String)
}
