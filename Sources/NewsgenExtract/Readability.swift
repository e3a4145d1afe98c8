/// A port of Mozilla Readability.js's article detection (`_grabArticle` and what it calls) on a
/// `PageTree`: candidates are scored from their paragraphs, the best one is taken with its related
/// siblings, and the result is cleaned of what does not read like the article. When that leaves
/// too little text, the page is restored and the search runs again with fewer heuristics.
///
/// Internal: `ArticleExtractor` drives it and turns its tree into HTML.
struct Readability {
    /// Readability's flags, cleared one by one when an attempt finds too little text.
    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikelys = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
    }

    /// Below this much text an attempt is retried with relaxed flags (`DEFAULT_CHAR_THRESHOLD`).
    static let charThreshold = 500
    /// How many top candidates are compared when deciding whether to climb (`DEFAULT_N_TOP_CANDIDATES`).
    static let topCandidateCount = 5

    var tree: PageTree
    var flags: Flags = [.stripUnlikelys, .weightClasses, .cleanConditionally]
    /// The title found in the metadata, compared with headings.
    var articleTitle = ""
    /// A byline found in the body (and removed from it), when the metadata had none.
    var articleByline: String?
    var articleLanguage: String?
    /// Readability's per-node `readability.contentScore`; a node is a candidate once it has one.
    var scores: [Int: Double] = [:]
    /// Tables judged to hold data rather than layout (`_readabilityDataTable`).
    var dataTables: Set<Int> = []
    var statistics: ExtractionStatistics

    init(tree: PageTree, statistics: ExtractionStatistics) {
        self.tree = tree
        self.statistics = statistics
    }

    static let tagsToScore: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let divToPElements: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let alterToDivExceptions: Set<String> = ["div", "article", "section", "p", "ol", "ul"]
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// `_grabArticle`: the article's container (a `div` holding `div#readability-page-1.page`) in
    /// the returned tree, or nil when no attempt found any text.
    mutating func grabArticle() -> (tree: PageTree, article: Int, textLength: Int)? {
        let original = tree
        var attempts: [(tree: PageTree, article: Int, textLength: Int)] = []
        while true {
            statistics.scoringPasses += 1
            guard let body = tree.firstElement(named: "body") else { return nil }
            let article = attempt(body: body)
            let textLength = tree.innerTextLength(article)
            if textLength >= Self.charThreshold { return (tree, article, textLength) }
            attempts.append((tree, article, textLength))
            tree = original
            scores = [:]
            dataTables = []
            if flags.contains(.stripUnlikelys) {
                flags.remove(.stripUnlikelys)
            } else if flags.contains(.weightClasses) {
                flags.remove(.weightClasses)
            } else if flags.contains(.cleanConditionally) {
                flags.remove(.cleanConditionally)
            } else {
                // The longest attempt, the first of equals (JavaScript's sort is stable).
                guard let best = attempts.enumerated().max(by: { a, b in
                    a.element.textLength != b.element.textLength ? a.element.textLength < b.element.textLength : a.offset > b.offset
                })?.element, best.textLength > 0 else { return nil }
                tree = best.tree
                return best
            }
        }
    }

    /// One pass of `_grabArticle`'s loop body with the current flags.
    private mutating func attempt(body: Int) -> Int {
        let elementsToScore = prepareNodes()
        let candidates = scoreParagraphs(elementsToScore)
        let (topCandidate, createdTopCandidate) = chooseTopCandidate(candidates, body: body)
        let articleContent = tree.createElement("div")
        let siblingThreshold = max(10, (scores[topCandidate] ?? 0) * 0.2)
        guard let parentOfTop = tree.parentOf(topCandidate) else { return articleContent }
        let topClass = tree.attribute(topCandidate, "class") ?? ""
        for sibling in tree.elementChildren(parentOfTop) {
            var append = false
            if sibling == topCandidate {
                append = true
            } else {
                var bonus = 0.0
                if !topClass.isEmpty, tree.attribute(sibling, "class") ?? "" == topClass { bonus += (scores[topCandidate] ?? 0) * 0.2 }
                if let score = scores[sibling], score + bonus >= siblingThreshold {
                    append = true
                } else if tree.name(sibling) == "p" {
                    let linkDensity = self.linkDensity(sibling)
                    let content = tree.innerText(sibling)
                    let length = content.utf16.count
                    if length > 80 && linkDensity < 0.25 {
                        append = true
                    } else if length < 80 && length > 0 && linkDensity == 0 && Self.hasSentenceEnd(content) {
                        append = true
                    }
                }
            }
            guard append else { continue }
            if !Self.alterToDivExceptions.contains(tree.name(sibling)) { tree.rename(sibling, to: "div") }
            tree.appendChild(articleContent, sibling)
        }
        prepArticle(articleContent)
        if createdTopCandidate {
            tree.setAttribute(topCandidate, "id", "readability-page-1")
            tree.setAttribute(topCandidate, "class", "page")
        } else {
            let page = tree.createElement("div", attributes: [.init(name: "id", value: "readability-page-1"), .init(name: "class", value: "page")])
            for child in tree.children(articleContent) { tree.appendChild(page, child) }
            tree.appendChild(articleContent, page)
        }
        return articleContent
    }

    /// `/\.( |$)/`: a full stop followed by a space or the end.
    static func hasSentenceEnd(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "." {
            if index + 1 == scalars.count || scalars[index + 1] == " " { return true }
        }
        return false
    }

    /// Chooses the candidate with the best score, climbing to a shared ancestor when several are
    /// close, or wraps the whole body in a new `div` when there is none.
    private mutating func chooseTopCandidate(_ candidates: [Int], body: Int) -> (Int, Bool) {
        var top: [Int] = []
        for candidate in candidates {
            let score = (scores[candidate] ?? 0) * (1 - linkDensity(candidate))
            scores[candidate] = score
            for t in 0..<Self.topCandidateCount {
                if t >= top.count || score > scores[top[t]]! {
                    top.insert(candidate, at: t)
                    if top.count > Self.topCandidateCount { top.removeLast() }
                    break
                }
            }
        }
        guard var topCandidate = top.first, tree.name(topCandidate) != "body" else {
            let created = tree.createElement("div")
            for child in tree.children(body) { tree.appendChild(created, child) }
            tree.appendChild(body, created)
            initializeNode(created)
            return (created, true)
        }
        let topScore = scores[topCandidate]!
        var alternatives: [Set<Int>] = []
        for other in top.dropFirst() where scores[other]! / topScore >= 0.75 {
            alternatives.append(Set(tree.ancestors(other)))
        }
        if alternatives.count >= 3, var ancestor = tree.parentOf(topCandidate) {
            while tree.name(ancestor) != "body" {
                if alternatives.filter({ $0.contains(ancestor) }).count >= 3 {
                    topCandidate = ancestor
                    break
                }
                guard let up = tree.parentOf(ancestor), up != tree.root else { break }
                ancestor = up
            }
        }
        if scores[topCandidate] == nil { initializeNode(topCandidate) }
        var parent = tree.parentOf(topCandidate)
        var lastScore = scores[topCandidate]!
        let threshold = lastScore / 3
        while let ancestor = parent, ancestor != tree.root, tree.name(ancestor) != "body" {
            guard let parentScore = scores[ancestor] else { parent = tree.parentOf(ancestor); continue }
            if parentScore < threshold { break }
            if parentScore > lastScore { topCandidate = ancestor; break }
            lastScore = parentScore
            parent = tree.parentOf(ancestor)
        }
        while let ancestor = tree.parentOf(topCandidate), ancestor != tree.root, tree.name(ancestor) != "body",
              tree.elementChildCount(ancestor) == 1 {
            topCandidate = ancestor
        }
        if scores[topCandidate] == nil { initializeNode(topCandidate) }
        return (topCandidate, false)
    }
}
