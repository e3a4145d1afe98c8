/// Readability's `isProbablyReaderable`: whether the page has enough visible, likely paragraphs
/// (`p`, `pre`, `article`, and `div`s holding `br`s) of over 140 characters for a reader view.
enum Readerable {
    static let minScore = 20.0
    static let minContentLength = 140

    static func check(_ tree: PageTree) -> Bool {
        var nodes: [Int] = []
        var seen: Set<Int> = []
        tree.forEachDescendant(of: tree.root) { node in
            guard tree.isElement(node) else { return }
            let name = tree.name(node)
            if name == "p" || name == "pre" || name == "article" {
                if seen.insert(node).inserted { nodes.append(node) }
            } else if name == "br", let parent = tree.parentOf(node), tree.name(parent) == "div" {
                if seen.insert(parent).inserted { nodes.append(parent) }
            }
        }
        var score = 0.0
        for node in nodes {
            if !isVisible(tree, node) { continue }
            let matchString = tree.classAndID(node)
            if matchString.count > 1, ReadabilityPattern.unlikelyCandidates.matches(matchString),
               !ReadabilityPattern.maybeCandidate.matches(matchString) { continue }
            if tree.name(node) == "p", tree.ancestors(node).contains(where: { tree.name($0) == "li" }) { continue }
            let length = PageTree.trimmed(tree.textContent(node)).utf16.count
            if length < minContentLength { continue }
            score += Double(length - minContentLength).squareRoot()
            if score > minScore { return true }
        }
        return false
    }

    /// `isNodeVisible` of Readability-readerable.js (no `visibility` test there).
    private static func isVisible(_ tree: PageTree, _ node: Int) -> Bool {
        if let style = tree.attribute(node, "style"), Readability.styleHides(style, visibility: false) { return false }
        if tree.hasAttribute(node, "hidden") { return false }
        if tree.attribute(node, "aria-hidden") == "true" { return (tree.attribute(node, "class") ?? "").contains("fallback-image") }
        return true
    }
}
