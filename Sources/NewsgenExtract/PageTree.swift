/// A page's DOM as compact Swift arrays, built once from libxml2's tree (`PageTree+LibXML`) so the
/// extractor can move, rename and drop nodes the way Readability does without touching C memory.
///
/// Nodes are indices; links (`parent`, `firstChild`, `next`, …) are `-1` when absent. A node that is
/// removed keeps its slot but is unlinked, so indices held elsewhere stay valid. Being a value,
/// the tree is copied (copy on write) to retry an extraction from the original page.
struct PageTree {
    /// An element or a run of text; comments and doctypes are not kept (they carry no text).
    enum Kind: UInt8 { case element, text }

    /// One attribute in source order, its name lowercased.
    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    private(set) var kinds: [Kind] = []
    /// Lowercased element names; "" for text nodes.
    private(set) var names: [String] = []
    var attributes: [[Attribute]] = []
    /// Text content of text nodes; "" for elements.
    private(set) var texts: [String] = []
    /// Whitespace and comma counts of each text node, for `TextSummary`.
    private(set) var textSummaries: [TextSummary] = []
    private(set) var parent: [Int32] = []
    private(set) var firstChild: [Int32] = []
    private(set) var lastChild: [Int32] = []
    private(set) var previous: [Int32] = []
    private(set) var next: [Int32] = []

    /// The document node (name `#document`), parent of `<html>`.
    private(set) var root = 0

    init() {
        root = createElement("#document")
    }

    var count: Int { kinds.count }

    func isElement(_ node: Int) -> Bool { kinds[node] == .element }
    func name(_ node: Int) -> String { names[node] }
    func text(_ node: Int) -> String { texts[node] }
    func parentOf(_ node: Int) -> Int? { let p = parent[node]; return p < 0 ? nil : Int(p) }
    func firstChildOf(_ node: Int) -> Int? { let c = firstChild[node]; return c < 0 ? nil : Int(c) }
    func lastChildOf(_ node: Int) -> Int? { let c = lastChild[node]; return c < 0 ? nil : Int(c) }
    func nextOf(_ node: Int) -> Int? { let n = next[node]; return n < 0 ? nil : Int(n) }
    func previousOf(_ node: Int) -> Int? { let n = previous[node]; return n < 0 ? nil : Int(n) }

    // MARK: Creating and linking

    mutating func createElement(_ name: String, attributes: [Attribute] = []) -> Int {
        append(kind: .element, name: name, attributes: attributes, text: "", summary: TextSummary())
    }

    mutating func createText(_ text: String) -> Int {
        append(kind: .text, name: "", attributes: [], text: text, summary: TextSummary(text))
    }

    private mutating func append(kind: Kind, name: String, attributes: [Attribute], text: String, summary: TextSummary) -> Int {
        kinds.append(kind)
        names.append(name)
        self.attributes.append(attributes)
        texts.append(text)
        textSummaries.append(summary)
        parent.append(-1); firstChild.append(-1); lastChild.append(-1); previous.append(-1); next.append(-1)
        return kinds.count - 1
    }

    /// Unlinks `node` (with its subtree) from its parent; a no-op for a detached node.
    mutating func remove(_ node: Int) {
        let p = parent[node]
        guard p >= 0 else { return }
        let before = previous[node], after = next[node]
        if before >= 0 { next[Int(before)] = after } else { firstChild[Int(p)] = after }
        if after >= 0 { previous[Int(after)] = before } else { lastChild[Int(p)] = before }
        parent[node] = -1; previous[node] = -1; next[node] = -1
    }

    /// Moves `child` to the end of `parentNode`'s children.
    mutating func appendChild(_ parentNode: Int, _ child: Int) {
        remove(child)
        let last = lastChild[parentNode]
        parent[child] = Int32(parentNode)
        previous[child] = last
        if last >= 0 { next[Int(last)] = Int32(child) } else { firstChild[parentNode] = Int32(child) }
        lastChild[parentNode] = Int32(child)
    }

    /// Moves `child` just before `reference`, a child of some parent.
    mutating func insert(_ child: Int, before reference: Int) {
        remove(child)
        let p = parent[reference]
        guard p >= 0 else { return }
        let before = previous[reference]
        parent[child] = p
        previous[child] = before
        next[child] = Int32(reference)
        previous[reference] = Int32(child)
        if before >= 0 { next[Int(before)] = Int32(child) } else { firstChild[Int(p)] = Int32(child) }
    }

    /// Puts `replacement` where `node` is and detaches `node`.
    mutating func replace(_ node: Int, with replacement: Int) {
        guard parent[node] >= 0 else { return }
        insert(replacement, before: node)
        remove(node)
    }

    /// Renames an element in place (Readability's `_setNodeTag`): children, attributes and identity stay.
    mutating func rename(_ node: Int, to name: String) {
        names[node] = name
    }

    mutating func replaceText(_ node: Int, with text: String) {
        texts[node] = text
        textSummaries[node] = TextSummary(text)
    }

    // MARK: Attributes

    func attribute(_ node: Int, _ name: String) -> String? {
        for attribute in attributes[node] where attribute.name == name { return attribute.value }
        return nil
    }

    func hasAttribute(_ node: Int, _ name: String) -> Bool {
        attributes[node].contains { $0.name == name }
    }

