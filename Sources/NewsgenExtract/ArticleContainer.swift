/// The container a page's own markup names as its article body: `itemprop="articleBody"`, the
/// class names content systems give it (WordPress's `entry-content`, `post-content`, news themes'
/// `article-body`, `story-body`…), then `<article>`, then generic names such as `main-content`.
/// Readability scores paragraphs and can settle on a comment form or a teaser box when the post is
/// short; a named container is a second opinion (trafilatura's published approach starts from such
/// names). Tiers are tried in order (body names, `<article>`, one post's names, the main column's);
/// within one the first element in document order with enough text wins.
enum ArticleContainer {
    /// Less text than this in a named container is not taken as the article (a label, an empty shell).
    static let minimumText = 120

    /// Substrings of a class or id name (lowercased, `_` read as `-`) that name an article body.
    static let bodyNames = [
        "entry-content", "post-content", "postcontent", "post-body", "postbody", "post-entry", "postentry", "post-text",
        "article-content", "articlecontent", "article-body", "articlebody", "article--body", "article--content", "article-text",
        "articletext", "story-body", "storybody", "story-content", "storycontent", "body-text", "bodytext", "news-content",
        "news-text", "single-content", "blog-content", "entry-body", "entrybody", "text-content", "rich-text", "richtext",
        "article-main", "article-detail", "art-content", "field-body", "fulltext", "full-text",
    ]
    /// Exact class or id names of one post (WordPress's `post hentry`): tried after `<article>`.
    static let postExact: Set<String> = ["post", "entry", "story", "article", "hentry", "blog-post", "type-post", "single-post"]
    /// Exact class or id names, and substrings, of a page's main column, which may hold comments
    /// and lists beside the post: tried last.
    static let mainExact: Set<String> = ["content", "main", "text"]
    static let mainNames = ["main-content", "maincontent", "content-main", "content-body", "contentbody", "page-content", "single-post"]
    static let containerTags: Set<String> = ["div", "article", "section", "main", "td"]

    /// The names as bytes, and the exact ones between spaces: a page has thousands of `div`s and
    /// each is tested, so the test is a byte search (Foundation's `String.contains` cost a build
    /// more than the extraction itself).
    private static let bodyNeedles = bodyNames.map { Array($0.utf8) }
    private static let mainNeedles = mainNames.map { Array($0.utf8) }
    private static let postNeedles = postExact.map { Array(" \($0) ".utf8) }
    private static let mainExactNeedles = mainExact.map { Array(" \($0) ".utf8) }

    /// The named container, or nil when the page names none with enough text.
    static func find(_ tree: PageTree) -> Int? {
        guard let body = tree.firstElement(named: "body") else { return nil }
        var tiers: [Int?] = [nil, nil, nil, nil]
        tree.forEachDescendant(of: body) { node in
            guard tree.isElement(node), tiers[0] == nil else { return }
            let name = tree.name(node)
            let itemprop = tree.attribute(node, "itemprop") == "articleBody"
            guard containerTags.contains(name) || itemprop else { return }
            let names = spacedNames(node, in: tree)
            let tier: Int
            if itemprop || bodyNeedles.contains(where: { ReadabilityPattern.contains(names, $0) }) {
                tier = 0
            } else if name == "article" {
                tier = 1
            } else if postNeedles.contains(where: { ReadabilityPattern.contains(names, $0) }) {
                tier = 2
            } else if name == "main" || mainNeedles.contains(where: { ReadabilityPattern.contains(names, $0) })
                        || mainExactNeedles.contains(where: { ReadabilityPattern.contains(names, $0) }) {
                tier = 3
            } else {
                return
            }
            guard tiers[tier] == nil, tree.innerTextLength(node) >= minimumText else { return }
            tiers[tier] = node
        }
        return tiers.compactMap { $0 }.first
    }

    /// The class and id names, lowercased, `_` read as `-`, every run of whitespace one space, with
    /// a space before and after: " post type-post hentry ".
    private static func spacedNames(_ node: Int, in tree: PageTree) -> [UInt8] {
        var bytes: [UInt8] = [32]
        for byte in ReadabilityPattern.lowered(tree.classAndID(node)) {
            let mapped: UInt8 = byte == 95 ? 45 : (byte == 9 || byte == 10 || byte == 13 ? 32 : byte)
            if mapped == 32 && bytes.last == 32 { continue }
            bytes.append(mapped)
        }
        if bytes.last != 32 { bytes.append(32) }
        return bytes
    }
}
