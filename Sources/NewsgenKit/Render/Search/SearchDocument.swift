import Foundation
import NewsgenHTML
import NewsgenModel

/// One listed article as search sees it: its words with their weighted counts, its length,
/// and what a result shows (`SearchChunks`). Made on every core, one article each.
struct SearchDocument: Sendable {
    /// The article's words, weighted, and its length: all the postings need.
    let terms: SearchTerms

    let title: String
    /// The article's page, relative to `/search/`.
    let link: String
    let source: String
    let date: String
    let tags: [(slug: String, name: String)]
    let sourceID: String
    /// The short text a result shows, with the query's words marked by search.js.
    let snippet: String
    /// The row's 80×80 thumbnail and its 160×160 one, relative to `/search/`, as the lists show them.
    let thumbnail: String?
    let thumbnail2x: String?

    /// `terms`, when given, are what `SearchTerms(of:tags:)` would make (the search cache's).
    init(_ prepared: PreparedArticle, source: String, date: String, tags: [(slug: String, name: String)], terms: SearchTerms? = nil) {
        let article = prepared.article
        self.terms = terms ?? SearchTerms(of: prepared, tags: tags)
        self.title = article.title
        self.link = Route.relativeLink(toPath: Route.article(slug: article.slug).path, fromPath: Route.search.path)
        self.source = source
        self.date = date
        self.tags = tags
        self.sourceID = article.sourceID
        self.snippet = prepared.summaryText ?? ""
        func link(_ name: String) -> String { Route.thumbnail(name: name).relativeLink(from: .search) }
        thumbnail = prepared.image?.thumbnail.map(link)
        thumbnail2x = thumbnail == nil ? nil : prepared.image?.thumbnail2x.map(link)
    }

    /// The length as one small number, 8 steps per doubling (about 9% apart): postings carry it so
    /// that ranking needs no other file, and it never changes, so old postings keep their bytes.
    static func lengthCode(_ length: Int) -> Int {
        Int((log2(Double(length + 1)) * 8).rounded())
    }
}

extension SearchTerms {
    /// The terms of `prepared` with `tags`: what the article's page shows is its text, or the summary when
    /// there is no text (a summary is most often the text's first sentence, which would otherwise count twice).
    init(of prepared: PreparedArticle, tags: [(slug: String, name: String)]) {
        self.init(title: prepared.article.title, tagNames: tags.map(\.name), text: prepared.contentHTML ?? prepared.summaryHTML)
    }
}
