import Foundation
import NewsgenModel

/// Links: Atom `link` elements (also `atom:link` inside RSS), RSS `<link>` text
/// and RSS enclosures, with feedparser's defaults: `rel` is `alternate` when
/// missing, `type` is `application/atom+xml` for `self` and `text/html` for
/// the others; `rel` and `type` are lowercased.
enum LinkReader {
    /// A `<link>` of either kind: Atom's `href` attribute (or `url`/`uri`), else
    /// RSS's text; nil when it gives no address.
    static func link(_ element: DOMElement, scope: XMLScope) -> FeedLink? {
        let inner = scope.entering(element)
        let attribute = element.attribute("href") ?? element.attribute("url") ?? element.attribute("uri")
        // An empty `href=""` is a reference to the base itself.
        let resolved = attribute?.trimmedOrNil == nil && attribute != nil ? inner.base : inner.resolve(attribute ?? element.text)
        guard let href = resolved else { return nil }
        let rel = element.attribute("rel")?.trimmedOrNil?.lowercased() ?? "alternate"
        let type = element.attribute("type")?.trimmedOrNil?.lowercased() ?? (rel == "self" ? "application/atom+xml" : "text/html")
        return FeedLink(href: href, rel: rel, type: type, title: element.attribute("title"),
                        length: MediaImage.length(element.attribute("length")))
    }

    /// True for a link that is the alternate (web page) version.
    static func isAlternateHTML(_ link: FeedLink) -> Bool {
        link.rel == "alternate" && (link.type == "text/html" || link.type == "application/xhtml+xml" || link.type == "html")
    }

    /// An RSS `enclosure` as a link (`rel="enclosure"`) and an enclosure.
    static func enclosure(_ element: DOMElement, scope: XMLScope) -> (FeedLink, Enclosure)? {
        guard let url = scope.entering(element).resolve(element.attribute("url") ?? element.attribute("href")) else { return nil }
        let type = element.attribute("type")?.trimmedOrNil
        let length = MediaImage.length(element.attribute("length"))
        return (FeedLink(href: url, rel: "enclosure", type: type, length: length), Enclosure(url: url, type: type, length: length))
    }
}
