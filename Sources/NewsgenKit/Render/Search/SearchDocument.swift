import Foundation
import NewsgenHTML
import NewsgenModel

/// One listed article as search sees it: its words with their weighted counts, its length,
/// and what a result shows (`SearchChunks`). Made on every core, one article each.
struct SearchDocument: Sendable {
    /// How much one occurrence counts, by where it is: a word of the title says more about
    /// the article than a word of its text (a simple BM25F: the weights multiply the counts).
    /// 7 is what Pagefind gives an `<h1>`; with BM25's saturation a title word then outranks
    /// a word the text merely repeats.
    enum Weight {
        static let title = 7
        static let tag = 2
        static let text = 1
    }

    /// A count is capped so that one word repeated a thousand times cannot own a query.
    static let maxFrequency = 255

    /// Each distinct word with its weighted count, in no particular order (the index sorts the words).
    let frequencies: [(term: String, count: Int)]
    /// Words in the title and the text, unweighted: BM25's document length.
    let length: Int

    let title: String
    /// The article's page, relative to `/search/`.
    let link: String
    let source: String
    let date: String
    let tags: [(slug: String, name: String)]
    let sourceID: String
    /// The short text a result shows, with the query's words marked by search.js.
    let snippet: String

    init(_ prepared: PreparedArticle, source: String, date: String, tags: [(slug: String, name: String)]) {
        let article = prepared.article
        var counts: [String: Int] = [:]
        var length = 0
        func add(_ text: String, weight: Int, counted: Bool) {
            SearchTokenizer.forEachWord(in: text) { word in
                counts[word, default: 0] += weight
                if counted { length += 1 }
            }
        }
        add(article.title, weight: Weight.title, counted: true)
        for tag in tags { add(tag.name, weight: Weight.tag, counted: false) }
        // What the article's page shows: its text, or the summary when there is no text (a summary is
        // most often the text's first sentence, which would otherwise count twice).
        if let text = prepared.contentHTML ?? prepared.summaryHTML {
            add(HTMLText.plainText(fromHTML: text), weight: Weight.text, counted: true)
        }
        frequencies = counts.map { ($0.key, min($0.value, Self.maxFrequency)) }
        self.length = length
        self.title = article.title
        self.link = Route.relativeLink(toPath: Route.article(slug: article.slug).path, fromPath: Route.search.path)
        self.source = source
        self.date = date
        self.tags = tags
        self.sourceID = article.sourceID
        self.snippet = prepared.summaryText ?? ""
    }

    /// The length as one small number, 8 steps per doubling (about 9% apart): postings carry it so
    /// that ranking needs no other file, and it never changes, so old postings keep their bytes.
    static func lengthCode(_ length: Int) -> Int {
        Int((log2(Double(length + 1)) * 8).rounded())
    }
}
