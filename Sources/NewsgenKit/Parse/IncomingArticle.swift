import Foundation
import NewsgenHTML
import NewsgenModel

/// An article as this build read it, before the archive gives it a slug.
struct IncomingArticle: Sendable, Equatable {
    /// `slug` is empty until the archive assigns one.
    var article: Article
    /// A slug the author chose (Markdown front matter); wins over the derived one.
    var chosenSlug: String?

    /// A feed item, with the identity of PRODUCT.md; nil when the item has no identity key at all.
    init?(item: ParsedItem, sourceID: String) {
        guard let key = ArticleID.key(for: item) else { return nil }
        let title = item.title.flatMap { $0.isEmpty ? nil : $0 }
            ?? (item.summaryHTML ?? item.contentHTML).map { HTMLText.excerpt(HTMLText.plainText(fromHTML: $0), maxCharacters: 80) }
            ?? "Untitled"
        article = Article(id: ArticleID.make(sourceID: sourceID, key: key), slug: "", sourceID: sourceID,
                          title: title, link: item.link, author: item.author, published: item.published,
                          updated: item.updated, summaryHTML: item.summaryHTML, contentHTML: item.contentHTML,
                          tags: item.categories, imageURL: item.imageURL)
        chosenSlug = nil
    }

    /// A Markdown article; its identity key is its file name.
    init(markdown: MarkdownArticle, fileName: String) {
        let matter = markdown.frontMatter
        article = Article(id: ArticleID.make(sourceID: ArticleID.markdownSourceID, key: fileName), slug: "",
                          sourceID: ArticleID.markdownSourceID, title: matter.title ?? fileName,
                          author: matter.author, published: matter.date,
                          summaryHTML: matter.summary.map { "<p>\(HTMLEscape.text($0))</p>" },
                          contentHTML: markdown.html, tags: matter.tags, imageURL: matter.image)
        chosenSlug = matter.slug
    }
}
