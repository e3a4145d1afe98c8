/// A source's own rules for its pages (ADR 062): blocks to drop before anything else (`remove`),
/// and the article's container (`select`), which then stands in for Readability's choice.
/// Compiled selectors: a rule that cannot be read never gets this far (`check` refuses it).
public struct ExtractionRules: Sendable, Equatable {
    public var select: SelectorQuery?
    public var remove: [SelectorQuery]

    public init(select: SelectorQuery? = nil, remove: [SelectorQuery] = []) {
        self.select = select
        self.remove = remove
    }

    /// Rules from selectors as written; throws the first that cannot be read.
    public init(select: String?, remove: [String]) throws(SelectorError) {
        self.select = nil
        if let select { self.select = try SelectorQuery(select) }
        self.remove = []
        for text in remove { self.remove.append(try SelectorQuery(text)) }
    }

    public var isEmpty: Bool { select == nil && remove.isEmpty }
}
