import Foundation

extension Readability {
    static let phrasingElements: Set<String> = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i", "img",
        "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q", "ruby", "samp",
        "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr",
    ]

    /// The first loop of `_grabArticle`: drops hidden, unlikely and empty nodes and the byline,
    /// turns `div`s of phrasing content into paragraphs, and returns the nodes to score.
    mutating func prepareNodes() -> [Int] {
        var elementsToScore: [Int] = []
        var shouldRemoveTitleHeader = true
        let strip = flags.contains(.stripUnlikelys)
        var current = tree.firstElementChild(tree.root)
        while let node = current {
            statistics.elementsVisited += 1
            let name = tree.name(node)
            if name == "html" { articleLanguage = tree.attribute(node, "lang") }
            let matchString = tree.classAndID(node)
            if !isProbablyVisible(node) {
                current = removeAndGetNext(node)
                continue
            }
            if tree.attribute(node, "aria-modal") == "true" && tree.attribute(node, "role") == "dialog" {
                current = removeAndGetNext(node)
                continue
            }
            if checkByline(node, matchString: matchString) {
                current = removeAndGetNext(node)
                continue
            }
            if shouldRemoveTitleHeader && headerDuplicatesTitle(node) {
                shouldRemoveTitleHeader = false
                current = removeAndGetNext(node)
                continue
            }
            if strip {
                if matchString.count > 1, ReadabilityPattern.unlikelyCandidates.matches(matchString),
                   !ReadabilityPattern.maybeCandidate.matches(matchString),
                   !hasAncestor(node, named: "table"), !hasAncestor(node, named: "code"), name != "body", name != "a" {
                    current = removeAndGetNext(node)
                    continue
                }
                if let role = tree.attribute(node, "role"), Self.unlikelyRoles.contains(role) {
                    current = removeAndGetNext(node)
                    continue
                }
            }
            if ["div", "section", "header"].contains(name) || Self.headings.contains(name), isElementWithoutContent(node) {
                current = removeAndGetNext(node)
                continue
            }
            if Self.tagsToScore.contains(name) { elementsToScore.append(node) }
            var visited = node
            if name == "div" {
                wrapPhrasingContent(node)
                if hasSingleTagInside(node, named: "p"), linkDensity(node) < 0.25 {
                    let child = tree.firstElementChild(node)!
                    tree.replace(node, with: child)
                    visited = child
                    elementsToScore.append(child)
                } else if !hasChildBlockElement(node) {
                    tree.rename(node, to: "p")
                    elementsToScore.append(node)
                }
            }
            current = tree.nextElement(after: visited)
        }
        return elementsToScore
    }

    /// `_removeAndGetNext`.
    mutating func removeAndGetNext(_ node: Int) -> Int? {
        let next = tree.nextElement(after: node, skippingChildren: true)
        tree.remove(node)
        return next
    }

    /// Runs of phrasing content directly in a `div` become paragraphs ("Put phrasing content into paragraphs").
    private mutating func wrapPhrasingContent(_ node: Int) {
        var paragraph: Int?
        var child = tree.firstChildOf(node)
        while let current = child {
            let following = tree.nextOf(current)
            if isPhrasingContent(current) {
                if let paragraph {
                    tree.appendChild(paragraph, current)
                } else if !isWhitespace(current) {
                    let created = tree.createElement("p")
                    tree.replace(current, with: created)
                    tree.appendChild(created, current)
                    paragraph = created
                }
            } else if let open = paragraph {
                trimTrailingWhitespace(open)
                paragraph = nil
            }
            child = following
        }
        // Readability leaves the last paragraph's trailing whitespace in place.
    }

    mutating func trimTrailingWhitespace(_ node: Int) {
        while let last = tree.lastChildOf(node), isWhitespace(last) { tree.remove(last) }
    }

    /// `_isPhrasingContent`.
    func isPhrasingContent(_ node: Int) -> Bool {
        if !tree.isElement(node) { return true }
        let name = tree.name(node)
        if Self.phrasingElements.contains(name) { return true }
        guard name == "a" || name == "del" || name == "ins" else { return false }
        // Explicit stack: nested links cannot recurse without bound.
        var stack = tree.children(node)
        while let child = stack.popLast() {
            guard tree.isElement(child) else { continue }
            let childName = tree.name(child)
            if Self.phrasingElements.contains(childName) { continue }
            guard childName == "a" || childName == "del" || childName == "ins" else { return false }
            stack.append(contentsOf: tree.children(child))
        }
        return true
    }

    /// `_isWhitespace`: blank text or a `br`.
    func isWhitespace(_ node: Int) -> Bool {
        tree.isElement(node) ? tree.name(node) == "br" : tree.summary(node).solid == 0
    }

    /// `_isProbablyVisible`: no `display:none`/`visibility:hidden`, no `hidden`, no `aria-hidden`
    /// (except Wikimedia's `fallback-image`, which is shown when scripts are off).
    func isProbablyVisible(_ node: Int) -> Bool {
        if let style = tree.attribute(node, "style"), Self.styleHides(style) { return false }
        if tree.hasAttribute(node, "hidden") { return false }
        if tree.attribute(node, "aria-hidden") == "true" {
            return (tree.attribute(node, "class") ?? "").contains("fallback-image")
        }
        return true
    }

    /// Whether an inline style hides the element (`display: none`, and `visibility: hidden` when asked).
    static func styleHides(_ style: String, visibility: Bool = true) -> Bool {
        // Most styles hide nothing: look for the value words before splitting anything.
        let lowered = ReadabilityPattern.lowered(style)
        guard ReadabilityPattern.contains(lowered, Array("none".utf8)) || (visibility && ReadabilityPattern.contains(lowered, Array("hidden".utf8))) else {
            return false
        }
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let property = parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            var value = parts[1].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).trimmingCharacters(in: .whitespaces) }
            if property == "display" && value == "none" { return true }
            if visibility && property == "visibility" && value == "hidden" { return true }
        }
        return false
    }

    /// `_checkByline`: a byline-looking element (rel or itemprop author, or a byline class) whose text is short.
    mutating func checkByline(_ node: Int, matchString: String) -> Bool {
        guard articleByline == nil else { return false }
        let rel = tree.attribute(node, "rel"), itemprop = tree.attribute(node, "itemprop")
        guard rel == "author" || (itemprop?.contains("author") ?? false)
                || (matchString.count > 1 && ReadabilityPattern.byline.matches(matchString)) else { return false }
        let text = PageTree.trimmed(tree.textContent(node))
        guard !text.isEmpty, text.utf16.count < 100 else { return false }
        // A descendant marked `itemprop="name"` is the author's name without "By" or a date.
        var named: Int?
        var next = tree.nextElement(after: node)
        let end = tree.nextElement(after: node, skippingChildren: true)
        while let candidate = next, candidate != end {
            if tree.attribute(candidate, "itemprop")?.contains("name") ?? false { named = candidate; break }
            next = tree.nextElement(after: candidate)
        }
        articleByline = named.map { PageTree.trimmed(tree.textContent($0)) } ?? text
        return true
    }

    /// `_headerDuplicatesTitle`: an `h1`/`h2` that repeats the title.
    func headerDuplicatesTitle(_ node: Int) -> Bool {
        let name = tree.name(node)
        guard name == "h1" || name == "h2" else { return false }
        let heading = PageTree.trimmed(tree.textContent(node))
        return TitleCleaner.similarity(articleTitle, heading) > 0.75
    }

    /// `_hasAncestorTag` with its default depth of 3, or any depth for `maxDepth` ≤ 0.
    func hasAncestor(_ node: Int, named name: String, maxDepth: Int = 3, where filter: ((Int) -> Bool)? = nil) -> Bool {
        var depth = 0
        var current = node
        while let parent = tree.parentOf(current) {
            if maxDepth > 0 && depth > maxDepth { return false }
            if tree.name(parent) == name && (filter?(parent) ?? true) { return true }
            current = parent
            depth += 1
        }
        return false
    }

    /// `_isElementWithoutContent`: no text, and no children but `br` and `hr`.
    func isElementWithoutContent(_ node: Int) -> Bool {
        if hasText(node) { return false }
        let children = tree.elementChildren(node)
        if children.isEmpty { return true }
        let breaks = tree.descendants(of: node, named: ["br", "hr"]).count
        return children.count == breaks
    }

    /// Whether any text below `node` is not whitespace; stops at the first.
    func hasText(_ node: Int) -> Bool {
        var found = false
        var current = tree.following(node, within: node)
        while let visiting = current {
            if !tree.isElement(visiting) && tree.summary(visiting).solid > 0 { found = true; break }
            current = tree.following(visiting, within: node)
        }
        return found
    }

    /// `_hasSingleTagInsideElement`: exactly one element child, named `name`, and no text beside it.
    func hasSingleTagInside(_ node: Int, named name: String) -> Bool {
        let children = tree.elementChildren(node)
        guard children.count == 1, tree.name(children[0]) == name else { return false }
        for child in tree.children(node) where !tree.isElement(child) {
            // `/\S$/`: text ending in a non-space character.
            if let last = tree.text(child).unicodeScalars.last, !TextSummary.isSpace(last) { return false }
        }
        return true
    }

    /// `_hasChildBlockElement`: any descendant that is a block Readability cares about.
    func hasChildBlockElement(_ node: Int) -> Bool {
        tree.hasDescendant(of: node, named: Self.divToPElements)
    }
}
