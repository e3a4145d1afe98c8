import Mustache
import Testing

/// One render is bounded in partials expanded and bytes written, not only in depth: a partial
/// that includes itself twice doubles the page at each of 64 levels, which no depth limit stops.
@Suite struct MustacheLimitsTests {
    static let boomReason = "rendering stopped: more than 100000 partials were expanded in one render, by partial 'boom', "
        + "which includes itself (boom → boom); 'newsgen check' shows where"

    @Test func aPartialThatIncludesItselfTwiceStopsAtTheBudget() throws {
        let library = try MustacheLibrary(templates: ["page": "x{{>boom}}{{>boom}}", "boom": "x{{>boom}}{{>boom}}"])
        #expect(throws: MustacheError(name: "boom", line: 0, column: 0, reason: Self.boomReason)) {
            try library.render("page", [:])
        }
    }

    /// Each expansion is counted once: a budget of N lets exactly N partials through.
    @Test func theBudgetCountsEveryExpansionOnce() throws {
        let limits = MustacheLimits(partialExpansions: 5)
        let five = try MustacheLibrary(templates: ["page": "{{#l}}{{>row}}{{/l}}", "row": "[{{.}}]"], limits: limits)
        #expect(try five.render("page", ["l": [1, 2, 3, 4, 5]]) == "[1][2][3][4][5]")
        #expect(throws: MustacheError(name: "row", line: 0, column: 0,
                                      reason: "rendering stopped: more than 5 partials were expanded in one render, in partial 'row'")) {
            try five.render("page", ["l": [1, 2, 3, 4, 5, 6]])
        }
    }

    /// Big text in the partial reaches the byte budget long before the count budget.
    @Test func theOutputIsBoundedInBytes() throws {
        let chunk = String(repeating: "y", count: 1_000)
        let library = try MustacheLibrary(templates: ["page": "{{>boom}}", "boom": chunk + "{{>boom}}{{>boom}}"],
                                          limits: MustacheLimits(outputBytes: 50_000))
        #expect(throws: MustacheError(name: "boom", line: 0, column: 0,
                                      reason: "rendering stopped: more than 50000 bytes were written in one render, by partial 'boom', "
                                          + "which includes itself (boom → boom); 'newsgen check' shows where")) {
            try library.render("page", [:])
        }
    }

    /// Without any partial, sections over the same list nest into |list|^depth output: the byte budget still holds.
    @Test func nestedSectionsWithoutPartialsAreBoundedToo() throws {
        let template = try MustacheTemplate(source: "{{#l}}{{#l}}{{#l}}{{#l}}{{v}}{{/l}}{{/l}}{{/l}}{{/l}}", name: "page")
        let list: MustacheValue = .list(Array(repeating: ["v": .string(String(repeating: "z", count: 100))], count: 20))
        #expect(throws: MustacheError(name: "page", line: 0, column: 0,
                                      reason: "rendering stopped: more than 1000000 bytes were written in one render")) {
            try template.render(["l": list], limits: MustacheLimits(outputBytes: 1_000_000))
        }
    }

    /// A tree rendered by a recursive partial, with leaves that say they have no children, is fine.
    @Test func recursionThatTheDataEndsRenders() throws {
        let library = try MustacheLibrary(templates: ["page": "{{>node}}", "node": "({{name}}{{#children}}{{>node}}{{/children}})"])
        let leaf: MustacheValue = ["name": "leaf", "children": []]
        let tree: MustacheValue = ["name": "root", "children": [["name": "a", "children": [leaf, leaf]], leaf]]
        #expect(try library.render("page", tree) == "(root(a(leaf)(leaf))(leaf))")
    }

    /// The same tree with leaves that do not say so: `children` is found again in the parent's
    /// context (the spec's lookup), so every leaf renders its parent's children again, 64 levels
    /// deep. No static check can see that; the budget stops it.
    @Test func recursionThatTheDataNeverEndsStopsAtTheBudget() throws {
        let library = try MustacheLibrary(templates: ["page": "{{>node}}", "node": "({{name}}{{#children}}{{>node}}{{/children}})"],
                                          limits: MustacheLimits(partialExpansions: 10_000))
        let tree: MustacheValue = ["name": "root", "children": [["name": "a"], ["name": "b"]]]
        #expect(throws: MustacheError(name: "node", line: 0, column: 0,
                                      reason: "rendering stopped: more than 10000 partials were expanded in one render, by partial 'node', "
                                          + "which includes itself (node → node); 'newsgen check' shows where")) {
            try library.render("page", tree)
        }
    }
}