    mutating func setAttribute(_ node: Int, _ name: String, _ value: String) {
        if let index = attributes[node].firstIndex(where: { $0.name == name }) {
            attributes[node][index].value = value
        } else {
            attributes[node].append(Attribute(name: name, value: value))
        }
    }

    mutating func removeAttribute(_ node: Int, _ name: String) {
        attributes[node].removeAll { $0.name == name }
    }

    /// `class` then a space then `id`, as Readability's match string.
    func classAndID(_ node: Int) -> String {
        let cls = attribute(node, "class") ?? "", id = attribute(node, "id") ?? ""
        if cls.isEmpty && id.isEmpty { return " " }
        return cls + " " + id
    }

    // MARK: Walking

    /// The element children of `node`, in order.
    func elementChildren(_ node: Int) -> [Int] {
        var result: [Int] = []
        var child = firstChild[node]
        while child >= 0 {
            if kinds[Int(child)] == .element { result.append(Int(child)) }
            child = next[Int(child)]
        }
        return result
    }

    /// All children of `node`, in order.
    func children(_ node: Int) -> [Int] {
        var result: [Int] = []
        var child = firstChild[node]
        while child >= 0 {
            result.append(Int(child))
            child = next[Int(child)]
        }
        return result
    }

    func firstElementChild(_ node: Int) -> Int? {
        var child = firstChild[node]
        while child >= 0 {
            if kinds[Int(child)] == .element { return Int(child) }
            child = next[Int(child)]
        }
        return nil
    }

    func nextElementSibling(_ node: Int) -> Int? {
        var sibling = next[node]
        while sibling >= 0 {
            if kinds[Int(sibling)] == .element { return Int(sibling) }
            sibling = next[Int(sibling)]
        }
        return nil
    }

    func previousElementSibling(_ node: Int) -> Int? {
        var sibling = previous[node]
        while sibling >= 0 {
            if kinds[Int(sibling)] == .element { return Int(sibling) }
            sibling = previous[Int(sibling)]
        }
        return nil
    }

    func elementChildCount(_ node: Int) -> Int {
        var count = 0
        var child = firstChild[node]
        while child >= 0 {
            if kinds[Int(child)] == .element { count += 1 }
            child = next[Int(child)]
        }
        return count
    }

    /// The node after `node` in document order, descendants first, never leaving `scope`'s subtree.
    func following(_ node: Int, within scope: Int, skippingChildren: Bool = false) -> Int? {
        if !skippingChildren, firstChild[node] >= 0 { return Int(firstChild[node]) }
        var current = node
        while current != scope {
            if next[current] >= 0 { return Int(next[current]) }
            let p = parent[current]
            guard p >= 0 else { return nil }
            current = Int(p)
        }
        return nil
    }

    /// Every descendant of `node` (not `node` itself) in document order, calling `body` on each.
    func forEachDescendant(of node: Int, _ body: (Int) -> Void) {
        var current = following(node, within: node)
        while let visiting = current {
            body(visiting)
            current = following(visiting, within: node)
        }
    }

    /// The descendant elements of `node` named any of `names`, in document order.
    func descendants(of node: Int, named names: Set<String>) -> [Int] {
        var result: [Int] = []
        forEachDescendant(of: node) { if kinds[$0] == .element && names.contains(self.names[$0]) { result.append($0) } }
        return result
    }

    func descendants(of node: Int, named name: String) -> [Int] {
        var result: [Int] = []
        forEachDescendant(of: node) { if kinds[$0] == .element && self.names[$0] == name { result.append($0) } }
        return result
    }

    func hasDescendant(of node: Int, named names: Set<String>) -> Bool {
        var current = following(node, within: node)
        while let visiting = current {
            if kinds[visiting] == .element && names.contains(self.names[visiting]) { return true }
            current = following(visiting, within: node)
        }
        return false
    }

    /// Readability's `_getNextNode`: the next element in document order (children first unless skipped).
    func nextElement(after node: Int, skippingChildren: Bool = false) -> Int? {
        if !skippingChildren, let child = firstElementChild(node) { return child }
        var current = node
        while true {
            if let sibling = nextElementSibling(current) { return sibling }
            guard let p = parentOf(current) else { return nil }
            current = p
        }
    }

    /// The ancestors of `node`, nearest first, at most `maxDepth` of them (0: all), not the document node.
    func ancestors(_ node: Int, maxDepth: Int = 0) -> [Int] {
        var result: [Int] = []
        var current = node
        while let p = parentOf(current), p != root {
            result.append(p)
            if maxDepth > 0 && result.count == maxDepth { break }
            current = p
        }
        return result
    }

    /// The first element named `name` in the document.
    func firstElement(named name: String) -> Int? {
        var found: Int?
        var current = following(root, within: root)
        while let visiting = current {
            if kinds[visiting] == .element && names[visiting] == name { found = visiting; break }
            current = following(visiting, within: root)
        }
        return found
    }

    /// The text of `node` and its descendants, as the DOM's `textContent`.
    func textContent(_ node: Int) -> String {
        if kinds[node] == .text { return texts[node] }
        var result = ""
        forEachDescendant(of: node) { if kinds[$0] == .text { result += texts[$0] } }
        return result
    }
}
