/// The sanitizer's allowlist, in one place so it can be read and reviewed as a table.
enum SanitizerPolicy {
    /// Elements that are removed together with everything inside them: active
    /// content, forms, document metadata, and foreign content (SVG, MathML)
    /// whose parsing rules differ from HTML's.
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "noframes", "object", "embed", "applet", "param",
        "form", "input", "button", "select", "option", "optgroup", "textarea", "datalist", "output", "keygen",
        "meta", "base", "link", "title", "noscript", "noembed", "template", "svg", "math", "head",
    ]

    /// HTML's void elements: they never have content. libxml2 follows HTML 4,
    /// where `embed`, `source`, `track`, `wbr` and `keygen` are not empty, and
    /// makes whatever follows them their children; those children are really
    /// the element's following siblings, so they are always visited, even when
    /// the void element itself is dropped. The kept ones are written as `<br>`.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Attributes whose value is a URL, judged by `URLPolicy`.
    static let urlAttributes: Set<String> = ["href", "src", "poster", "cite"]

    /// Attributes written as `name=""` whatever value they had.
    static let booleanAttributes: Set<String> = [
        "controls", "open", "reversed", "data-footnote-ref", "data-footnote-backref", "data-footnotes",
    ]

    /// Attributes whose value must be a small non-negative integer.
    static let integerAttributes: Set<String> = ["width", "height", "colspan", "rowspan", "start", "data-footnote-backref-idx"]

    /// `class` tokens that may stay: the ones cmark-gfm's footnotes use, plus
    /// `language-…` on `code` (fenced code blocks), for syntax highlighting.
    static let allowedClasses: Set<String> = ["footnote-ref", "footnotes", "footnote-backref"]

    /// Kept elements and the attributes each may keep (in addition to `class`,
    /// which every kept element may carry, filtered by `allowedClasses`).
    static let allowedElements: [String: Set<String>] = {
        var table: [String: Set<String>] = [:]
        let plain = [
            "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "mark", "small", "sub", "pre", "kbd",
            "cite", "ul", "dl", "dt", "dd", "figure", "figcaption", "table", "thead", "tbody", "tfoot", "tr",
            "caption", "summary", "span", "div",
        ]
        for name in plain { table[name] = [] }
        for level in 1...6 { table["h\(level)"] = ["id"] }
        table["a"] = ["href", "title", "id", "aria-label", "data-footnote-ref", "data-footnote-backref", "data-footnote-backref-idx"]
        table["img"] = ["src", "srcset", "sizes", "alt", "title", "width", "height"]
        table["code"] = []
        table["blockquote"] = ["cite"]
        table["q"] = ["cite"]
        table["del"] = ["cite", "datetime"]
        table["ins"] = ["cite", "datetime"]
        table["abbr"] = ["title"]
        table["ol"] = ["start", "reversed", "type"]
        table["li"] = ["id"]
        table["sup"] = ["id"]
        table["section"] = ["id", "data-footnotes"]
        table["th"] = ["colspan", "rowspan", "align"]
        table["td"] = ["colspan", "rowspan", "align"]
        table["audio"] = ["src", "controls"]
        table["video"] = ["src", "poster", "controls", "width", "height"]
        table["source"] = ["src", "type"]
        table["details"] = ["open"]
        return table
    }()

    /// The kept value of a non-URL attribute, or nil to drop it.
    static func value(of attribute: String, _ value: String, on element: String) -> String? {
        if booleanAttributes.contains(attribute) { return "" }
        if integerAttributes.contains(attribute) {
            let trimmed = value.trimmingASCIISpaces
            return !trimmed.isEmpty && trimmed.count <= 5 && trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) ? trimmed : nil
        }
        switch attribute {
        case "id":
            // Footnote ids and heading anchors; nothing that could look like markup or script.
            let ok = !value.isEmpty && value.count <= 128 && value.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || "-_.:%".unicodeScalars.contains($0)
            }
            return ok ? value : nil
        case "align":
            let lowered = value.trimmingASCIISpaces.lowercased()
            return ["left", "center", "right", "justify"].contains(lowered) ? lowered : nil
        case "sizes":
            // A media-condition list such as "(max-width: 600px) 480px, 800px": no URLs, nothing else.
            let ok = value.utf8.count <= 512 && value.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || " \t\n().,:%-".unicodeScalars.contains($0)
            }
            let lowered = value.lowercased()
            return ok && !lowered.contains("url(") && !lowered.contains("expression(") ? value : nil
        case "type" where element == "ol":
            let trimmed = value.trimmingASCIISpaces
            return ["1", "a", "A", "i", "I"].contains(trimmed) ? trimmed : nil
        default:
            return value
        }
    }

    /// The `class` tokens `element` may keep, space-separated; nil when none is left.
    static func classes(_ value: String, on element: String) -> String? {
        let kept = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" })
            .map(String.init)
            .filter { token in
                if allowedClasses.contains(token) { return true }
                guard element == "code", token.hasPrefix("language-"), token.count > 9, token.count <= 40 else { return false }
                return token.unicodeScalars.allSatisfy {
                    ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || "-_+#.".unicodeScalars.contains($0)
                }
            }
        return kept.isEmpty ? nil : kept.joined(separator: " ")
    }
}

extension String {
    /// Without leading and trailing ASCII whitespace (HTML's definition of space).
    var trimmingASCIISpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
