/// Plain text from HTML, for list-row summaries, titles of untitled items and
/// search: what a reader would see, on one line.
public enum HTMLText {
    /// Elements whose start and end separate words, so `<p>a</p><p>b</p>` reads "a b".
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
        "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "img", "li",
        "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "tr", "ul",
    ]

    /// The text content of the fragment `html`: entities decoded, the content of
    /// elements the sanitizer removes (scripts, styles, forms…) left out, block
    /// boundaries read as spaces, and every run of whitespace collapsed to one
    /// space, trimmed at both ends. Plain text without tags passes through with
    /// its entities decoded.
    public static func plainText(fromHTML html: String) -> String {
        var raw = ""
        HTMLFragment.walk(html, element: { element in
            if SanitizerPolicy.droppedWithContent.contains(element.name) && !SanitizerPolicy.voidElements.contains(element.name) {
                return .skip
            }
            guard blockElements.contains(element.name) else { return .descend(closeToken: nil) }
            raw += " "
            return .descend(closeToken: " ")
        }, text: { text in
            raw += text
        }, close: { token in
            raw += token
        })
        return collapsingWhitespace(raw)
    }

    /// `text` cut to at most `maxCharacters` characters (the "…" included) at a
    /// word boundary, so list rows never end in half a word. Text that fits is
    /// returned unchanged; a single word longer than the limit is cut inside it.
    public static func excerpt(_ text: String, maxCharacters: Int) -> String {
        guard text.count > maxCharacters else { return text }
        guard maxCharacters > 1 else { return maxCharacters == 1 ? "…" : "" }
        let cutIndex = text.index(text.startIndex, offsetBy: maxCharacters - 1)
        var kept = text[..<cutIndex]
        // Unless the cut falls just before a space, drop the partial last word.
        if !text[cutIndex].isWhitespace, let lastSpace = kept.lastIndex(where: \.isWhitespace) {
            kept = kept[..<lastSpace]
        }
        // No dangling spaces or punctuation before the ellipsis ("word, …" reads badly).
        while let last = kept.last, last.isWhitespace || ",;:-–—".contains(last) { kept = kept.dropLast() }
        if kept.isEmpty { kept = text[..<cutIndex] }
        return kept + "…"
    }

    /// Every run of whitespace as one space, none at either end.
    public static func collapsingWhitespace(_ text: String) -> String {
        if let collapsed = text.utf8.withContiguousStorageIfAvailable(collapsingBelowCombiningMarks), let collapsed {
            return collapsed ?? text
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `collapsingWhitespace` on the bytes of text with no scalar from U+0300 on
    /// (no UTF-8 lead byte from 0xCC): there every character is one scalar (or
    /// CR LF), and the whitespace ones are ASCII 9–13 and space, U+0085 and
    /// U+00A0. Nil for other text (the slow path reads characters); `.some(nil)`
    /// when the text is already collapsed.
    private static func collapsingBelowCombiningMarks(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0xCC { return nil }
            let width: Int
            if byte == 0x20 {
                width = 1
            } else if byte >= 0x09 && byte <= 0x0D {
                width = 1
                changed = true
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 {
                width = 2
                changed = true
            } else {
                width = 0
            }
            if width > 0 {
                // A space is kept only between words, and only one of a run.
                if pendingSpace || output.isEmpty { changed = true }
                pendingSpace = !output.isEmpty
                index += width
                continue
            }
            if pendingSpace { output.append(0x20); pendingSpace = false }
            output.append(byte)
            index += 1
        }
        if pendingSpace { changed = true }
        return changed ? .some(String(decoding: output, as: UTF8.self)) : .some(nil)
    }
}
