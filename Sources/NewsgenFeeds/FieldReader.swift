import Foundation
import NewsgenModel
import NewsgenHTML

/// Reads the children of a feed-level (`channel`, `feed`) or entry-level
/// (`item`, `entry`) element, in document order, into `FeedFields`: one
/// table for every format, as feedparser has, so RSS, RDF and both Atoms
/// read shared vocabularies (Dublin Core, iTunes, Media RSS, `atom:link`)
/// the same way and a later element overrides an earlier one the same way.
struct FieldReader {
    enum Level { case feed, item }

    let dialect: TextDialect
    let level: Level
    /// The scope inside the container.
    let scope: XMLScope

    /// The vocabulary-qualified, lowercased name of an element (`title`,
    /// `dc:creator`), or nil for a vocabulary no field comes from.
    static func key(_ element: DOMElement) -> String? {
        let name = ASCIICase.lowercased(element.name)
        if Namespace.core.contains(element.namespace) { return name }
        for (prefix, namespace) in vocabularies where namespace.contains(element.namespace) { return prefix + ":" + name }
        return nil
    }

    private static let vocabularies: [(String, Namespace)] = [
        ("dc", .dublinCore), ("dcterms", .dublinCoreTerms), ("content", .content), ("itunes", .itunes),
        ("media", .media), ("xhtml", .xhtml),
    ]

    /// The scope inside a feed-level element read without a document address:
    /// its own alternate link, when absolute, stands in for one.
    static func feedScope(_ container: DOMElement, scope: XMLScope, dialect: TextDialect) -> XMLScope {
        var scope = scope
        if let link = FieldReader(dialect: dialect, level: .feed, scope: scope).alternateLink(in: container),
           URLResolver.isAbsolute(link) {
            scope.fallbackBase = scope.fallbackBase ?? link
        }
        return scope
    }

    /// The alternate link of a container, resolved: what its content's links resolve against.
    func alternateLink(in container: DOMElement) -> String? {
        var alternate: String?
        for case .element(let child) in container.children where Self.key(child) == "link" {
            if let link = LinkReader.link(child, scope: scope), LinkReader.isAlternateHTML(link) { alternate = link.href }
        }
        return alternate
    }

    func read(_ container: DOMElement) -> FeedFields {
        var fields = FeedFields()
        for case .element(let child) in container.children {
            guard let key = Self.key(child) else { continue }
            read(child, key: key, into: &fields)
        }
        return fields
    }

    private func read(_ child: DOMElement, key: String, into fields: inout FeedFields) {
        let inner = scope.entering(child)
        switch key {
        case "title", "dc:title":
            // The first title with a value wins.
            if fields.title?.value.isEmpty ?? true || fields.titleIsFallback {
                fields.title = title(child) ?? fields.title
                fields.titleIsFallback = false
            }
        case "media:title":
            if fields.title == nil {
                fields.title = title(child)
                fields.titleIsFallback = true
            }
        case "media:group":
            // Media RSS groups alternatives; what they say counts as said by the item.
            for grandchild in child.elements {
                if let key = Self.key(grandchild), key.hasPrefix("media:") { read(grandchild, key: key, into: &fields) }
            }
        case "subtitle", "tagline":
            if level == .feed { fields.subtitle = text(child, .text) ?? fields.subtitle }
        case "itunes:subtitle":
            // A podcast's one-line subtitle never replaces the channel's own description (unlike feedparser).
            if level == .feed, fields.subtitle == nil { fields.subtitle = text(child, .text) }
        case "description", "dc:description", "summary", "itunes:summary", "abstract", "media:description":
            let isDescription = key == "description" || key == "dc:description" || key == "media:description"
            readSummary(child, defaultType: isDescription ? .html : .text, overrides: isDescription, into: &fields)
        case "content", "content:encoded", "fullitem", "body", "xhtml:body":
            let defaultType: TextConstruct.Kind = key == "content" ? .text : key.hasSuffix("body") ? .xhtml : .html
            if let construct = text(child, defaultType) { fields.content.append(construct) }
        case "rights", "copyright", "dc:rights":
            fields.rights = text(child, .text) ?? fields.rights
        case "link":
            guard let link = LinkReader.link(child, scope: scope) else { return }
            fields.links.append(link)
            if LinkReader.isAlternateHTML(link) { fields.link = link.href }
            if link.rel == "enclosure" { fields.enclosures.append(Enclosure(url: link.href, type: child.attribute("type")?.trimmedOrNil, length: link.length)) }
        case "enclosure":
            guard let (link, enclosure) = LinkReader.enclosure(child, scope: scope) else { return }
            fields.links.append(link)
            fields.enclosures.append(enclosure)
        case "guid", "id":
            readIdentifier(child, isGUID: key == "guid", into: &fields)
        case "author", "dc:creator", "dc:author", "itunes:author", "managingeditor":
            if let person = PersonReader.author(child, scope: inner) { fields.authors.merge(person) }
        case "contributor":
            if let person = PersonReader.construct(child, scope: inner) { fields.contributors.merge(person) }
        case "dc:contributor":
            if let person = PersonReader.line(child.text) { fields.contributors.merge(person) }
        case "category", "dc:subject":
            fields.categories.append(contentsOf: [CategoryReader.category(child)].compactMap { $0 })
        case "itunes:category":
            fields.categories.append(contentsOf: CategoryReader.itunesCategories(child))
        case "tags":
            fields.categories.append(contentsOf: CategoryReader.keywords(child, scheme: nil))
        case "itunes:keywords":
            fields.categories.append(contentsOf: CategoryReader.keywords(child, scheme: CategoryReader.itunesScheme))
        case "media:category":
            fields.categories.append(contentsOf: [CategoryReader.mediaCategory(child)].compactMap { $0 })
        case "media:keywords":
            fields.categories.append(contentsOf: CategoryReader.keywords(child, scheme: nil))
        case "pubdate", "published", "issued", "dcterms:issued":
            fields.published = date(child) ?? fields.published
        case "updated", "modified", "lastbuilddate", "dcterms:modified":
            fields.updated = date(child) ?? fields.updated
        case "dc:date":
            fields.dublinCoreDate = date(child) ?? fields.dublinCoreDate
        case "created", "dcterms:created":
            fields.created = date(child) ?? fields.created
        case "language", "dc:language":
            fields.language = child.text.trimmedOrNil ?? fields.language
        case "generator":
            fields.generator = Generator(name: child.text.trimmedOrNil, version: child.attribute("version")?.trimmedOrNil,
                                         url: inner.resolve(child.attribute("uri") ?? child.attribute("url") ?? child.attribute("href")))
        case "comments":
            fields.commentsURL = inner.resolve(child.text) ?? fields.commentsURL
        case "image":
            if level == .feed, let url = child.elements.first(where: { Self.key($0) == "url" }) {
                fields.imageURL = inner.entering(url).resolve(url.text) ?? fields.imageURL
            }
        case "itunes:image", "itunes:link":
            fields.itunesImageURL = inner.resolve(child.attribute("href") ?? child.attribute("url")) ?? fields.itunesImageURL
        case "logo":
            fields.imageURL = inner.resolve(child.text) ?? fields.imageURL
        case "icon":
            fields.iconURL = inner.resolve(child.text) ?? fields.iconURL
        case "source":
            fields.sourceAuthors = child.elements.filter { Self.key($0) == "author" }
                .compactMap { PersonReader.construct($0, scope: inner.entering($0)) }
        default:
            break
        }
    }

