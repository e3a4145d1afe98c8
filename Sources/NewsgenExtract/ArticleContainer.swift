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

    /// The named container, or nil when the page names none with enough text.
    static func find(_ tree: PageTree) -> Int? {
        guard let body = tree.firstElement(named: "body") else { return nil }
        var tiers: [Int?] = [nil, nil, nil, nil]
        tree.forEachDescendant(of: body) { node in
            guard tree.isElement(node), tiers[0] == nil else { return }
            let name = tree.name(node)
            guard containerTags.contains(name) || tree.attribute(node, "itemprop") == "articleBody" else { return }
            let tier: Int
            if tree.attribute(node, "itemprop") == "articleBody" || names(of: node, in: tree, contain: bodyNames) {
                tier = 0
            } else if name == "article" {
                tier = 1
            } else if hasExactName(node, in: tree, among: postExact) {
                tier = 2
            } else if name == "main" || names(of: node, in: tree, contain: mainNames) || hasExactName(node, in: tree, among: mainExact) {
                tier = 3
            } else {
                return
            }
            guard tiers[tier] == nil, tree.innerTextLength(node) >= minimumText else { return }
            tiers[tier] = node
        }
        return tiers.compactMap { $0 }.first
    }

    private static func classNames(_ node: Int, in tree: PageTree) -> [String] {
        tree.classAndID(node).lowercased().replacingOccurrences(of: "_", with: "-")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    private static func names(of node: Int, in tree: PageTree, contain needles: [String]) -> Bool {
        let names = classNames(node, in: tree)
        return names.contains { name in needles.contains { name.contains($0) } }
    }

    private static func hasExactName(_ node: Int, in tree: PageTree, among exact: Set<String>) -> Bool {
        classNames(node, in: tree).contains { exact.contains($0) }
    }
}
