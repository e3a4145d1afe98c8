import Foundation
import Mustache
import Testing

/// How deep a template, its partials and its data can nest without the engine running out of
/// stack: sections past `MustacheLimits.sectionDepth` are a parse error naming the line and the
/// depth; everything under it (100 sections in each of 64 partials, a chain of 100,000 partials,
/// data nested 100 deep) is parsed, rendered, checked and freed on a small thread stack (ADR 050).
@Suite struct MustacheDepthTests {
    static let limit = MustacheLimits.sectionDepth

    /// `count` sections, each opening tag on its own line, around `inner`.
    static func nested(_ count: Int, _ inner: String = "{{v}}", name: String = "a") -> String {
        String(repeating: "{{#\(name)}}\n", count: count) + inner + "\n" + String(repeating: "{{/\(name)}}\n", count: count)
    }

    /// `{"a": {"a": … {"v": leaf}}}`, `depth` objects deep.
    static func nestedData(_ depth: Int, leaf: MustacheValue = "deep") -> MustacheValue {
        var value: MustacheValue = ["v": leaf]
        for _ in 0..<depth { value = ["a": value] }
        return value
    }

    /// Runs `body` on a thread with a 256 KB stack, so recursion as deep as the input is a crash
    /// here (as it was before: every test that uses this crashed), not a pass on a roomy main thread.
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        nonisolated(unsafe) var result: Result<T, any Error>?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result = Result { try body() }
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
        return try #require(result).get()
    }

    /// 30,000 and 100,000 levels (the issue's `row.mustache`) crashed the parse's walk over the
    /// tree; now the opening tag one past the limit is the error, with its line and depth.
    @Test(arguments: [Self.limit + 1, 30_000, 100_000])
    func sectionsNestedPastTheLimitAreAParseError(depth: Int) throws {
        let source = Self.nested(depth)
        #expect(throws: MustacheError(name: "row.mustache", line: Self.limit + 1, column: 1,
                                      reason: "section 'a' is nested \(Self.limit + 1) deep; sections nest at most \(Self.limit) deep")) {
            try Self.onSmallStack { try MustacheTemplate(source: source, name: "row.mustache") }
        }
    }

    /// Inverted sections count the same, and so does a mix; the message reads as the others do.
    @Test func invertedSectionsCountToo() throws {
        let source = String(repeating: "{{#a}}{{^b}}", count: 50) + "{{^c}}"
        let error = #expect(throws: MustacheError.self) { try MustacheTemplate(source: source, name: "theme/row.mustache") }
        #expect(error?.description == "theme/row.mustache:1:601: section 'c' is nested 101 deep; sections nest at most 100 deep")
    }

    /// At the limit, sections over data nested as deep render, each in the context of the one before.
    @Test func sectionsAtTheLimitRenderOverDataAsDeep() throws {
        let template = try MustacheTemplate(source: Self.nested(Self.limit), name: "page")
        let data = Self.nestedData(Self.limit)
        #expect(try Self.onSmallStack { try template.render(data) }.trimmingCharacters(in: .whitespacesAndNewlines) == "deep")
        let inverted = try MustacheTemplate(source: String(repeating: "{{^no}}", count: Self.limit) + "x"
                                                + String(repeating: "{{/no}}", count: Self.limit), name: "page")
        #expect(try inverted.render([:]) == "x")
    }

    /// A partial nested 64 deep whose every level opens 100 sections: 6,400 sections open at once,
    /// and a list at each of them. The renderer keeps them on the heap.
    @Test func sectionsInEveryLevelOfPartialsRenderOnASmallStack() throws {
        let library = try MustacheLibrary(templates: [
            "page": "{{>level}}",
            "level": String(repeating: "{{#a}}", count: Self.limit) + "{{v}}|{{>level}}" + String(repeating: "{{/a}}", count: Self.limit),
        ])
        let data: MustacheValue = ["a": .list([["v": 1]]), "v": 0]
        let output = try Self.onSmallStack { try library.render("page", data) }
        #expect(output == String(repeating: "1|", count: MustacheLimits.standard.partialDepth))
    }

    /// Data from JSON nests at most 512 deep (Foundation's decoder refuses more, as the fuzz target
    /// shows); sections at the limit go 100 levels into it.
    @Test func jsonDataNestsAsDeepAsItsDecoderAllows() throws {
        // {"v":0,"a":{"v":1,"a":…}}: each level says how deep it is.
        let json = { (depth: Int) in (0..<depth).map { #"{"v":\#($0),"a":"# }.joined() + "null" + String(repeating: "}", count: depth) }
        let data = try JSONDecoder().decode(MustacheValue.self, from: Data(json(512).utf8))
        let template = try MustacheTemplate(source: Self.nested(Self.limit), name: "page")
        #expect(try Self.onSmallStack { try template.render(data) }.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Self.limit)")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MustacheValue.self, from: Data(json(100_000).utf8)) }
    }

    /// Decoding data that deep is linear: ten times 512 levels took 25 s in a debug build when every
    /// object was first tried as each scalar (a hang in the fuzz target), and take a fraction of a second now.
    @Test func jsonDataAtTheDecodersDepthDecodesQuickly() throws {
        let json = Data((String(repeating: #"{"a":"#, count: 511) + #"{"v":"deep"}"# + String(repeating: "}", count: 511)).utf8)
        let started = ContinuousClock.now
        for _ in 0..<10 { _ = try JSONDecoder().decode(MustacheValue.self, from: json) }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// A recursive partial over data nested deeper than the partial depth: cut at the depth, as before.
    @Test func aRecursivePartialOverDeepDataStopsAtThePartialDepth() throws {
        let library = try MustacheLibrary(templates: ["page": "{{>node}}", "node": "({{#a}}{{>node}}{{/a}})"])
        let data = Self.nestedData(511)
        let output = try Self.onSmallStack { try library.render("page", data) }
        let depth = MustacheLimits.standard.partialDepth
        #expect(output == String(repeating: "(", count: depth) + String(repeating: ")", count: depth))
    }

    /// 100,000 partials that include one another in one ring, outside any section: `check`'s graph
    /// walk finds the one cycle that never ends instead of recursing 100,000 deep.
    @Test func aChainOfPartialsAsLongAsYouLikeIsWalkedOnASmallStack() throws {
        let count = 100_000
        let name = { (index: Int) in "p\(index)" }
        var references: [String: [MustachePartialReference]] = [:]
        for index in 0..<count {
            references[name(index)] = [MustachePartialReference(name: name((index + 1) % count), line: 1, column: 1)]
        }
        references["page"] = [MustachePartialReference(name: name(0), line: 1, column: 1)]
        let graph = references
        let cycles = try Self.onSmallStack { MustachePartialGraph.unboundedCycles(graph) }
        #expect(cycles.count == 1)
        #expect(cycles.first?.kind == .neverEnds)
        #expect(cycles.first?.templates.count == count)
    }
}
