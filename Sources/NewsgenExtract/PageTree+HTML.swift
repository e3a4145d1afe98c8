import NewsgenHTML

extension PageTree {
    /// HTML's void elements: written without an end tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// The markup of `node` itself and its subtree (the DOM's `outerHTML`), written without recursion:
    /// attributes double-quoted and escaped, text escaped, void elements without an end tag.
    func outerHTML(_ node: Int) -> String {
        var out = ""
        var stack: [(node: Int, closing: Bool)] = [(node, false)]
        while let (current, closing) = stack.popLast() {
            if closing {
                out += "</" + names[current] + ">"
                continue
            }
            if kinds[current] == .text {
                out += HTMLEscape.text(texts[current])
                continue
            }
            let name = names[current]
            out += "<" + name
            for attribute in attributes[current] {
                out += " " + attribute.name + "=\"" + HTMLEscape.attribute(attribute.value) + "\""
            }
            out += ">"
            if Self.voidElements.contains(name) { continue }
            stack.append((current, true))
            var children: [Int] = []
            var child = firstChild[current]
            while child >= 0 { children.append(Int(child)); child = next[Int(child)] }
            for child in children.reversed() { stack.append((child, false)) }
        }
        return out
    }
}
