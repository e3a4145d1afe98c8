import Mustache
import Testing

/// `partialReferences` lists every `{{>name}}` tag with the line and column of its
/// opening delimiter, in source order, nested sections included.
@Suite struct MustachePartialReferenceTests {
    @Test func referencesInSourceOrderWithPositions() throws {
        let source = """
        <ul>
          {{#articles}}
          {{> row}}
          {{/articles}}
        </ul>
        <nav>{{>pagination}}</nav>
        """
        let template = try MustacheTemplate(source: source, name: "home")
        #expect(template.partialReferences == [
            MustachePartialReference(name: "row", line: 3, column: 3, insideSection: true),
            MustachePartialReference(name: "pagination", line: 6, column: 6),
        ])
    }

    @Test func noPartialsNoReferences() throws {
        #expect(try MustacheTemplate(source: "{{#a}}{{b}}{{/a}}\n", name: "x").partialReferences.isEmpty)
    }

    @Test func columnsCountCharactersAndDelimiterChangesApply() throws {
        let source = "héllo {{>a}}\r\n{{=<% %>=}}\n  <%> b %> {{>ignored}}\n<%#s%><%>a%><%/s%>"
        let template = try MustacheTemplate(source: source, name: "x")
        #expect(template.partialReferences.map(\.description) == ["1:7: a", "3:3: b", "4:7: a"])
    }

    /// The references do not change rendering: a missing partial still renders as nothing.
    @Test func missingPartialStillRendersEmpty() throws {
        let template = try MustacheTemplate(source: "[{{>nope}}]", name: "x")
        #expect(template.partialReferences == [MustachePartialReference(name: "nope", line: 1, column: 2)])
        #expect(try template.render(.object([:])) == "[]")
    }
}
