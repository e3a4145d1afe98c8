import Foundation
import NewsgenHTML
import NewsgenModel

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

    /// The construct: text keeps its text (whitespace collapsed when `oneLine`),
    /// html its markup, xhtml the serialized inside of its `div`. Out-of-line
    /// content (`src`) and other media types give nil.
    static func construct(_ element: DOMElement, oneLine: Bool = false) -> TextConstruct? {
        guard element.attribute("src") == nil else { return nil }
        let value: String?
        let type: TextConstruct.Kind
        switch kind(of: element) {
        case .text:
            value = oneLine ? element.lineText : element.trimmedText
            type = .text
        case .html:
            value = element.trimmedText
            type = .html
        case .xhtml:
            value = xhtmlContainer(element).innerHTML.trimmedOrNil
            type = .xhtml
        case .other: return nil
        }
        return value.map { TextConstruct($0, type: type) }
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
