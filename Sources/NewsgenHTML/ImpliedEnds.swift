/// Which open elements a start tag ends before it opens, as HTML parsers read it: the rule that
/// keeps the sanitizer's output a fixpoint. The sanitizer unwraps unknown elements, and an
/// unknown element is often all that kept the parser from ending an element (libxml2 closes a
/// `<p>` at the next `<p>` only when the first is the current element): in
/// `<a href="/x">one<foo><a href="/y">two</a></foo></a>` the inner link sits inside `<foo>`, so
/// unwrapping `<foo>` would leave a link inside a link, which a second pass, or a browser, splits.
/// So before writing a start tag, the sanitizer closes what a parser reading its output would
/// close there:
///
/// - libxml2's own rule (`libxml2`, its `htmlStartClose` table for the elements the sanitizer
///   writes): while the current element is one the new tag ends, end it. Applied last, so that a
///   second pass through libxml2 finds nothing left to close: the output is a fixpoint.
/// - HTML's rules where they reach further than libxml2's, so that browsers build the same tree
///   (the HTML standard, "The rules for parsing tokens in HTML content", in body): a link ends
///   an open link, a block ends an open paragraph (up to a table cell), a heading ends a current
///   heading, and a list item ends an open item of its kind (past inline elements).
enum ImpliedEnds {
    /// The elements each start tag ends when they are the current element, in libxml2 2.9
    /// (Debian 12), restricted to the elements the sanitizer writes. `ImpliedEndsTests` probes the
    /// parser for every pair, so a libxml2 that behaves otherwise fails the tests.
    static let libxml2: [String: Set<String>] = [
        "a": ["a"],
        "blockquote": ["p"],
        "caption": ["p"],
        "dd": ["dt", "p", "pre"],
        "div": ["p"],
        "dl": ["dt", "p", "pre"],
        "dt": ["dd", "p", "pre"],
        "h1": ["p"], "h2": ["p"], "h3": ["p"], "h4": ["p"], "h5": ["p"], "h6": ["p"],
        "hr": ["p"],
        "li": ["dl", "h1", "h2", "h3", "h4", "h5", "h6", "li", "p", "pre"],
        "ol": ["p", "ul"],
        "p": ["b", "h1", "h2", "h3", "h4", "h5", "h6", "i", "p", "s", "small", "u"],
        "pre": ["p", "ul"],
        "table": ["a", "h1", "h2", "h3", "h4", "h5", "h6", "p", "pre"],
        "tbody": ["caption", "p", "tbody", "td", "tfoot", "th", "thead", "tr"],
        "td": ["a", "b", "i", "p", "span", "td", "th", "u"],
        "tfoot": ["caption", "p", "tbody", "td", "th", "thead", "tr"],
        "th": ["a", "b", "i", "p", "span", "td", "th", "u"],
        "thead": ["caption"],
        "tr": ["caption", "p", "td", "th", "tr"],
        "ul": ["ol", "p", "pre"],
    ]

    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// Start tags that end an open `<p>` (HTML: "close a p element" when one is in button scope).
    static let endsParagraph: Set<String> = headings.union([
        "blockquote", "dd", "details", "div", "dl", "dt", "figcaption", "figure", "hr", "li", "ol", "p", "pre", "section",
        "summary", "table", "ul",
    ])

    /// Where a search for an open `<p>` or `<a>` stops: a table and its cells start afresh.
    static let scopeBoundaries: Set<String> = ["caption", "table", "td", "th"]

    /// HTML's "special" elements among those written, other than `address`, `div` and `p`: a
    /// list item does not end an open item past one of them.
    static let listItemBarriers: Set<String> = headings.union([
        "blockquote", "caption", "dd", "details", "dl", "dt", "figcaption", "figure", "li", "ol", "pre", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ])

    /// The searches `count` makes, built once: a set made per start tag (a literal, or
    /// `subtracting`) was most of the sanitizer's cost for these rules.
    private static let links: Set<String> = ["a"]
    private static let paragraphs: Set<String> = ["p"]
    private static let listItems: Set<String> = ["li"]
    private static let definitions: Set<String> = ["dd", "dt"]
    private static let listItemStops = listItemBarriers.subtracting(listItems)
    private static let definitionStops = listItemBarriers.subtracting(definitions)

    /// Every element a search above looks for or stops at, whose places `OpenElements` keeps.
    static let searched: Set<String> = scopeBoundaries.union(listItemBarriers).union(links).union(paragraphs).union(definitions)

    /// How many of the innermost `open` elements `name`'s start tag ends. Each search up the
    /// open elements is a look-up of the innermost place of a name, so a deep nesting costs
    /// nothing per tag.
    static func count(endedBy name: String, open: OpenElements) -> Int {
        var kept = open.count
        func endOpen(_ targets: Set<String>, stoppingAt barriers: Set<String>) {
            guard let target = open.innermost(of: targets, below: kept) else { return }
            if let barrier = open.innermost(of: barriers, below: kept), barrier > target { return }
            kept = target
        }
        // Until nothing more ends: what libxml2's rule ends can uncover an element HTML's rules end
        // (`<li><div><h6>` and a new `<li>`: the heading hid the outer item), and a second pass
        // would find it, so the first must.
        var before = -1
        while kept != before {
            before = kept
            if name == "a" { endOpen(links, stoppingAt: scopeBoundaries) }
            if name == "li" { endOpen(listItems, stoppingAt: listItemStops) }
            if name == "dd" || name == "dt" { endOpen(definitions, stoppingAt: definitionStops) }
            if endsParagraph.contains(name) { endOpen(paragraphs, stoppingAt: scopeBoundaries) }
            if headings.contains(name), kept > 0, headings.contains(open.names[kept - 1]) { kept -= 1 }
            if let ended = libxml2[name] {
                while kept > 0, ended.contains(open.names[kept - 1]) { kept -= 1 }
            }
        }
        return open.count - kept
    }

    /// `count` over a plain list of names, outermost first (for tests).
    static func count(endedBy name: String, open names: [String]) -> Int {
        var open = OpenElements()
        for element in names { open.push(element) }
        return count(endedBy: name, open: open)
    }
}

/// The elements open in the sanitizer's output, outermost first, with the places of the names
/// `ImpliedEnds` searches for.
struct OpenElements {
    private(set) var names: [String] = []
    /// For each name of `ImpliedEnds.searched`, its places in `names`, in increasing order.
    private var places: [String: [Int]] = [:]

    var count: Int { names.count }

    mutating func push(_ name: String) {
        if ImpliedEnds.searched.contains(name) { places[name, default: []].append(names.count) }
        names.append(name)
    }

    @discardableResult
    mutating func pop() -> String? {
        guard let name = names.popLast() else { return nil }
        if ImpliedEnds.searched.contains(name) { places[name]?.removeLast() }
        return name
    }

    /// The innermost place below `limit` of any of `wanted`, or nil.
    func innermost(of wanted: Set<String>, below limit: Int) -> Int? {
        var best: Int?
        for name in wanted {
            guard let list = places[name] else { continue }
            var index = list.count - 1
            while index >= 0, list[index] >= limit { index -= 1 }
            if index >= 0, list[index] > (best ?? -1) { best = list[index] }
        }
        return best
    }
}
