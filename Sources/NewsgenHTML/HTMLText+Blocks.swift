extension HTMLText {
    /// The visible text of `html` block by block (a paragraph, a heading, a list item, a cell…),
    /// each block's whitespace collapsed, empty blocks left out: what a reader sees, for
    /// `newsgen extract --format text`. Content the sanitizer removes (scripts, forms) is skipped.
    public static func blocks(fromHTML html: String) -> [String] {
        var blocks: [String] = []
        var current = ""
        func endBlock() {
            let text = collapsingWhitespace(current)
            if !text.isEmpty { blocks.append(text) }
            current = ""
        }
        HTMLFragment.walk(html, element: { element in
            if SanitizerPolicy.droppedWithContent.contains(element.name) && !SanitizerPolicy.voidElements.contains(element.name) {
                return .skip
            }
            if element.name == "br" { current += "\n"; return .descend(closeToken: nil) }
            guard blockElements.contains(element.name) else { return .descend(closeToken: nil) }
            endBlock()
            return .descend(closeToken: "")
        }, text: { text in
            current += text
        }, close: { _ in
            endBlock()
        })
        endBlock()
        return blocks
    }

    /// `blocks(fromHTML:)` with a blank line between blocks.
    public static func readableText(fromHTML html: String) -> String {
        blocks(fromHTML: html).joined(separator: "\n\n")
    }
}
