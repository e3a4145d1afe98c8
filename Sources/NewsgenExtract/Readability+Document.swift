extension Readability {
    /// `_removeScripts` and `_prepDocument`: scripts, `noscript`s and styles go, `br` chains become
    /// paragraphs, `font` becomes `span`.
    mutating func prepareDocument() {
        for node in tree.descendants(of: tree.root, named: ["script", "noscript", "style"]) {
            if tree.name(node) == "noscript", holdsArticleText(node) { unwrap(node) } else { tree.remove(node) }
        }
        if let body = tree.firstElement(named: "body") { replaceBreaks(body) }
        for font in tree.descendants(of: tree.root, named: "font") { tree.rename(font, to: "span") }
    }

    /// A `noscript` holding paragraphs of text is the page's text for readers without scripts (a
    /// Blogger post the page's script would render), not a notice that names JavaScript.
    private func holdsArticleText(_ noscript: Int) -> Bool {
        guard tree.innerTextLength(noscript) >= Self.charThreshold, tree.hasDescendant(of: noscript, named: ["p"]) else { return false }
        return !ReadabilityPattern.contains(ReadabilityPattern.lowered(tree.textContent(noscript)), Array("javascript".utf8))
    }

    /// Puts `node`'s children where it is.
    private mutating func unwrap(_ node: Int) {
        for child in tree.children(node) { tree.insert(child, before: node) }
        tree.remove(node)
    }

    /// `_replaceBrs`: two or more `br`s in a row end a paragraph: the phrasing content after them
    /// goes into a new `p`, up to the next chain.
    private mutating func replaceBreaks(_ root: Int) {
        for br in tree.descendants(of: root, named: "br") where tree.parentOf(br) != nil {
            var next = tree.nextOf(br)
            var replaced = false
            while let candidate = nextNonBlank(next), tree.isElement(candidate), tree.name(candidate) == "br" {
                replaced = true
                next = tree.nextOf(candidate)
                tree.remove(candidate)
            }
            guard replaced else { continue }
            let paragraph = tree.createElement("p")
            tree.replace(br, with: paragraph)
            next = tree.nextOf(paragraph)
            while let sibling = next {
                if tree.isElement(sibling), tree.name(sibling) == "br",
                   let following = nextNonBlank(tree.nextOf(sibling)), tree.isElement(following), tree.name(following) == "br" { break }
                guard isPhrasingContent(sibling) else { break }
                next = tree.nextOf(sibling)
                tree.appendChild(paragraph, sibling)
            }
            trimTrailingWhitespace(paragraph)
            if let parent = tree.parentOf(paragraph), tree.name(parent) == "p" { tree.rename(parent, to: "div") }
        }
    }
}
