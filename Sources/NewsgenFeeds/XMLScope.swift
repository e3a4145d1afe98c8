import Foundation
import NewsgenHTML

/// The `xml:base` and `xml:lang` in force at one element of the document.
///
/// Readers carry a scope down the tree and call `entering(_:)` for every element
/// they step into, so nested and relative `xml:base` values resolve against
/// their parent's base (the document's own address at the root), and an empty
/// `xml:lang=""` clears the language, as XML and feedparser both say.
struct XMLScope: Sendable, Equatable {
    /// The absolute base URL in force, when there is one.
    var base: String?
    /// The language in force (`en-US`; underscores are read as hyphens).
    var language: String?
    /// True once an `xml:base` attribute of the document is in force (not only
    /// the document's address): RSS content then resolves against it rather
    /// than against the item's link.
    var hasDeclaredBase = false
    /// What references resolve against while `base` is not absolute (the feed's
    /// own link, for a document read without an address). Not reported as a base.
    var fallbackBase: String?
    /// What links inside formatted fields resolve against, when not the base:
    /// an RSS item's or Atom entry's own link, when the document declares no `xml:base`.
    var contentBase: String?

    init(base: String? = nil, language: String? = nil) {
        self.base = base
        self.language = language
    }

    /// The absolute URL references resolve against: the base, else the fallback.
    var resolvingBase: String? {
        if let base, URLResolver.isAbsolute(base) { return base }
        return fallbackBase ?? base
    }

    /// The URL links inside formatted fields resolve against.
    var markupBase: String? { contentBase ?? resolvingBase }

    /// The scope inside `element`, given its own `xml:base` and `xml:lang`.
    func entering(_ element: DOMElement) -> XMLScope {
        var scope = self
        if let declared = element.attribute("base", namespace: Namespace.xmlURI)?.trimmedOrNil.map(Self.collapsingSlashes) {
            let resolved = URLResolver.resolve(declared, against: resolvingBase) ?? declared
            scope.hasDeclaredBase = true
            scope.contentBase = nil
            // A base with a scheme we would never link to is ignored; a relative
            // one stands only while there is nothing better.
            if URLResolver.isAbsolute(resolved) {
                if !Self.isScriptURL(resolved) { scope.base = resolved }
            } else if base == nil {
                scope.base = resolved
            }
        }
        if let declared = element.attribute("lang", namespace: Namespace.xmlURI) {
            let trimmed = declared.trimmingWhitespaceAndNewlines()
            scope.language = trimmed.isEmpty ? nil : trimmed.replacingOccurrences(of: "_", with: "-")
        }
        return scope
    }

    /// `javascript:`, `vbscript:` and `data:` URLs are never a base.
    private static func isScriptURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("data:")
    }

    /// A reference resolved against the base in force; nil for an empty one.
    func resolve(_ reference: String?) -> String? {
        URLResolver.resolve(reference.map(Self.collapsingSlashes), against: resolvingBase)
    }

    /// `http:///example.com/` read as `http://example.com/`: a slip feedparser forgives.
    static func collapsingSlashes(_ url: String) -> String {
        // Every link passes here: the bytes rule out most before Foundation searches.
        guard url.utf8.contains(UInt8(ascii: ":")), url.utf8.count >= 4 else { return url }
        let bytes = Array(url.utf8)
        guard (0...(bytes.count - 4)).contains(where: {
            bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == UInt8(ascii: "/") && bytes[$0 + 2] == UInt8(ascii: "/")
                && bytes[$0 + 3] == UInt8(ascii: "/")
        }) else { return url }
        guard let range = url.range(of: ":///"), url[..<range.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
              url.first?.isLetter == true else { return url }
        var rest = url[range.upperBound...]
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        return url[..<range.lowerBound] + "://" + rest
    }
}
