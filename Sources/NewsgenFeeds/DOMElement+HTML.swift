import NewsgenHTML
extension DOMElement {
    /// HTML elements that have no end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// The children serialized as HTML: what an Atom `type="xhtml"` construct
    /// contributes once its wrapping `<div>` is removed. Elements are written by
    /// local name; namespace declarations are dropped, except that `math` and
    /// `svg` keep their namespace so browsers still render them.
    var innerHTML: String {
        var result = ""
        for child in children { Self.serialize(child, to: &result) }
        return result
    }

    private static let mathML = "http://www.w3.org/1998/Math/MathML"
    private static let svg = "http://www.w3.org/2000/svg"

    private static func serialize(_ node: DOMNode, to result: inout String) {
        switch node {
        case .text(let text):
            result += HTMLEscape.text(text)
        case .element(let element):
            let name = element.name
            result += "<" + name
            if let namespace = element.namespace, (name == "math" && namespace == mathML) || (name == "svg" && namespace == svg) {
                result += " xmlns=\"\(namespace)\""
            }
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
