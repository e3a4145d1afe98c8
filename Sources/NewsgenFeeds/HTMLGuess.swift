import Foundation

/// feedparser's test for RSS fields that are nominally plain text but hold
/// HTML: a close tag or a character reference, every tag a common HTML one,
/// every named reference a real HTML entity. It errs on the side of plain
/// text, since reading text as HTML loses characters silently.
enum HTMLGuess {
    /// The elements feedparser's sanitizer accepts.
    static let htmlElements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "big", "blockquote", "br",
        "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "command", "datagrid",
        "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "event-source",
        "fieldset", "figcaption", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hr", "i", "img", "input", "ins", "kbd", "keygen", "label", "legend", "li", "m", "map", "menu", "meter",
        "multicol", "nav", "nextid", "noscript", "ol", "optgroup", "option", "output", "p", "pre", "progress", "q",
        "s", "samp", "section", "select", "small", "sound", "source", "spacer", "span", "strike", "strong", "sub",
        "sup", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "video",
    ]

    private static let closeTag = try? NSRegularExpression(pattern: "</(\\w+)>")
    private static let reference = try? NSRegularExpression(pattern: "&#?\\w+;")
    private static let tagName = try? NSRegularExpression(pattern: "</?(\\w+)")
    private static let namedReference = try? NSRegularExpression(pattern: "&(\\w+);")

    static func looksLikeHTML(_ text: String) -> Bool {
        // Most plain text has neither byte; only text that has one is searched as Foundation does.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return false }
        guard text.contains("<") || text.contains("&") else { return false }
        guard matches(closeTag, text).isEmpty == false || matches(reference, text).isEmpty == false else { return false }
        if matches(tagName, text).contains(where: { !htmlElements.contains($0.lowercased()) }) { return false }
        if matches(namedReference, text).contains(where: { $0 == "apos" || HTMLEntities.namedCharacter($0) == nil }) {
            return false
        }
        return true
    }

    /// The first capture group (or the whole match) of every match.
    private static func matches(_ expression: NSRegularExpression?, _ text: String) -> [String] {
        guard let expression else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
            return Range(group, in: text).map { String(text[$0]) }
        }
    }
}
