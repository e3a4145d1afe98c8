import Mustache
import Testing

/// What can be told about a theme's expansion without data: cycles of partials that multiply
/// the page at each level, and cycles that never end; recursion that sections (data) end is fine.
@Suite struct MustachePartialGraphTests {
    private func cycles(_ sources: [String: String]) throws -> [MustachePartialGraph.Cycle] {
        var references: [String: [MustachePartialReference]] = [:]
        for (name, source) in sources { references[name] = try MustacheTemplate(source: source, name: name).partialReferences }
        return MustachePartialGraph.unboundedCycles(references)
    }

    @Test func aPartialIncludingItselfTwiceMultiplies() throws {
        #expect(try cycles(["page": "{{>boom}}", "boom": "x{{>boom}}{{>boom}}"]) == [
            MustachePartialGraph.Cycle(kind: .multiplies, templates: ["boom"], template: "boom", references: [
                MustachePartialReference(name: "boom", line: 1, column: 2),
                MustachePartialReference(name: "boom", line: 1, column: 11),
            ]),
        ])
    }

    /// Sections do not help: each of the two includes still runs whenever the section does.
    @Test func aCycleThroughOthersThatComesBackTwiceMultiplies() throws {
        let found = try cycles(["a": "{{#x}}{{>b}}{{/x}}\n{{>b}}", "b": "{{>c}}", "c": "{{#y}}{{>a}}{{/y}}", "page": "{{>a}}"])
        #expect(found.map(\.kind) == [.multiplies])
        #expect(found.first?.templates == ["a", "b", "c"])
        #expect(found.first?.template == "a")
        #expect(found.first?.references.map(\.description) == ["1:7: b", "2:1: b"])
    }

    @Test func aPartialIncludingItselfOnceOutsideAnySectionNeverEnds() throws {
        #expect(try cycles(["loop": "x{{>loop}}", "ping": "{{>pong}}", "pong": "{{>ping}}"]).map { "\($0.kind) \($0.templates)" } == [
            "neverEnds [\"loop\"]", "neverEnds [\"ping\", \"pong\"]",
        ])
    }

    @Test func recursionInsideASectionAndRepeatsWithoutACycleAreFine() throws {
        #expect(try cycles([
            "node": "<li>{{name}}<ul>{{#children}}{{>node}}{{/children}}</ul></li>",
            "page": "{{>row}}{{>row}}{{>row}}{{>missing}}{{>page-footer}}",
            "row": "{{>byline}}{{>byline}}",
            "byline": "{{author}}",
            "page-footer": "{{^none}}{{>byline}}{{/none}}",
        ]) == [])
    }

    /// Each tag says whether a section is open around it.
    @Test func referencesKnowWhetherASectionIsAroundThem() throws {
        let template = try MustacheTemplate(source: "{{>a}}{{#s}}{{>b}}{{/s}}{{^t}}{{>c}}{{/t}}{{>d}}", name: "x")
        #expect(template.partialReferences.map(\.insideSection) == [false, true, true, false])
    }
}
