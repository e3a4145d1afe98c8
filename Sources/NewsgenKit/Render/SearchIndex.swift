import NewsgenHTML
import NewsgenModel

/// `/search/index.json`: what `assets/search.js` searches, one compact array per
/// listed article, newest first:
/// `[title, link from /search/, source title, date as shown, summary, [tags]]`.
///
/// Arrays rather than objects and a summary cut to `summaryLength` keep it small
/// (about 300 bytes an article, so a 1,000-article site stays well under 400 KB).
/// Written by hand, without `JSONSerialization`, so the bytes are the same on
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
            if index > 0 { bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
            bytes.append(UInt8(ascii: "["))
            write(article.title, into: &bytes)
            bytes.append(UInt8(ascii: ","))
            write(Route.relativeLink(toPath: Route.article(slug: article.slug).path, fromPath: Route.search.path), into: &bytes)
            bytes.append(UInt8(ascii: ","))
            write(sources(article.sourceID), into: &bytes)
            bytes.append(UInt8(ascii: ","))
            write(article.date.map(dates.display) ?? "", into: &bytes)
            bytes.append(UInt8(ascii: ","))
            write(prepared.summaryText.map { HTMLText.excerpt($0, maxCharacters: summaryLength) } ?? "", into: &bytes)
            bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "[")])
            for (number, tag) in (tagsOf[article.id] ?? TagIndex.tags(of: article)).enumerated() {
                if number > 0 { bytes.append(UInt8(ascii: ",")) }
                write(tag.name, into: &bytes)
            }
            bytes.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "]")])
        }
        bytes.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\n")])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string: quote, backslash and control characters escaped, and `<`, `>`,
    /// `&`, U+2028 and U+2029 as `\u` escapes, so the text is inert wherever it is pasted.
    private static func write(_ string: String, into bytes: inout [UInt8]) {
        JSONText.appendQuoted(string, to: &bytes, escaping: [.htmlSignificant, .lineSeparators])
    }
}
