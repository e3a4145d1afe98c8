import NewsgenHTML
import NewsgenModel

/// `/search/index.json`: what `assets/search.js` searches, one compact array per
/// listed article, newest first:
/// `[title, link from /search/, source title, date as shown, summary, [tags]]`.
///
/// Arrays rather than objects and a summary cut to `summaryLength` keep it small
/// (about 300 bytes an article, so a 1,000-article site stays well under 400 KB).
/// Written by `JSONWriter`, not `JSONSerialization`, so the bytes are the same on
/// every platform; a missing date or summary is `""`.
enum SearchIndex {
    /// Characters of the summary kept; enough to recognise an article by.
    static let summaryLength = 160

    /// The index's file, `search/index.json`, next to the search page.
    static let outputPath = "search/index.json"

    /// The index of `listed` (newest first), dates shown by `dates`; `tagsOf` holds the
    /// articles' tags by id when they were made already (`TagIndex.tagsByArticle`).
    static func make(_ listed: [PreparedArticle], sources: (String) -> String, dates: DateDisplay,
                     tagsOf: [String: [(slug: String, name: String)]] = [:]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(listed.count * 400)
        for (index, prepared) in listed.enumerated() {
            let article = prepared.article
            // One row a line, so the file reads (and diffs) article by article.
            if index > 0 { bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
            JSONWriter.append(to: &bytes, escapes: escapes) { row in
                row.beginArray()
                row.string(article.title)
                row.string(Route.relativeLink(toPath: Route.article(slug: article.slug).path, fromPath: Route.search.path))
                row.string(sources(article.sourceID))
                row.string(article.date.map(dates.display) ?? "")
                row.string(prepared.summaryText.map { HTMLText.excerpt($0, maxCharacters: summaryLength) } ?? "")
                row.beginArray()
                for tag in tagsOf[article.id] ?? TagIndex.tags(of: article) { row.string(tag.name) }
                row.endArray()
                row.endArray()
            }
        }
        bytes.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\n")])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Quote, backslash and control characters escaped, and `<`, `>`, `&`, U+2028 and U+2029
    /// as `\u` escapes, so the text is inert wherever it is pasted.
    private static let escapes: JSONWriter.Escapes = [.htmlSignificant, .lineSeparators]
}
