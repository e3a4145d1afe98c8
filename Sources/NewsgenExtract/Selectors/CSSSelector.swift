/// A CSS selector group as users write them in Miniflux's scraper rules and RSS-Bridge, parsed
/// (`CSSSelectorParser`) into the parts `CSSToXPath` translates: the subset a static page can
/// answer (no `:hover`, no sibling combinators), each part kept as written but for case.
struct CSSSelector: Equatable {
    /// The comma-separated selectors; an element matches the group when it matches one.
    var alternatives: [Complex]

    /// Compound selectors joined by combinators, left to right: `article > .body p`.
    struct Complex: Equatable {
        var first: Compound
        var rest: [Step]
    }

    /// A combinator and the compound selector after it.
    struct Step: Equatable {
        var combinator: Combinator
        var compound: Compound
    }

    enum Combinator: Equatable {
        /// Whitespace: any descendant.
        case descendant
        /// `>`: a child.
        case child
    }

    /// One element's conditions: a type (nil for `*` or none written) and filters, in the order written.
    struct Compound: Equatable {
        /// The element name, lowercased (HTML names are case-insensitive); nil matches any element.
        var element: String?
        var filters: [Filter]
    }

    enum Filter: Equatable {
        case id(String)
        case className(String)
        /// `[name]` (operator nil) or `[name op value]`; the name lowercased, the value as written.
        case attribute(name: String, op: AttributeOperator?, value: String)
        case firstChild
        case lastChild
        /// `:nth-child(an+b)`: the element is child number a·n+b for some n ≥ 0.
        case nthChild(a: Int, b: Int)
        /// `:not(compound)`.
        indirect case not(Compound)
    }

    enum AttributeOperator: String, Equatable {
        case equals = "="
        case includes = "~="
        case prefix = "^="
        case suffix = "$="
        case substring = "*="
        case dash = "|="
    }
}
