/// Page furniture that Readability's scoring keeps when it sits inside the article's container:
/// "related stories", share and tag bars, newsletter boxes, photo credits, a caption repeated under
/// every picture of a gallery. The names come from the class and id words publishers' themes use
/// (trafilatura's discard lists and Readability's own patterns are the published sources); a word
/// must be a whole token of a class or id (`related-posts` yes, `unrelated` no), and no block that
/// holds most of the article's text is ever dropped for its name.
extension Readability {
    /// Class or id words that name a block around an article, never the article itself.
    static let furnitureTokens: Set<String> = [
        "related", "relatedposts", "relatedarticles", "recommended", "recommendations", "recommendation", "morestories",
        "share", "sharing", "sharebar", "shariff", "social", "socials", "socialmedia", "sociallinks",
        "tags", "tagcloud", "taglist", "keywords", "newsletter", "subscribe", "subscription",
        "comments", "comment", "commentlist", "respond", "breadcrumb", "breadcrumbs", "pagination", "pager",
        "promo", "advert", "advertisement", "ads", "sponsored", "outbrain", "taboola", "popular", "mostread",
        "authorbox", "authorbio", "copyright", "credit", "credits", "cart", "minicart", "print", "rating",
    ]

    /// The first four letters of every furniture word (`ads` whole), for the quick test of `namesFurniture`.
    static let furniturePrefixes: [[UInt8]] = Array(Set(furnitureTokens.map { Array($0.utf8.prefix(4)) }))

    /// Removes the furniture inside `article`: blocks named as such, link lists, repeated captions,
    /// headings left with nothing under them; and soft hyphens from its text.
    mutating func pruneBoilerplate(_ article: Int, pageHost: String?) {
        let lengths = solidLengths(article)
        let total = max(1, lengths[article] ?? 0)
        var doomed: [Int] = []
        var current = tree.nextElement(after: article)
        var captions: Set<String> = []
        while let node = current, isInside(node, article) {
            let length = lengths[node] ?? 0
            let name = tree.name(node)
            if isFurniture(node, length: length, articleLength: total, pageHost: pageHost)
                || (Self.leadInBlocks.contains(name) && isLeadIn(node, length: length, Self.leadIns, under: 160))
                || (Self.creditBlocks.contains(name) && isLeadIn(node, length: length, Self.creditLines, under: 120))
                || (name == "figcaption" && isRepeatedCaption(node, &captions)) {
                doomed.append(node)
                current = tree.nextElement(after: node, skippingChildren: true)
            } else {
                current = tree.nextElement(after: node)
            }
        }
        // Furniture is the small part of an article: when the blocks found would take 40 % of its
        // text or more, the page's theme named them (`section--ads` on every section of a test
        // report), and nothing is dropped.
        let removed = doomed.reduce(0) { $0 + (lengths[$1] ?? 0) }
        if removed * 5 <= total * 2 {
            for node in doomed { tree.remove(node) }
        }
        removeDanglingHeadings(article)
        removeSoftHyphens(article)
    }

    /// Each element's count of non-blank characters, in one walk rather than one walk per element.
    private func solidLengths(_ article: Int) -> [Int: Int] {
        var order = [article]
        tree.forEachDescendant(of: article) { order.append($0) }
        var lengths: [Int: Int] = [:]
        for node in order.reversed() {
            let own = tree.isElement(node) ? lengths[node, default: 0] : tree.summary(node).solid
            if tree.isElement(node) { lengths[node] = own }
            if node != article, let parent = tree.parentOf(node) { lengths[parent, default: 0] += own }
        }
        return lengths
    }

    /// A caption whose text an earlier caption of the article already had.
    private func isRepeatedCaption(_ node: Int, _ captions: inout Set<String>) -> Bool {
        let text = PageTree.trimmed(tree.textContent(node))
        return !text.isEmpty && !captions.insert(text).inserted
    }

    private func isInside(_ node: Int, _ article: Int) -> Bool {
        var current: Int? = node
        while let at = current {
            if at == article { return true }
            current = tree.parentOf(at)
        }
        return false
    }

    /// A block named like furniture, or a list of links to the page's own site ("more stories"; a
    /// list of sources or sponsors elsewhere is the article's), holding less than half its text
    /// (`length` non-blank characters of `articleLength`).
    private func isFurniture(_ node: Int, length: Int, articleLength: Int, pageHost: String?) -> Bool {
        let name = tree.name(node)
        guard name != "a", name != "p" || tree.attribute(node, "class") != nil, length * 2 < articleLength else { return false }
        if Self.namesFurniture(tree.classAndID(node)) { return true }
        if name == "ul" || name == "ol" {
            let items = tree.elementChildren(node).filter { tree.name($0) == "li" }
            return items.count >= 3 && linkDensity(node) > 0.6 && linksStayOnSite(node, host: pageHost)
        }
        return false
    }

    /// Blocks that a "see also" line is written as.
    static let leadInBlocks: Set<String> = ["p", "h2", "h3", "h4", "h5", "h6", "li", "div", "strong", "b"]

