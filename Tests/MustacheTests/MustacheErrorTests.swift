import Mustache
import Testing

/// Parse errors name the template, the 1-based line and column of the tag, and the reason.
@Suite struct MustacheErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let source: String
        let message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(source: "<ul>\n  {{#articles}}\n<li>{{title}}</li>\n",
             message: "x:2:3: unclosed section 'articles'"),
        Case(source: "{{#a}}{{#b}}{{/b}}", message: "x:1:1: unclosed section 'a'"),
        Case(source: "{{#a}}\n{{/b}}\n", message: "x:2:1: unexpected closing tag 'b' (open section is 'a')"),
        Case(source: "text {{/a}}", message: "x:1:6: unexpected closing tag 'a' (no section is open)"),
        Case(source: "Hello {{name", message: "x:1:7: unclosed tag: missing '}}'"),
        Case(source: "Hello {{{name}}", message: "x:1:7: unclosed tag: missing '}}}'"),
        Case(source: "a\n\n {{=<% %>}}", message: "x:3:2: bad delimiter change: missing '=' before '}}'"),
        Case(source: "{{=<%=}}", message: "x:1:1: bad delimiter change '<%': expected two delimiters separated by a space"),
        Case(source: "{{=<% %> |=}}",
             message: "x:1:1: bad delimiter change '<% %> |': expected two delimiters separated by a space"),
        Case(source: "{{= a= b =}}", message: "x:1:1: bad delimiter change 'a= b': a delimiter cannot contain '='"),
        Case(source: "{{=<% %>=}}\n<%#items%>", message: "x:2:1: unclosed section 'items'"),
        Case(source: "{{=<% %>=}}\n<%name", message: "x:2:1: unclosed tag: missing '%>'"),
        Case(source: "{{}}", message: "x:1:1: empty tag"),
        Case(source: "{{# }}{{/ }}", message: "x:1:1: empty tag"),
        Case(source: "{{first name}}", message: "x:1:1: invalid name 'first name'"),
        Case(source: "{{a..b}}", message: "x:1:1: invalid name 'a..b'"),
        Case(source: "{{#.a}}{{/.a}}", message: "x:1:1: invalid name '.a'"),
        Case(source: "{{> }}", message: "x:1:1: invalid partial name ''"),
        Case(source: "{{> a b}}", message: "x:1:1: invalid partial name 'a b'"),
        Case(source: "héllo wörld {{", message: "x:1:13: unclosed tag: missing '}}'"),
        Case(source: "a\r\n{{/a}}", message: "x:2:1: unexpected closing tag 'a' (no section is open)"),
    ]

    @Test(arguments: cases)
    func parseErrorMessage(_ testCase: Case) {
        #expect(throws: MustacheError.self) { try MustacheTemplate(source: testCase.source, name: "x") }
        do {
            _ = try MustacheTemplate(source: testCase.source, name: "x")
        } catch {
            #expect(error.description == testCase.message)
        }
    }

    @Test func errorCarriesItsParts() {
        #expect(throws: MustacheError(name: "home.mustache", line: 12, column: 5,
                                      reason: "unclosed section 'articles'")) {
            try MustacheTemplate(source: String(repeating: "\n", count: 11) + "    {{#articles}}",
                                 name: "home.mustache")
        }
    }

    @Test func unnamedTemplateIsLabelledTemplate() {
        #expect(throws: MustacheError(name: "", line: 1, column: 1, reason: "empty tag")) {
            try MustacheTemplate(source: "{{}}")
        }
        #expect(MustacheError(name: "", line: 1, column: 1, reason: "empty tag").description
            == "template:1:1: empty tag")
    }

    @Test func libraryThrowsTheFirstErrorInNameOrder() {
        #expect(throws: MustacheError(name: "a", line: 1, column: 2, reason: "unclosed section 'y'")) {
            try MustacheLibrary(templates: ["c": "{{", "b": "{{/x}}", "a": " {{#y}}", "ok": "fine"])
        }
    }

    @Test func unknownPageTemplateIsAnError() throws {
        let library = try MustacheLibrary(templates: ["home": "hi"])
        #expect(throws: MustacheError(name: "missing", line: 0, column: 0,
                                      reason: "no template named 'missing'")) {
            try library.render("missing", [:])
        }
        #expect(MustacheError(name: "missing", line: 0, column: 0, reason: "no template named 'missing'").description
            == "missing: no template named 'missing'")
    }
}
