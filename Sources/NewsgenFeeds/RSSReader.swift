import Foundation
import NewsgenModel
import NewsgenHTML

/// RSS 0.91, 0.92 and 2.0 (`<rss>` in no namespace): one vocabulary, read the
/// same way, with the common extension modules (content, Dublin Core, Atom
/// links and dates, Media RSS).
enum RSSReader: FeedReader {
    static func accepts(_ root: DOMElement) -> Bool {
        root.matches("rss", .none)
    }

    static func read(_ root: DOMElement, baseURL: String?) -> ParsedFeed {
        let channel = root.first("channel", .none) ?? DOMElement(name: "channel")
        let link = URLResolver.resolve(channel.childText("link", .none), against: baseURL)
            ?? URLResolver.resolve(alternateAtomLink(in: channel), against: baseURL)
        let base = URLResolver.firstAbsolute(link, baseURL)
        let updated = date(channel, "lastBuildDate", .none) ?? date(channel, "pubDate", .none)
            ?? date(channel, "date", .dublinCore) ?? date(channel, "updated", .atom)
        // Items belong in the channel; a few old feeds put them beside it.
        let items = channel.all("item", .none) + root.all("item", .none)
        return ParsedFeed(format: .rss20,
                          title: channel.first("title", .none)?.lineText.map { TextConstruct($0) },
                          subtitle: channel.first("description", .none)?.lineText.map { TextConstruct($0) },
                          link: link,
                          updated: updated,
                          items: items.map { item($0, base: base) })
    }

    static func item(_ item: DOMElement, base: String?) -> ParsedItem {
        let guidElement = item.first("guid", .none)
        let guid = guidElement?.trimmedText
        let enclosures = item.all("enclosure", .none).compactMap { element -> Enclosure? in
            guard let url = URLResolver.resolve(element.attribute("url"), against: base) else { return nil }
            return Enclosure(url: url, type: element.attribute("type")?.trimmedOrNil,
                             length: MediaImage.length(element.attribute("length")))
        }
        let categories = (item.all("category", .none) + item.all("subject", .dublinCore))
            .compactMap(\.lineText).uniqued().map { Category(term: $0) }
        return ParsedItem(
            id: guid,
            title: item.first("title", .none)?.lineText.map { TextConstruct($0) },
            link: URLResolver.resolve(link(item, guid: guidElement), against: base),
            published: date(item, "pubDate", .none) ?? date(item, "issued", .dublinCoreTerms)
                ?? date(item, "date", .dublinCore),
            updated: date(item, "updated", .atom) ?? date(item, "modified", .dublinCoreTerms)
                ?? date(item, "date", .dublinCore),
            authors: [(author(item.childText("author", .none)) ?? item.first("creator", .dublinCore)?.lineText).map { Person(name: $0) }].compactMap { $0 },
            summary: item.first("description", .none)?.htmlContent.map { TextConstruct($0, type: .html) },
            content: item.first("encoded", .content)?.htmlContent.map { [TextConstruct($0, type: .html)] } ?? [],
            categories: categories,
            imageURL: MediaImage.imageURL(in: item, enclosures: enclosures, base: base),
            enclosures: enclosures)
    }

    /// `<link>`, else a permalink `<guid>`, else an alternate `atom:link`. A guid
    /// without `isPermaLink` counts only when it already looks like a web URL, since
    /// many feeds leave the attribute out on opaque ids.
    private static func link(_ item: DOMElement, guid: DOMElement?) -> String? {
        if let link = item.childText("link", .none) { return link }
        if let guid, let value = guid.trimmedText {
            switch guid.attribute("isPermaLink")?.trimmingCharacters(in: .whitespaces).lowercased() {
            case "false": break
            case "true": return value
            default:
                let lower = value.lowercased()
                if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return value }
            }
        }
        return alternateAtomLink(in: item)
    }

    private static func alternateAtomLink(in element: DOMElement) -> String? {
        element.all("link", .atom).first {
            ($0.attribute("rel") ?? "alternate") == "alternate"
        }?.attribute("href")
    }

    /// RSS `author` is an e-mail address, often `jane@example.org (Jane Doe)`:
    /// the name in parentheses is what readers want to see.
    static func author(_ text: String?) -> String? {
        guard let text = text?.trimmedOrNil else { return nil }
        if text.hasSuffix(")"), let open = text.firstIndex(of: "("), text[..<open].contains("@") {
            let name = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { return name }
        }
        return text
    }

    private static func date(_ element: DOMElement, _ name: String, _ namespace: Namespace) -> Date? {
        element.childText(name, namespace).flatMap(FeedDate.parse)
    }
}

extension String {
    /// The string trimmed of whitespace, or nil when nothing is left.
    var trimmedOrNil: String? {
        let value = trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }
}
