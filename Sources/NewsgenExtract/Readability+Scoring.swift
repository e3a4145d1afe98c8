extension Readability {
    /// Scores each paragraph by its commas and length and credits its ancestors (up to five levels,
    /// less the further up); returns the nodes so credited, in the order first credited.
    mutating func scoreParagraphs(_ elements: [Int]) -> [Int] {
        var candidates: [Int] = []
        for element in elements {
            guard let parent = tree.parentOf(element), parent != tree.root else { continue }
            let summary = tree.summary(element)
            let length = summary.length
            guard length >= 25 else { continue }
            let ancestors = tree.ancestors(element, maxDepth: 5)
            guard !ancestors.isEmpty else { continue }
            var contentScore = 1.0
            contentScore += Double(summary.commas + 1)
            contentScore += Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                // Readability skips an ancestor whose parent is not an element (`<html>`, a detached top).
                guard let up = tree.parentOf(ancestor), up != tree.root else { continue }
                if scores[ancestor] == nil {
                    initializeNode(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                scores[ancestor]! += contentScore / divider
            }
        }
        return candidates
    }

    /// `_initializeNode`: a starting score from the element's kind and its class and id.
    mutating func initializeNode(_ node: Int) {
        var score = 0.0
        switch tree.name(node) {
        case "div": score += 5
        case "pre", "td", "blockquote": score += 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score -= 3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score -= 5
        default: break
        }
        scores[node] = score + Double(classWeight(node))
    }

    /// `_getClassWeight`: ±25 for a class, ±25 for an id that reads like content or like clutter.
    func classWeight(_ node: Int) -> Int {
        guard flags.contains(.weightClasses) else { return 0 }
        var weight = 0
        if let cls = tree.attribute(node, "class"), !cls.isEmpty {
            if ReadabilityPattern.negative.matches(cls) { weight -= 25 }
            if ReadabilityPattern.positive.matches(cls) { weight += 25 }
        }
        if let id = tree.attribute(node, "id"), !id.isEmpty {
            if ReadabilityPattern.negative.matches(id) { weight -= 25 }
            if ReadabilityPattern.positive.matches(id) { weight += 25 }
        }
        return weight
    }

    /// `_getLinkDensity`: the share of the text inside links (in-page `#…` links count 0.3).
    func linkDensity(_ node: Int) -> Double {
        var total = TextSummary()
        var linked = 0.0
        // One walk: the whole text, and each link's own text as it is met.
        var current = tree.following(node, within: node)
        while let visiting = current {
            if tree.isElement(visiting) {
                if tree.name(visiting) == "a" {
                    let href = tree.attribute(visiting, "href") ?? ""
                    let coefficient = href.count > 1 && href.hasPrefix("#") ? 0.3 : 1
                    linked += Double(tree.innerTextLength(visiting)) * coefficient
                }
            } else {
                total += tree.summary(visiting)
            }
            current = tree.following(visiting, within: node)
        }
        let length = total.length
        return length == 0 ? 0 : linked / Double(length)
    }
}
