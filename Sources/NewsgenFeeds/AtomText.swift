import Foundation
import NewsgenHTML

/// Atom text constructs (`title`, `subtitle`, `summary`, `content`), whose
/// `type` says how to read them: `text` (the default), `html` (escaped markup)
/// or `xhtml` (inline markup wrapped in one XHTML `div`).
enum AtomText {
    private enum Kind {
        case text, html, xhtml, other
    }

    private static func kind(of element: DOMElement) -> Kind {
        let type = (element.attribute("type") ?? "text").trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "text", "": return .text
        case "html", "text/html": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default: return type.hasPrefix("text/") ? .text : .other
        }
    }

    /// Plain text, for titles: HTML loses its tags and character references.
    static func plain(_ element: DOMElement) -> String? {
        let value: String
        switch kind(of: element) {
        case .text, .other: value = HTMLText.collapsingWhitespace(element.text)
        case .html: value = HTMLText.plainText(fromHTML: element.text)
        case .xhtml: value = HTMLText.collapsingWhitespace(xhtmlContainer(element).text)
        }
        return value.isEmpty ? nil : value
    }

    /// HTML, for summaries and content: text is escaped, html taken as is, xhtml
    /// is the serialized inside of its `div`. Out-of-line content (`src`) and
    /// other media types give nil.
    static func html(_ element: DOMElement) -> String? {
        guard element.attribute("src") == nil else { return nil }
        switch kind(of: element) {
        case .text: return element.trimmedText.map(HTMLEscape.text)
        case .html: return element.trimmedText
        case .xhtml: return xhtmlContainer(element).innerHTML.trimmedOrNil
        case .other: return nil
        }
    }

    /// The wrapping XHTML `div`, or the element itself when a publisher left it out.
    private static func xhtmlContainer(_ element: DOMElement) -> DOMElement {
        let significant = element.children.filter {
            if case .text(let text) = $0 { return !text.allSatisfy(\.isWhitespace) }
            return true
        }
        if significant.count == 1, case .element(let div)? = significant.first, div.matches("div", .xhtml) {
            return div
        }
        return element
    }
}