    /// How "see also" lines begin in the theme's languages (and Spanish's and Portuguese's
    /// neighbours): a short block that starts so points away from the article.
    static let leadIns = [
        "read more", "read also", "also read", "see also", "related:", "related stories", "related coverage", "more on this",
        "you may also like", "you might also like", "most read", "share this",
        "lesen sie auch", "lesen sie mehr", "mehr zum thema", "auch interessant", "das könnte sie auch interessieren",
        "das könnte dich auch interessieren", "das thema könnte dich auch interessieren", "weitere artikel", "siehe auch",
        "meistgelesen", "meist gelesen", "beiträge zum thema", "mehr themen", "diesen artikel teilen", "artikel teilen",
        "lire aussi", "à lire aussi", "a lire aussi", "voir aussi", "sur le même sujet",
        "le puede interesar", "te puede interesar", "lea también", "lee también", "ver también", "noticias relacionadas",
        "leggi anche", "potrebbe interessarti", "articoli correlati", "lees ook", "lees meer", "meer over dit onderwerp",
        "leia também", "leia mais", "veja também", "saiba mais", "czytaj też", "czytaj także", "zobacz też", "zobacz także",
        "przeczytaj też", "przeczytaj także",
    ]

    /// Blocks a photo credit or a copyright line is written as.
    static let creditBlocks: Set<String> = ["p", "span", "small", "em", "i", "div", "figcaption", "cite"]

    /// How credit and copyright lines begin: the photographer or agency, not the story.
    static let creditLines = [
        "foto:", "fotos:", "bild:", "bilder:", "titelbild:", "photo:", "photos:", "photograph by", "image:", "imagen:",
        "immagine:", "afbeelding:", "zdjęcie:", "fot.", "credit:", "credits:", "crédito:", "(crédito:", "crédit photo",
        "quelle:", "(quelle:", "fuente:", "©", "(c) ", "copyright ©", "copyright (c)",
    ]

    /// A short block (under `limit` non-blank characters) whose text starts with one of `prefixes`, holding no
    /// block of its own beyond inline text and links.
    private func isLeadIn(_ node: Int, length: Int, _ prefixes: [String], under limit: Int) -> Bool {
        guard length > 0, length < limit, !hasChildBlockElement(node) else { return false }
        let text = PageTree.trimmed(tree.textContent(node)).lowercased()
        return prefixes.contains { text.hasPrefix($0) }
    }

    /// Whether most links of `node` are relative or lead to `host`.
    private func linksStayOnSite(_ node: Int, host: String?) -> Bool {
        let links = tree.descendants(of: node, named: "a").compactMap { tree.attribute($0, "href") }
        let onSite = links.filter { href in
            guard let scheme = href.range(of: "://") else { return !href.hasPrefix("//") }
            let rest = href[scheme.upperBound...]
            let linkHost = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }.lowercased()
            guard let host else { return false }
            return linkHost == host || linkHost.hasSuffix("." + host) || host.hasSuffix("." + linkHost)
        }
        return onSite.count * 2 > links.count
    }

    /// Whether a class or id name of `classAndID` is a furniture word, whole (`related`) or as one of
    /// its tokens (`related-posts`, `most-read`); only machine-made names of at most three tokens
    /// count, so an id made from a heading (`sharing-with-a-single-developer`) never does, and a
    /// BEM modifier after `--` is not read.
    static func namesFurniture(_ classAndID: String) -> Bool {
        guard !classAndID.isEmpty else { return false }
        // Most names hold no furniture word at all: a byte search says so before any token is made.
        let lowered = ReadabilityPattern.lowered(classAndID)
        guard furniturePrefixes.contains(where: { ReadabilityPattern.contains(lowered, $0) }) else { return false }
        for whole in classAndID.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            // A BEM modifier (`teaser--related`, `section--ads`) says how a block looks, not what it is.
            let name = whole.range(of: "--").map { whole[..<$0.lowerBound] } ?? whole[...]
            let tokens = name.lowercased().split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map(String.init)
            guard tokens.count <= 3 else { continue }
            for (index, word) in tokens.enumerated() {
                if furnitureTokens.contains(word) { return true }
                if index + 1 < tokens.count, furnitureTokens.contains(word + tokens[index + 1]) { return true }
            }
        }
        return false
    }

    /// A heading with no text after it in the article has lost the block it titled ("Related
    /// stories" above a list that went).
    private mutating func removeDanglingHeadings(_ article: Int) {
        while let last = lastTextBlock(article), Self.headings.contains(tree.name(last)) { tree.remove(last) }
    }

    static let media: Set<String> = ["img", "picture", "video", "audio", "iframe", "svg", "object", "embed"]

    /// The element holding the article's last non-blank text: a heading, or the block around it.
    private func lastTextBlock(_ article: Int) -> Int? {
        var lastText: Int?
        tree.forEachDescendant(of: article) { node in
            if tree.isElement(node) ? Self.media.contains(tree.name(node)) : tree.summary(node).solid > 0 { lastText = node }
        }
        guard let text = lastText else { return nil }
        var current = tree.parentOf(text)
        while let node = current, node != article {
            if Self.headings.contains(tree.name(node)) { return node }
            current = tree.parentOf(node)
        }
        return nil
    }

    /// U+00AD, a hyphenation hint invisible on screen, splits words for search and copy.
    private mutating func removeSoftHyphens(_ article: Int) {
        var texts: [Int] = []
        tree.forEachDescendant(of: article) { node in
            // A scalar test: `String.contains(String)` is Foundation's search, a cost on every text of the article.
            if !tree.isElement(node), tree.text(node).unicodeScalars.contains("\u{AD}") { texts.append(node) }
        }
        for node in texts { tree.replaceText(node, with: tree.text(node).replacingOccurrences(of: "\u{AD}", with: "")) }
    }
}
