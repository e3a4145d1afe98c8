import Foundation
import NewsgenModel

/// Everything one feed-level or entry-level element of any format says, as
/// `FieldReader` collects it in document order; the readers turn it into a
/// `ParsedFeed` or `ParsedItem`.
struct FeedFields: Sendable, Equatable {
    var title: TextConstruct?
    /// True while the title came from `media:title`, which a real title replaces.
    var titleIsFallback = false
    var subtitle: TextConstruct?
    var rights: TextConstruct?
    var summary: TextConstruct?
    var content: [TextConstruct] = []
    /// The alternate link (the last one, as feedparser keeps it).
    var link: String?
    var links: [FeedLink] = []
    /// The guid or id as written.
    var id: String?
    /// The id as newsgen 0.1.0 read it (resolved like a link; see `FieldReader.readIdentifier`).
    var previousID: String?
    var guidIsLink = false
    var authors: [Person] = []
    var contributors: [Person] = []
    /// A `language` or `dc:language` element.
    var language: String?
    var published: Date?
    var updated: Date?
    var created: Date?
    /// `dc:date`, also the publication date when nothing else gives one.
    var dublinCoreDate: Date?
    var generator: Generator?
    /// RSS `image/url`, Atom `logo`: the feed's picture, before `itunes:image`.
    var imageURL: String?
    var itunesImageURL: String?
    var iconURL: String?
    var categories: [Category] = []
    var enclosures: [Enclosure] = []
    var commentsURL: String?
    /// The authors of an Atom entry's `source`, its fallback byline.
    var sourceAuthors: [Person] = []

    /// The fields as an item; `language` is the item's language element, else its `xml:lang`.
    /// The item's `previousIdentity` is set when 0.1.0's reading of its id differs.
    func item(scope: XMLScope, mediaImage: String?) -> ParsedItem {
        var item = ParsedItem(id: id, guidIsLink: guidIsLink, title: title, link: link, links: links,
                              published: published ?? dublinCoreDate, updated: updated ?? dublinCoreDate, created: created,
                              authors: authors.merged(), contributors: contributors.merged(), summary: summary, content: content,
                              categories: categories.uniqued(),
                              imageURL: mediaImage ?? itunesImageURL ?? enclosures.first { MediaImage.isImage(medium: nil, type: $0.type) }?.url,
                              enclosures: enclosures, language: language ?? scope.language, commentsURL: commentsURL, rights: rights)
        if previousID != id {
            var previous = item.identity
            previous.id = previousID
            item.previousIdentity = previous
        }
        return item
    }

    /// The fields as a feed of `format` with these items; `rootLanguage` is the root element's `xml:lang`.
    func feed(format: FeedFormat, rootLanguage: String?, items: [ParsedItem]) -> ParsedFeed {
        ParsedFeed(format: format, title: title, subtitle: subtitle, rights: rights, link: link,
                   feedURL: links.first { $0.rel == "self" }?.href, links: links, id: id, authors: authors.merged(),
                   contributors: contributors.merged(), language: (language ?? rootLanguage)?.replacingOccurrences(of: "_", with: "-"),
                   published: published, updated: updated ?? dublinCoreDate, generator: generator,
                   imageURL: imageURL ?? itunesImageURL, iconURL: iconURL, categories: categories.uniqued(), items: items)
    }
}
