/// How the templates of a theme include one another, judged without data: what a checker
/// can tell about a theme's expansion before anything renders.
///
/// Partials that include one another form cycles. A cycle in which some template includes
/// the cycle more than once (`boom` = `x{{>boom}}{{>boom}}`, or `a` → `b` twice, `b` → `a`)
/// multiplies the output at every level: its expansion is exponential, whatever the data,
/// until the render budget (`MustacheLimits`) stops it. A cycle that includes itself once
/// per level grows linearly, and ends when a section in it ends (a tree of comments); one
/// with no section at all never ends, and is cut at the depth limit. How often a section
/// repeats is the data's business, so a cycle through a section over a list can still grow
/// fast at render time: that is what the budget is for.
public enum MustachePartialGraph {
    /// A cycle of partials whose expansion is unbounded, or that never ends.
    public struct Cycle: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// Some template of the cycle includes it more than once: each level multiplies the output.
            case multiplies
            /// The cycle includes itself once per level, outside any section: it never ends.
            case neverEnds
        }

        public let kind: Kind
        /// The templates of the cycle, sorted by name.
        public let templates: [String]
        /// Where the problem shows: the first template (by name) that includes the cycle more
        /// than once for `multiplies`, the first of the cycle for `neverEnds`.
        public let template: String
        /// `template`'s tags that lead back into the cycle, in source order.
        public let references: [MustachePartialReference]

        /// Made by `unboundedCycles`; public so callers can build expected values in their own tests.
        public init(kind: Kind, templates: [String], template: String, references: [MustachePartialReference]) {
            self.kind = kind
            self.templates = templates
            self.template = template
            self.references = references
        }
    }

    /// The cycles of `references` (each template's `partialReferences`, by name) that multiply
    /// or never end, sorted by the name of the template they show in. A tag naming no template
    /// is no edge: it renders as nothing.
    public static func unboundedCycles(_ references: [String: [MustachePartialReference]]) -> [Cycle] {
        var cycles: [Cycle] = []
        for component in StronglyConnected(references).components {
            let members = Set(component)
            let inner = component.sorted().map { name in (name, (references[name] ?? []).filter { members.contains($0.name) }) }
            let edges = inner.reduce(0) { $0 + $1.1.count }
            guard edges > 0 else { continue }
            if edges > component.count, let (name, tags) = inner.first(where: { $0.1.count > 1 }) {
                cycles.append(Cycle(kind: .multiplies, templates: component.sorted(), template: name, references: tags))
            } else if inner.allSatisfy({ $0.1.allSatisfy { !$0.insideSection } }), let (name, tags) = inner.first {
                cycles.append(Cycle(kind: .neverEnds, templates: component.sorted(), template: name, references: tags))
            }
        }
        return cycles.sorted { $0.template < $1.template }
    }
}

/// Tarjan's strongly connected components of the graph "template includes partial", walked with
/// a stack of its own: a theme whose partials include one another in a chain thousands long is
/// walked on the heap, never the thread's stack.
private struct StronglyConnected {
    private let edges: [String: [String]]
    private var index: [String: Int] = [:]
    private var lowLink: [String: Int] = [:]
    private var stack: [String] = []
    private var onStack: Set<String> = []
    private(set) var components: [[String]] = []

    init(_ references: [String: [MustachePartialReference]]) {
        edges = references.mapValues { tags in tags.map(\.name).filter { references[$0] != nil } }
        for name in references.keys.sorted() where index[name] == nil { visit(name) }
    }

    /// The depth-first walk from `root`: each template on `path` with the number of its edges followed.
    private mutating func visit(_ root: String) {
        var path: [(name: String, followed: Int)] = []
        enter(root, on: &path)
        while let (name, followed) = path.last {
            let next = edges[name] ?? []
            if followed < next.count {
                path[path.count - 1].followed += 1
                let target = next[followed]
                if index[target] == nil {
                    enter(target, on: &path)
                } else if onStack.contains(target) {
                    lowLink[name] = min(lowLink[name] ?? 0, index[target] ?? 0)
                }
                continue
            }
            path.removeLast()
            if let parent = path.last?.name {
                lowLink[parent] = min(lowLink[parent] ?? 0, lowLink[name] ?? 0)
            }
            guard lowLink[name] == index[name] else { continue }
            var component: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.append(top)
                if top == name { break }
            }
            components.append(component)
        }
    }

    private mutating func enter(_ name: String, on path: inout [(name: String, followed: Int)]) {
        index[name] = index.count
        lowLink[name] = index[name]
        stack.append(name)
        onStack.insert(name)
        path.append((name, 0))
    }
}
