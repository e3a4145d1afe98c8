import Mustache
import Testing

/// Behaviour beyond the spec corpus: escaping, partial indentation across
/// levels, recursion limits and the library entry point.
@Suite struct MustacheRenderingTests {
    private func render(_ source: String, _ context: MustacheValue, partials: [String: String] = [:]) throws -> String {
        try MustacheTemplate(source: source).render(context, partials: MustacheLibrary(templates: partials))
    }

    @Test func escapesTheFiveHTMLCharacters() throws {
        #expect(try render("{{v}}", ["v": "<a href='x' title=\"y\">&</a>"])
            == "&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;&lt;/a&gt;")
        #expect(try render("{{{v}}}|{{&v}}", ["v": "<i>'&'</i>"]) == "<i>'&'</i>|<i>'&'</i>")
    }

    @Test func escapingKeepsNonASCIIText() throws {
        #expect(try render("{{v}}", ["v": "café & thé — 日本 🎉<"]) == "café &amp; thé — 日本 🎉&lt;")
        #expect(try render("«{{v}}»", ["v": "naïve"]) == "«naïve»")
    }

    @Test func zeroAndEmptyStringAreTruthy() throws {
        #expect(try render("{{#n}}[{{.}}]{{/n}}{{#s}}<{{.}}>{{/s}}{{^s}}no{{/s}}", ["n": 0, "s": ""]) == "[0]<>")
    }

    @Test func sectionOverObjectAndDottedNames() throws {
        let context: MustacheValue = ["site": ["title": "News", "nav": [["name": "Home"], ["name": "About"]]]]
        #expect(try render("{{site.title}}:{{#site.nav}} {{name}}@{{site.title}}{{/site.nav}}", context)
            == "News: Home@News About@News")
    }

    @Test func customDelimitersSupportTripleMustache() throws {
        #expect(try render("{{=<% %>=}}<%{html}%> <%html%> {{html}}", ["html": "<b>"]) == "<b> &lt;b&gt; {{html}}")
    }

    @Test func nestedStandalonePartialsAccumulateIndentation() throws {
        let output = try render(
            "<body>\n  {{>outer}}\n</body>\n", ["items": ["a", "b"]],
            partials: [
                "outer": "<div>\n  {{>inner}}\n</div>\n",
                "inner": "<p>\n{{#items}}\n<i>{{.}}</i>\n{{/items}}\n</p>\n",
            ])
        #expect(output == "<body>\n  <div>\n    <p>\n    <i>a</i>\n    <i>b</i>\n    </p>\n  </div>\n</body>\n")
    }

    @Test func emptyStandalonePartialLeavesNoIndentation() throws {
        #expect(try render("a\n  {{>empty}}\nb\n", [:], partials: ["empty": ""]) == "a\nb\n")
        #expect(try render("  {{>outer}}\n", [:], partials: ["outer": "x\n  {{>empty}}\ny\n", "empty": ""])
            == "  x\n  y\n")
    }

    @Test func inlinePartialIsNotIndented() throws {
        #expect(try render("  {{>p}} |\n", [:], partials: ["p": "a\nb"]) == "  a\nb |\n")
    }

    @Test func missingPartialRendersNothingWithoutALibrary() throws {
        #expect(try MustacheTemplate(source: "[{{>nav}}]").render([:]) == "[]")
    }

    @Test func selfIncludingPartialStopsAtTheDepthLimit() throws {
        #expect(try render("{{>loop}}", [:], partials: ["loop": "x{{>loop}}"]) == String(repeating: "x", count: 64))
    }

    @Test func libraryRendersPagesWithItsPartials() throws {
        let library = try MustacheLibrary(templates: [
            "page": "<h1>{{>title}}</h1>\n{{#articles}}\n{{>row}}\n{{/articles}}\n",
            "title": "{{site}}",
            "row": "<li>{{title}}</li>\n",
        ])
        #expect(library.names == ["page", "row", "title"])
        #expect(library.template(named: "row")?.name == "row")
        #expect(library.template(named: "nope") == nil)
        let context: MustacheValue = ["site": "R&D", "articles": [["title": "One"], ["title": "Two"]]]
        #expect(try library.render("page", context) == "<h1>R&amp;D</h1>\n<li>One</li>\n<li>Two</li>\n")
    }

    @Test func renderingTwiceAndConcurrentlyGivesTheSameText() async throws {
        let template = try MustacheTemplate(source: "{{#items}}<{{.}}>{{/items}}")
        let context: MustacheValue = ["items": [1, 2, 3]]
        let outputs = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { (try? template.render(context)) ?? "" } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outputs == Array(repeating: "<1><2><3>", count: 8))
    }

    @Test func contextStackIsRestoredAfterSections() throws {
        #expect(try render("{{#a}}{{x}}{{/a}}{{x}}{{#l}}{{x}}{{/l}}{{x}}", ["x": 0, "a": ["x": 1], "l": [["x": 2]]])
            == "1020")
    }
}
