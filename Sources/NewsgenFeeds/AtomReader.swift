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
        return ParsedFeed(format: .atom10,
                          title: root.first("title", .atom).flatMap { AtomText.construct($0, oneLine: true) },
                          subtitle: root.first("subtitle", .atom).flatMap { AtomText.construct($0, oneLine: true) },
                          link: link,
                          authors: feedAuthor,
                          updated: date(root, "updated"),
                          items: root.all("entry", .atom).map { entry($0, feedAuthor: feedAuthor, base: base) })
    }

    static func entry(_ entry: DOMElement, feedAuthor: [Person], base: String?) -> ParsedItem {
        let enclosures = entry.all("link", .atom).filter { $0.attribute("rel") == "enclosure" }
            .compactMap { link -> Enclosure? in
                guard let url = URLResolver.resolve(link.attribute("href"), against: base) else { return nil }
                return Enclosure(url: url, type: link.attribute("type")?.trimmedOrNil,
                                 length: MediaImage.length(link.attribute("length")))
            }
        let categories = entry.all("category", .atom).compactMap { category -> Category? in
            (category.attribute("term")?.trimmedOrNil ?? category.attribute("label")?.trimmedOrNil)
                .map { Category(term: HTMLText.collapsingWhitespace($0), scheme: category.attribute("scheme"), label: category.attribute("label")) }
        }.reduce(into: [Category]()) { kept, category in
            if !kept.contains(where: { $0.term == category.term }) { kept.append(category) }
        }
        return ParsedItem(
            id: entry.childText("id", .atom),
            title: entry.first("title", .atom).flatMap { AtomText.construct($0, oneLine: true) },
            link: URLResolver.resolve(alternateLink(in: entry), against: base),
            published: date(entry, "published"),
            updated: date(entry, "updated"),
            authors: nonEmpty(authors(in: entry)) ?? entry.first("source", .atom).map(authors).flatMap(nonEmpty) ?? feedAuthor,
            summary: entry.first("summary", .atom).flatMap { AtomText.construct($0) },
            content: entry.first("content", .atom).flatMap { AtomText.construct($0) }.map { [$0] } ?? [],
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

    /// The element's authors.
    private static func authors(in element: DOMElement) -> [Person] {
        element.all("author", .atom).map {
            Person(name: $0.first("name", .atom)?.lineText, email: $0.childText("email", .atom), url: $0.childText("uri", .atom))
        }
    }

    private static func nonEmpty(_ people: [Person]) -> [Person]? { people.isEmpty ? nil : people }

    private static func date(_ element: DOMElement, _ name: String) -> Date? {
        element.childText(name, .atom).flatMap(FeedDate.parse)
    }
}
