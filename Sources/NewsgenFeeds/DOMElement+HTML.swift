import NewsgenHTML
extension DOMElement {
    /// HTML elements that have no end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// The children serialized as HTML: what an Atom `type="xhtml"` construct
    /// contributes once its wrapping `<div>` is removed. XHTML elements are
    /// written by local name; namespace declarations are dropped.
    var innerHTML: String {
        var result = ""
        for child in children { Self.serialize(child, to: &result) }
        return result
    }

    private static func serialize(_ node: DOMNode, to result: inout String) {
        switch node {
        case .text(let text):
            result += HTMLEscape.text(text)
        case .element(let element):
            let name = Namespace.xhtml.contains(element.namespace) ? element.name : element.qualifiedName
            result += "<" + name
            for attribute in element.attributes {
                result += " \(attribute.qualifiedName)=\"\(HTMLEscape.attribute(attribute.value))\""
            }
            result += ">"
            if voidElements.contains(name) { return }
            for child in element.children { serialize(child, to: &result) }
            result += "</\(name)>"
        }
    }
}