    /// A summary-like element. Feed level: the subtitle (a `description` replaces
    /// one, a `summary` only fills the gap). Entry level: the summary, and a
    /// second summary before any content is content, as feedparser reads it.
    private func readSummary(_ child: DOMElement, defaultType: TextConstruct.Kind, overrides: Bool,
                             into fields: inout FeedFields) {
        guard let construct = text(child, defaultType) else { return }
        switch level {
        case .feed:
            if overrides || fields.subtitle == nil { fields.subtitle = construct }
        case .item:
            if fields.summary == nil {
                fields.summary = construct
            } else if fields.content.isEmpty {
                fields.content.append(text(child, .text) ?? construct)
            }
        }
    }

    /// RSS `guid` and Atom `id`, kept as written: an id names the item, and must
    /// not depend on where the feed was fetched from (ADR 017). A permalink guid
    /// (one whose `isPermaLink` is not `false`), when no link came before it, is
    /// also the link, resolved like one. `previousID` is the id as newsgen 0.1.0
    /// read it, resolved against the base like a link (except a guid marked
    /// `isPermaLink="false"`), so the archive can match what it stored then.
    private func readIdentifier(_ child: DOMElement, isGUID: Bool, into fields: inout FeedFields) {
        guard let value = child.text.trimmedOrNil else { return }
        let isPermalink = (child.attribute("isPermaLink") ?? "true").trimmingWhitespace() == "true"
        let resolved = isPermalink ? scope.entering(child).resolve(value) ?? value : value
        fields.id = value
        fields.previousID = resolved
        guard isGUID, level == .item else { return }
        fields.guidIsLink = isPermalink && fields.link == nil
        if isPermalink, fields.link == nil { fields.link = resolved }
    }

    /// A title: plain text is kept on one line (feeds wrap long titles).
    private func title(_ element: DOMElement) -> TextConstruct? {
        guard var construct = text(element, .text) else { return nil }
        if construct.type == .text { construct.value = HTMLText.collapsingWhitespace(construct.value) }
        return construct
    }

    private func text(_ element: DOMElement, _ defaultType: TextConstruct.Kind) -> TextConstruct? {
        let construct = TextConstructReader.read(element, scope: scope.entering(element), dialect: dialect, defaultType: defaultType)
        // An empty element says nothing (feedparser keeps an empty string; newsgen keeps no value).
        return construct?.value.isEmpty == false ? construct : nil
    }

    /// Reads an entry (`item`, `entry`) under `parent`. Its URLs resolve against
    /// the base in force, else `fallbackBase` (the feed's link, when the document
    /// has no address); links inside its formatted fields against a declared
    /// `xml:base`, else the entry's own link, else the same base.
    static func readEntry(_ entry: DOMElement, parent: XMLScope, fallbackBase: String?,
                          dialect: TextDialect) -> (fields: FeedFields, scope: XMLScope) {
        var scope = parent.entering(entry)
        scope.fallbackBase = scope.fallbackBase ?? fallbackBase
        if !scope.hasDeclaredBase,
           let link = FieldReader(dialect: dialect, level: .item, scope: scope).alternateLink(in: entry),
           URLResolver.isAbsolute(link) {
            scope.contentBase = link
        }
        let fields = FieldReader(dialect: dialect, level: .item, scope: scope).read(entry)
        return (fields, scope)
    }

    private func date(_ element: DOMElement) -> Date? {
        element.text.trimmedOrNil.flatMap(FeedDate.parse)
    }
}
