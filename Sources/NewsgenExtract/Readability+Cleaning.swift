extension Readability {
    static let presentationalAttributes = ["align", "background", "bgcolor", "border", "cellpadding", "cellspacing", "frame",
                                           "hspace", "rules", "style", "valign", "vspace"]
    static let deprecatedSizeElements: Set<String> = ["table", "th", "td", "hr", "pre"]

    /// `_prepArticle`: styles, forms, embeds, share bars, headers and the containers that look like
    /// clutter go; `h1` becomes `h2`; empty paragraphs and single-cell tables are unwrapped.
    mutating func prepArticle(_ article: Int) {
        cleanStyles(article)
        markDataTables(article)
        fixLazyImages(article)
        cleanConditionally(article, "form")
        cleanConditionally(article, "fieldset")
        clean(article, "object")
        clean(article, "embed")
        clean(article, "footer")
        clean(article, "link")
        clean(article, "aside")
        for child in tree.elementChildren(article) {
            cleanMatchedNodes(child) { tree, node, matchString in
                ReadabilityPattern.isShareElement(matchString) && tree.textContent(node).utf16.count < Self.charThreshold
            }
        }
        clean(article, "iframe")
        clean(article, "input")
        clean(article, "textarea")
        clean(article, "select")
        clean(article, "button")
        for header in tree.descendants(of: article, named: ["h1", "h2"]).reversed() where classWeight(header) < 0 {
            tree.remove(header)
        }
        cleanConditionally(article, "table")
        cleanConditionally(article, "ul")
        cleanConditionally(article, "div")
        for heading in tree.descendants(of: article, named: "h1") { tree.rename(heading, to: "h2") }
        for paragraph in tree.descendants(of: article, named: "p").reversed() {
            let media = tree.hasDescendant(of: paragraph, named: ["img", "embed", "object", "iframe"])
            if !media && !hasText(paragraph) { tree.remove(paragraph) }
        }
        for br in tree.descendants(of: article, named: "br") {
            if let next = nextNonBlank(tree.nextOf(br)), tree.isElement(next), tree.name(next) == "p" { tree.remove(br) }
        }
        for table in tree.descendants(of: article, named: "table") {
            let body = hasSingleTagInside(table, named: "tbody") ? tree.firstElementChild(table)! : table
            guard hasSingleTagInside(body, named: "tr") else { continue }
            let row = tree.firstElementChild(body)!
            guard hasSingleTagInside(row, named: "td") else { continue }
            let cell = tree.firstElementChild(row)!
            let phrasing = tree.children(cell).allSatisfy(isPhrasingContent)
            tree.rename(cell, to: phrasing ? "p" : "div")
            tree.replace(table, with: cell)
        }
    }

    /// `_nextNode`: `node` or the first sibling after it that is an element or non-blank text.
    func nextNonBlank(_ node: Int?) -> Int? {
        var current = node
        while let candidate = current, !tree.isElement(candidate), tree.summary(candidate).solid == 0 {
            current = tree.nextOf(candidate)
        }
        return current
    }

    /// `_cleanStyles`: presentational attributes go (and sizes on old table markup), SVG left alone.
    private mutating func cleanStyles(_ root: Int) {
        var stack = [root]
        while let node = stack.popLast() {
            let name = tree.name(node)
            if name == "svg" { continue }
            for attribute in Self.presentationalAttributes { tree.removeAttribute(node, attribute) }
            if Self.deprecatedSizeElements.contains(name) {
                tree.removeAttribute(node, "width")
                tree.removeAttribute(node, "height")
            }
            stack.append(contentsOf: tree.elementChildren(node).reversed())
        }
    }

    /// `_markDataTables`: tables that hold data (captions, headers, many cells) as opposed to layout.
    private mutating func markDataTables(_ root: Int) {
        for table in tree.descendants(of: root, named: "table") {
            if tree.attribute(table, "role") == "presentation" { continue }
            if tree.attribute(table, "datatable") == "0" { continue }
            if let summary = tree.attribute(table, "summary"), !summary.isEmpty { dataTables.insert(table); continue }
            if let caption = tree.descendants(of: table, named: "caption").first, tree.firstChildOf(caption) != nil {
                dataTables.insert(table); continue
            }
            if tree.hasDescendant(of: table, named: ["col", "colgroup", "tfoot", "thead", "th"]) { dataTables.insert(table); continue }
            if tree.hasDescendant(of: table, named: ["table"]) { continue }
            var rows = 0, columns = 0
            for row in tree.descendants(of: table, named: "tr") {
                rows += Self.span(tree.attribute(row, "rowspan"), limit: 65_534)
                var inRow = 0
                for cell in tree.descendants(of: row, named: "td") {
                    inRow += Self.span(tree.attribute(cell, "colspan"), limit: 1_000)
                }
                columns = max(columns, inRow)
            }
            if rows >= 10 || columns > 4 || rows * columns > 10 { dataTables.insert(table) }
        }
    }

    /// A `rowspan` or `colspan` as a count: 1 when absent, not a positive number or absurdly long, and never
    /// more than browsers allow (65,534 rows, 1,000 columns), so no sum of them can overflow.
    static func span(_ value: String?, limit: Int) -> Int {
        guard let digits = value.map(PageTree.trimmed), !digits.isEmpty, digits.utf8.count <= 9,
              let number = Int(digits), number > 0 else { return 1 }
        return min(number, limit)
    }

    /// `_clean`: every `tag` element goes, except embeds of known video sites.
    private mutating func clean(_ root: Int, _ tag: String) {
        let isEmbed = tag == "object" || tag == "embed" || tag == "iframe"
        for node in tree.descendants(of: root, named: tag).reversed() {
            if isEmbed && isVideo(node) { continue }
            tree.remove(node)
        }
    }

    /// An embed whose attributes (or, for `object`, markup) point at a video site Readability keeps.
    func isVideo(_ node: Int) -> Bool {
        if tree.attributes[node].contains(where: { ReadabilityPattern.videos.matches($0.value) }) { return true }
        guard tree.name(node) == "object" else { return false }
        var found = false
        tree.forEachDescendant(of: node) { child in
            if !found, tree.isElement(child), tree.attributes[child].contains(where: { ReadabilityPattern.videos.matches($0.value) }) {
                found = true
            }
        }
        return found
    }

    /// `_cleanMatchedNodes`: removes the descendants of `root` for which `filter` holds.
    private mutating func cleanMatchedNodes(_ root: Int, _ filter: (PageTree, Int, String) -> Bool) {
        let end = tree.nextElement(after: root, skippingChildren: true)
        var next = tree.nextElement(after: root)
        while let node = next, node != end {
            if filter(tree, node, tree.classAndID(node)) {
                next = removeAndGetNext(node)
            } else {
                next = tree.nextElement(after: node)
            }
        }
    }

    private static let adWords: Set<String> = ["ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio"]
    private static let loadingWords: Set<String> = ["loading", "正在加载", "загрузка", "chargement", "cargando"]
    static let textishTags: Set<String> = divToPElements.union(["span", "li", "td"])

    /// `adWords` and `loadingWords`: text that is nothing but "Advertisement" or "Loading…".
    private static func isSuspiciousWord(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if adWords.contains(lowered) { return true }
        var stem = lowered
        if stem.hasSuffix("…") { stem.removeLast() } else if stem.hasSuffix("...") { stem.removeLast(3) }
        return loadingWords.contains(stem)
    }

    /// `_cleanConditionally`: removes the `tag` elements that look like clutter — too many links,
    /// images or inputs for their text, too little text, a negative class — unless they are in or hold data tables.
    private mutating func cleanConditionally(_ root: Int, _ tag: String) {
        guard flags.contains(.cleanConditionally) else { return }
        var cache = SubtreeStatsCache()
        for node in tree.descendants(of: root, named: tag).reversed() where shouldRemoveConditionally(node, tag, &cache) {
            cache.invalidateAncestors(of: node, in: tree)
            tree.remove(node)
        }
        statistics.nodesMeasured += cache.measured
    }

    private func shouldRemoveConditionally(_ node: Int, _ tag: String, _ cache: inout SubtreeStatsCache) -> Bool {
        guard tree.parentOf(node) != nil else { return false }
        let stats = cache.stats(of: node, in: self)
        let contentLength = stats.summary.length
        var isList = tag == "ul" || tag == "ol"
        if !isList {
            // JavaScript divides by zero to NaN or Infinity: only a positive list length over zero text counts.
            isList = contentLength > 0 ? Double(stats.listLength) / Double(contentLength) > 0.9 : stats.listLength > 0
        }
        if tag == "table" && dataTables.contains(node) { return false }
        if hasAncestor(node, named: "table", maxDepth: -1, where: { dataTables.contains($0) }) { return false }
        if hasAncestor(node, named: "code") { return false }
        if stats.hasDataTable { return false }
        let weight = classWeight(node)
        if weight < 0 { return true }
        guard stats.summary.commas < 10 else { return false }
        if stats.hasVideo { return false }
        let p = stats.paragraphs, img = stats.images, li = stats.listItems - 100, input = stats.inputs, embeds = stats.embeds
        // The suspicious words are short: only a short text is built to be compared.
        if contentLength <= 24, Self.isSuspiciousWord(tree.innerText(node)) { return true }
        let headingDensity = contentLength > 0 ? Double(stats.headingLength) / Double(contentLength) : 0
        let linkDensity = contentLength > 0 ? stats.linkLength / Double(contentLength) : 0
        let textDensity = contentLength > 0 ? Double(stats.textishLength) / Double(contentLength) : 0
        let isFigureChild = hasAncestor(node, named: "figure")
        var remove = false
        if !isFigureChild && img > 1 && Double(p) / Double(img) < 0.5 { remove = true }
        if !isList && li > p { remove = true }
        if input > p / 3 { remove = true }
        if !isList && !isFigureChild && headingDensity < 0.9 && contentLength < 25 && (img == 0 || img > 2) && linkDensity > 0 { remove = true }
        if !isList && weight < 25 && linkDensity > 0.2 { remove = true }
        if weight >= 25 && linkDensity > 0.5 { remove = true }
        if (embeds == 1 && contentLength < 75) || embeds > 1 { remove = true }
        if img == 0 && textDensity == 0 { remove = true }
        // A simple list of images stays.
        if isList && remove {
            for child in tree.elementChildren(node) where tree.elementChildCount(child) > 1 { return remove }
            if img == li + 100 { return false }
        }
        return remove
    }
}
