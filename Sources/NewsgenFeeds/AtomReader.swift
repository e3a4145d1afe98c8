import Foundation
import NewsgenModel
import NewsgenHTML

/// Atom 1.0 (RFC 4287): `<feed>` in the Atom namespace.
enum AtomReader: FeedReader {
    static func accepts(_ root: DOMElement) -> Bool {
        root.matches("feed", .atom)
    }

    static func read(_ root: DOMElement, baseURL: String?) -> ParsedFeed {
        let link = URLResolver.resolve(alternateLink(in: root), against: baseURL)
        let base = URLResolver.firstAbsolute(link, baseURL)
        let feedAuthor = authors(in: root)
        return ParsedFeed(format: .atom1,
                          title: root.first("title", .atom).flatMap(AtomText.plain),
                          link: link,
                          subtitle: root.first("subtitle", .atom).flatMap(AtomText.plain),
                          updated: date(root, "updated"),
                          items: root.all("entry", .atom).map { entry($0, feedAuthor: feedAuthor, base: base) })
    }

    static func entry(_ entry: DOMElement, feedAuthor: String?, base: String?) -> ParsedItem {
        let enclosures = entry.all("link", .atom).filter { $0.attribute("rel") == "enclosure" }
            .compactMap { link -> Enclosure? in
                guard let url = URLResolver.resolve(link.attribute("href"), against: base) else { return nil }
                return Enclosure(url: url, type: link.attribute("type")?.trimmedOrNil,
                                 length: MediaImage.length(link.attribute("length")))
            }
        let categories = entry.all("category", .atom).compactMap { category in
            (category.attribute("term")?.trimmedOrNil ?? category.attribute("label")?.trimmedOrNil)
                .map(HTMLText.collapsingWhitespace)
        }.uniqued()
        return ParsedItem(
            id: entry.childText("id", .atom),
            title: entry.first("title", .atom).flatMap(AtomText.plain),
            link: URLResolver.resolve(alternateLink(in: entry), against: base),
            published: date(entry, "published"),
            updated: date(entry, "updated"),
            author: authors(in: entry) ?? entry.first("source", .atom).flatMap(authors) ?? feedAuthor,
            summaryHTML: entry.first("summary", .atom).flatMap(AtomText.html),
            contentHTML: entry.first("content", .atom).flatMap(AtomText.html),
            categories: categories,
            imageURL: MediaImage.imageURL(in: entry, enclosures: enclosures, base: base),
            enclosures: enclosures)
    }

    /// The first `link` with `rel="alternate"` or no `rel`, preferring an HTML one.
    private static func alternateLink(in element: DOMElement) -> String? {
        let alternates = element.all("link", .atom).filter {
            ($0.attribute("rel")?.trimmingCharacters(in: .whitespaces) ?? "alternate") == "alternate"
                && $0.attribute("href")?.trimmedOrNil != nil
        }
        let html = alternates.first { ($0.attribute("type") ?? "text/html").lowercased().contains("html") }
        return (html ?? alternates.first)?.attribute("href")
    }

    /// The names of the element's authors, joined; an author without a name counts by e-mail.
    private static func authors(in element: DOMElement) -> String? {
        let names = element.all("author", .atom).compactMap {
            $0.first("name", .atom)?.lineText ?? $0.childText("email", .atom)
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    private static func date(_ element: DOMElement, _ name: String) -> Date? {
        element.childText(name, .atom).flatMap(FeedDate.parse)
    }
}
