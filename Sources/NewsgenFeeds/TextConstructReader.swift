import Foundation
import NewsgenHTML
import NewsgenModel

/// How a vocabulary says what its formatted fields hold.
enum TextDialect: Sendable, Equatable {
    /// Atom 1.0: `type="text|html|xhtml"`; an XHTML construct's wrapping `div` is not content.
    case atom10
    /// Atom 0.3: `type` is a MIME type and `mode="xml|escaped|base64"` says how it is written.
    case atom03
    /// RSS and RDF: no types at all; a plain-text field that looks like HTML is read as HTML.
    case rss
}

/// Reads any formatted field (titles, descriptions, summaries, content, rights)
/// into a `TextConstruct`, with the `xml:lang` and base in force, as feedparser does:
/// - the declared type (or the field's default) decides text, HTML or XHTML;
/// - markup written inline where escaped markup was declared is read as XHTML;
/// - base64 content (Atom 0.3 `mode="base64"`, or a non-text type) is decoded;
/// - RSS plain text that looks like HTML becomes HTML (`HTMLGuess`);
/// - relative links inside HTML and XHTML resolve against the scope's `markupBase`.
enum TextConstructReader {
    /// - Parameters:
    ///   - element: The field's element.
    ///   - scope: The scope inside `element` (its own `xml:base`/`xml:lang` applied).
    ///   - defaultType: The MIME type when the element declares none.
    /// - Returns: nil for out-of-line content (`src`) and for binary media types.
    static func read(_ element: DOMElement, scope: XMLScope, dialect: TextDialect,
                     defaultType: TextConstruct.Kind = .text) -> TextConstruct? {
        guard element.attribute("src") == nil else { return nil }
        var type = mimeType(element.attribute("type")) ?? defaultType.rawValue
        let mode = element.attribute("mode")?.trimmingWhitespace().lowercased()
        var value: String
        if element.elements.isEmpty || mode == "escaped" || mode == "base64" {
            value = element.text.trimmingWhitespaceAndNewlines()
            if mode == "base64" || isBinary(type) {
                guard let decoded = base64Text(value) else { return isBinary(type) ? nil : TextConstruct(value, type: .text) }
                value = decoded
            }
        } else if !type.hasSuffix("xml"), let div = soleDiv(element), div.elements.isEmpty {
            // Escaped markup wrapped in a stray XHTML div (TypePad did this): the div is not content.
            value = div.text.trimmingWhitespaceAndNewlines()
        } else {
            // Markup written inline is XHTML, whatever the element declared. Atom 1.0's
            // wrapping div is not content, nor is one around markup declared escaped.
            let declaredXML = type.hasSuffix("xml")
            if !declaredXML { type = TextConstruct.Kind.xhtml.rawValue }
            let container = dialect == .atom10 || !declaredXML ? soleDiv(element) ?? element : element
            value = container.innerHTML.trimmingWhitespaceAndNewlines()
        }
        var kind = kind(of: type)
        if dialect == .rss, kind == .text, HTMLGuess.looksLikeHTML(value) { kind = .html }
        if kind != .text { value = HTMLLinks.resolvingRelativeURLs(in: value, base: scope.markupBase) }
        return TextConstruct(value, type: kind, language: scope.language, base: scope.base)
    }

    /// The declared type as feedparser names it: `text`→`text/plain`, `html`→`text/html`, `xhtml`→XHTML.
    private static func mimeType(_ declared: String?) -> String? {
        guard let declared = declared?.trimmingWhitespace().lowercased(), !declared.isEmpty else { return nil }
        switch declared {
        case "text", "plain": return TextConstruct.Kind.text.rawValue
        case "html": return TextConstruct.Kind.html.rawValue
        case "xhtml": return TextConstruct.Kind.xhtml.rawValue
        default: return declared
        }
    }

    private static func kind(of type: String) -> TextConstruct.Kind {
        switch type {
        case TextConstruct.Kind.html.rawValue: return .html
        case TextConstruct.Kind.xhtml.rawValue: return .xhtml
        default: return type.hasSuffix("+xml") || type.hasSuffix("/xml") ? .xhtml : .text
        }
    }

    /// Types that are neither text nor XML: their content is base64.
    private static func isBinary(_ type: String) -> Bool {
        !type.hasPrefix("text/") && !type.hasSuffix("xml")
    }

    private static func base64Text(_ value: String) -> String? {
        let compact = value.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact, options: .ignoreUnknownCharacters) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// The `div` that wraps everything in the element, when there is one.
    private static func soleDiv(_ element: DOMElement) -> DOMElement? {
        let significant = element.children.filter {
            if case .text(let text) = $0 { return !text.allSatisfy(\.isWhitespace) }
            return true
        }
        if significant.count == 1, case .element(let div)? = significant.first, div.name.lowercased() == "div" {
            return div
        }
        return nil
    }
}
