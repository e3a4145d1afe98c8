import Foundation
import NewsgenModel

/// Categories from every vocabulary, with their schemes as feedparser gives
/// them: RSS `category` (`domain`), Atom `category` (`term`, `scheme`, `label`),
/// `dc:subject`, `itunes:category` (nested, scheme `http://www.itunes.com/`),
/// `itunes:keywords` and `media:keywords` (comma lists), `media:category`.
enum CategoryReader {
    static let itunesScheme = "http://www.itunes.com/"
    static let mediaScheme = "http://search.yahoo.com/mrss/category_schema"

    /// An RSS or Atom `category`, or `dc:subject`.
    static func category(_ element: DOMElement) -> Category? {
        let text = element.ownText.trimmedOrNil
        let label = element.attribute("label")?.trimmedOrNil
        guard let term = element.attribute("term")?.trimmedOrNil ?? text ?? label else { return nil }
        return Category(term: term, scheme: (element.attribute("scheme") ?? element.attribute("domain"))?.trimmedOrNil,
                        label: label)
    }

    /// `itunes:category text="…"`, with the categories nested inside it.
    static func itunesCategories(_ element: DOMElement) -> [Category] {
        let own = element.attribute("text")?.trimmedOrNil.map { Category(term: $0, scheme: itunesScheme) }
        return [own].compactMap { $0 } + element.all("category", .itunes).flatMap(itunesCategories)
    }

    /// `media:category`, whose scheme defaults to Media RSS's own.
    static func mediaCategory(_ element: DOMElement) -> Category? {
        element.text.trimmedOrNil.map {
            Category(term: $0, scheme: element.attribute("scheme")?.trimmedOrNil ?? mediaScheme,
                     label: element.attribute("label")?.trimmedOrNil)
        }
    }

    /// A comma-separated keyword list.
    static func keywords(_ element: DOMElement, scheme: String?) -> [Category] {
        element.text.split(separator: ",").compactMap { String($0).trimmedOrNil }.map { Category(term: $0, scheme: scheme) }
    }
}

extension Array where Element == Category {
    /// The categories without repeats (same term, scheme and label), first occurrence kept;
    /// run once when the item or feed is made (checking each category against all
    /// before it while reading would be quadratic).
    func uniqued() -> [Category] {
        var seen: Set<CategoryKey> = []
        return filter { seen.insert(CategoryKey($0)).inserted }
    }
}

/// What makes two categories the same.
private struct CategoryKey: Hashable {
    var term: String
    var scheme: String?
    var label: String?

    init(_ category: Category) {
        term = category.term
        scheme = category.scheme
        label = category.label
    }
}
