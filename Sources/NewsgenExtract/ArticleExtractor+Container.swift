extension ArticleExtractor {
    /// Readability's article, checked against the container the page names as its body
    /// (`ArticleContainer`): when most of Readability's text lies outside that container and is not
    /// much longer than it — a comment form, a teaser box picked over a short post — Readability
    /// runs again inside the container alone, and that result is taken when it has text.
    static func grabArticle(_ readability: inout Readability) -> (tree: PageTree, article: Int, textLength: Int)? {
        let prepared = readability.tree
        let first = readability.grabArticle()
        guard let container = ArticleContainer.find(prepared) else { return first }
        if let first, share(of: first.article, in: first.tree, inside: container, of: prepared) >= 0.5
            || first.textLength > 3 * prepared.innerTextLength(container) { return first }
        var inner = Readability(tree: restricted(prepared, to: container), statistics: readability.statistics)
        inner.articleTitle = readability.articleTitle
        let second = inner.grabArticle()
        readability.statistics = inner.statistics
        guard let second, second.textLength >= ArticleContainer.minimumText else { return first }
        readability = inner
        return second
    }

    /// The share of `article`'s text (in `tree`) whose nodes sat inside `container` in `prepared`.
    private static func share(of article: Int, in tree: PageTree, inside container: Int, of prepared: PageTree) -> Double {
        var inside = 0, total = 0
        tree.forEachDescendant(of: article) { node in
            guard !tree.isElement(node) else { return }
            let length = tree.summary(node).solid
            total += length
            guard node < prepared.count else { return }
            var current: Int? = node
            while let at = current, at != container { current = prepared.parentOf(at) }
            if current != nil { inside += length }
        }
        return total == 0 ? 0 : Double(inside) / Double(total)
    }

    /// `prepared` with the body holding only `container`.
    private static func restricted(_ prepared: PageTree, to container: Int) -> PageTree {
        var tree = prepared
        guard let body = tree.firstElement(named: "body") else { return tree }
        tree.remove(container)
        for child in tree.children(body) { tree.remove(child) }
        tree.appendChild(body, container)
        return tree
    }
}
