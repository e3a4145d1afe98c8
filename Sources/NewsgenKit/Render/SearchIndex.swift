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

    /// The index of `listed` (newest first), dates shown by `dates`.
    static func make(_ listed: [PreparedArticle], sources: (String) -> String, dates: DateDisplay) -> String {
        var text = "["
        for (index, prepared) in listed.enumerated() {
            let article = prepared.article
            if index > 0 { text += ",\n" }
            text += "["
            write(article.title, into: &text)
            text += ","
            write(Route.article(slug: article.slug).relativeLink(from: .search), into: &text)
            text += ","
            write(sources(article.sourceID), into: &text)
            text += ","
            write(article.date.map(dates.display) ?? "", into: &text)
            text += ","
            write(prepared.summaryText.map { HTMLText.excerpt($0, maxCharacters: summaryLength) } ?? "", into: &text)
            text += ",["
            text += TagIndex.tags(of: article).map { tag in
                var item = ""
                write(tag.name, into: &item)
                return item
            }.joined(separator: ",")
            text += "]]"
        }
        return text + "]\n"
    }

    /// A JSON string: quote, backslash and control characters escaped, and `<`, `>`,
    /// `&`, U+2028 and U+2029 as `\u` escapes, so the text is inert wherever it is pasted.
    private static func write(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar == "<" || scalar == ">" || scalar == "&"
                || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
