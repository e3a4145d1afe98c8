import NewsgenHTML

extension ArticleExtractor {
    /// A page under a source's rules: what `remove` matches leaves the tree first; then what `select`
    /// matches is the article, in page order, post-processed as Readability's choice is (lazy images,
    /// absolute URLs) but not scored. When `select` matches nothing with text (the site changed its
    /// layout), or there is none, Readability reads the page without the removed blocks.
    ///
    /// The selectors run on libxml2's own tree of the same bytes (`SelectorDocument`, parsed with the
    /// same options); its elements in document order are the `PageTree`'s in the order it made them.
    static func extract(_ parsed: PageTree, input: [UInt8], encoding: String, rules: ExtractionRules, documentURL: String,
                        statistics: inout ExtractionStatistics) -> ExtractionResult {
        var tree = parsed
        let elements = (0..<tree.count).filter { $0 != tree.root && tree.isElement($0) }
        let document = SelectorDocument(bytes: input, encoding: encoding, options: PageTree.parseOptions)
        // Both trees come from one parse of the same bytes; should they ever differ, no rule is applied
        // rather than the wrong element removed.
        guard document.elementCount == elements.count else { return extract(tree, documentURL: documentURL, statistics: &statistics) }
        // A query libxml2 stops (its operation limit on a hostile page) matches nothing.
        func matches(_ query: SelectorQuery) -> [Int] { ((try? document.ordinals(query)) ?? []).map { elements[$0] } }

        for query in rules.remove {
            for node in matches(query) { tree.remove(node) }
        }
        guard let select = rules.select else { return extract(tree, documentURL: documentURL, statistics: &statistics) }
        let chosen = matches(select)
        return selected(chosen, in: tree, documentURL: documentURL, statistics: &statistics)
            ?? extract(tree, documentURL: documentURL, statistics: &statistics)
    }

    /// The article made of `chosen` (those still in the page, none inside another), or nil when they hold no text.
    private static func selected(_ chosen: [Int], in tree: PageTree, documentURL: String,
                                 statistics: inout ExtractionStatistics) -> ExtractionResult? {
        var (readability, prepared) = prepare(tree, documentURL: documentURL, statistics: statistics)
        defer { statistics = readability.statistics }
        let (baseURL, jsonLD) = (prepared.baseURL, prepared.jsonLD)

        let kept = Set(chosen)
        let parts = chosen.filter { node in
            // In the page still (not removed, not a script `prepareDocument` dropped) and not inside another part.
            var current = readability.tree.parentOf(node)
            while let ancestor = current {
                if kept.contains(ancestor) { return false }
                if ancestor == readability.tree.root { return true }
                current = readability.tree.parentOf(ancestor)
            }
            return false
        }
        let article = readability.tree.createElement("div")
        let page = readability.tree.createElement("div", attributes: [.init(name: "id", value: "readability-page-1"), .init(name: "class", value: "page")])
        readability.tree.appendChild(article, page)
        for part in parts { readability.tree.appendChild(page, part) }
        let textLength = readability.tree.innerTextLength(article)
        guard textLength > 0 else { return nil }
        readability.fixLazyImages(article)
        readability.postProcess(article, documentURL: documentURL, baseURL: baseURL)
        let articleTree = readability.tree
        let wall: PageWall? = WallDetector.isConsentWall(tree, articleTextLength: textLength) ? .consentWall
            : WallDetector.isPaywall(tree, jsonLD: jsonLD, articleTextLength: textLength) ? .paywall : nil
        return Self.article(article, in: articleTree, metadata: prepared.metadata, textLength: textLength, wall: wall)
    }
}
