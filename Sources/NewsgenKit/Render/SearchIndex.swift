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
            write(RelativeLink.make(to: Route.article(slug: article.slug).path, from: Route.search.path), into: &bytes)
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

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: quote, backslash and control characters escaped, and `<`, `>`,
    /// `&`, U+2028 and U+2029 as `\u` escapes, so the text is inert wherever it is pasted.
    /// Written over the string's UTF-8: every byte to escape is ASCII but the two line
    /// separators (E2 80 A8 and E2 80 A9).
    private static func write(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var escape: [UInt8]? = nil
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    escape = unicodeEscape(UInt32(byte))
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = unicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    length = 3
                default:
                    break
                }
                if let escape {
                    if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                    bytes.append(contentsOf: escape)
                    runStart = index + length
                }
                index += length
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX`, lowercase hex.
    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        [UInt8(ascii: "\\"), UInt8(ascii: "u"), hexDigits[Int(value >> 12 & 0xF)], hexDigits[Int(value >> 8 & 0xF)],
         hexDigits[Int(value >> 4 & 0xF)], hexDigits[Int(value & 0xF)]]
    }
}
