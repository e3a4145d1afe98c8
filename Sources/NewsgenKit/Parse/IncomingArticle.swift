import Foundation
import NewsgenHTML
import NewsgenModel

/// An article as this build read it, before the archive gives it a slug.
struct IncomingArticle: Sendable, Equatable {
    /// `slug` is empty until the archive assigns one.
    var article: Article
    /// A slug the author chose (Markdown front matter); wins over the derived one.
    var chosenSlug: String?
    /// Distinct categories past `maxTags` that the item carried and the article does not keep.
    var tagsLeftOut = 0
    /// The id newsgen 0.1.0 gave this item, when its rules made another key of it
    /// (an id it resolved, an ampersand it dropped): an archived article with that id
    /// and no stored key is this one (`Archive.identifying`, ADR 017).
    var previousID: String?

    /// The most tags a feed item gives its article. Real feeds carry a few, rarely dozens; every
    /// tag is a page of the site, so a hostile item with 100,000 categories must not make 100,000.
    static let maxTags = 100

    /// A feed item, with the identity of PRODUCT.md; nil when the item has no identity key at all.
    init?(item: ParsedItem, sourceID: String) {
        let plainTitle = item.title?.plainText
        guard let key = ArticleID.key(guid: item.id, link: item.link, title: plainTitle, date: item.published ?? item.updated) else {
            return nil
        }
        let summaryHTML = item.summary?.html
        let contentHTML = (item.content.first { $0.type != .text } ?? item.content.first)?.html
        let title = plainTitle.flatMap { $0.isEmpty ? nil : $0 }
            ?? (summaryHTML ?? contentHTML).map { HTMLText.excerpt(HTMLText.plainText(fromHTML: $0), maxCharacters: 80) }
            ?? "Untitled"
        let byline = item.authors.compactMap(\.displayName)
        let tags = item.categories.map { $0.label ?? $0.term }.uniqued()
        article = Article(id: ArticleID.make(sourceID: sourceID, key: key), slug: "", sourceID: sourceID,
                          title: title, link: item.link, author: byline.isEmpty ? nil : byline.joined(separator: ", "),
                          published: item.published, updated: item.updated, summaryHTML: summaryHTML,
                          contentHTML: contentHTML, tags: Array(tags.prefix(Self.maxTags)),
                          imageURL: item.imageURL, identityKey: key)
        chosenSlug = nil
        tagsLeftOut = max(tags.count - Self.maxTags, 0)
        if let previous = item.previousIdentity.flatMap(Self.key), previous != key {
            previousID = ArticleID.make(sourceID: sourceID, key: previous)
        }
    }

    /// The identity key of PRODUCT.md for what an earlier release read.
    private static func key(_ identity: ItemIdentity) -> String? {
        ArticleID.key(guid: identity.id, link: identity.link, title: identity.title?.plainText, date: identity.date)
    }

    /// True when the article, under this release's id or 0.1.0's, is in `ids`.
    func isAny(of ids: Set<String>) -> Bool {
        ids.contains(article.id) || previousID.map(ids.contains) == true
    }

    /// A Markdown article; its identity key is its file name.
    init(markdown: MarkdownArticle, fileName: String) {
        let matter = markdown.frontMatter
        article = Article(id: ArticleID.make(sourceID: ArticleID.markdownSourceID, key: fileName), slug: "",
                          sourceID: ArticleID.markdownSourceID, title: matter.title ?? fileName,
                          author: matter.author, published: matter.date,
                          summaryHTML: matter.summary.map { "<p>\(HTMLEscape.text($0))</p>" },
                          contentHTML: markdown.html, tags: matter.tags, imageURL: matter.image, identityKey: fileName)
        chosenSlug = matter.slug
    }
}

extension Array where Element == String {
    /// The strings without blanks and repeats, in first-seen order.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
