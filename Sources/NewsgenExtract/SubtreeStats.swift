/// What `_cleanConditionally` measures of a node's subtree, kept per node and built bottom-up from
/// the children's, so judging every `div` of a deep article costs its size once, not once per
/// ancestor. Sums over descendants of a kind count each such descendant's whole text, nested ones
/// again, exactly as Readability's `getElementsByTagName` loops do.
struct SubtreeStats {
    var summary = TextSummary()
    /// Text inside links, in-page links at 0.3 (`_getLinkDensity`'s numerator).
    var linkLength = 0.0
    var paragraphs = 0, images = 0, listItems = 0, inputs = 0
    /// `object`, `embed` and `iframe` that are not from a video site.
    var embeds = 0
    /// Any `object`, `embed` or `iframe` from a video site: Readability then keeps the node.
    var hasVideo = false
    /// Any table judged to hold data.
    var hasDataTable = false
    /// Text inside `ul`/`ol`, headings, and Readability's "textish" elements.
    var listLength = 0, headingLength = 0, textishLength = 0
}

/// The `SubtreeStats` of one cleaning pass: computed for a node when first asked (its subtree's
/// nodes with it), and recomputed only along the ancestors of what the pass removed.
struct SubtreeStatsCache {
    private var stats: [Int: SubtreeStats] = [:]
    /// Nodes measured so far, recomputations included (for `ExtractionStatistics.nodesMeasured`).
    private(set) var measured = 0

    /// Forgets `node`'s ancestors (before `node` is removed): their stats counted it.
    mutating func invalidateAncestors(of node: Int, in tree: PageTree) {
        var current = node
        while let parent = tree.parentOf(current) {
            stats[parent] = nil
            current = parent
        }
    }

    /// The stats of `node`, computing what is missing below it in post-order, without recursion.
    mutating func stats(of node: Int, in readability: Readability) -> SubtreeStats {
        if let known = stats[node] { return known }
        let tree = readability.tree
        var stack: [(node: Int, expanded: Bool)] = [(node, false)]
        while let (current, expanded) = stack.popLast() {
            if stats[current] != nil { continue }
            let children = tree.children(current)
            if !expanded {
                stack.append((current, true))
                for child in children.reversed() where tree.isElement(child) && stats[child] == nil { stack.append((child, false)) }
                continue
            }
            var result = SubtreeStats()
            for child in children {
                guard tree.isElement(child) else {
                    result.summary += tree.summary(child)
                    continue
                }
                let below = stats[child]!
                result.summary += below.summary
                result.linkLength += below.linkLength
                result.paragraphs += below.paragraphs
                result.images += below.images
                result.listItems += below.listItems
                result.inputs += below.inputs
                result.embeds += below.embeds
                result.hasVideo = result.hasVideo || below.hasVideo
                result.hasDataTable = result.hasDataTable || below.hasDataTable
                result.listLength += below.listLength
                result.headingLength += below.headingLength
                result.textishLength += below.textishLength
                let length = below.summary.length
                let name = tree.name(child)
                switch name {
                case "a":
                    let href = tree.attribute(child, "href") ?? ""
                    result.linkLength += Double(length) * (href.count > 1 && href.hasPrefix("#") ? 0.3 : 1)
                case "p": result.paragraphs += 1
                case "img": result.images += 1
                case "li": result.listItems += 1
                case "input": result.inputs += 1
                case "object", "embed", "iframe":
                    if readability.isVideo(child) { result.hasVideo = true } else { result.embeds += 1 }
                case "table": if readability.dataTables.contains(child) { result.hasDataTable = true }
                default: break
                }
                if name == "ul" || name == "ol" { result.listLength += length }
                if Readability.headings.contains(name) { result.headingLength += length }
                if Readability.textishTags.contains(name) { result.textishLength += length }
            }
            stats[current] = result
            measured += 1
        }
        return stats[node]!
    }
}
