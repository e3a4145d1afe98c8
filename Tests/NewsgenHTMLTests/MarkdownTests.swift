import Testing
@testable import NewsgenHTML

@Suite struct MarkdownTests {
    @Test func rendersCommonMark() {
        #expect(Markdown.html(from: "# Title\n\nSome *emphasis* and `code`.\n")
            == "<h1>Title</h1>\n<p>Some <em>emphasis</em> and <code>code</code>.</p>\n")
    }

    @Test func rendersTablesWithAlignment() {
        let markdown = """
        | Left | Centre | Right |
        | :--- | :---: | ---: |
        | a | b | c |
        """
        #expect(Markdown.html(from: markdown) == """
            <table>
            <thead>
            <tr>
            <th align="left">Left</th>
            <th align="center">Centre</th>
            <th align="right">Right</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td align="left">a</td>
            <td align="center">b</td>
            <td align="right">c</td>
            </tr>
            </tbody>
            </table>

            """)
    }

    @Test func rendersStrikethrough() {
        #expect(Markdown.html(from: "~~22:15~~ and ~one~\n") == "<p><del>22:15</del> and <del>one</del></p>\n")
    }

    @Test func rendersAutolinks() {
        #expect(Markdown.html(from: "See www.marrowbay.example, https://ferries.marrowbay.example/winter or desk@marrowbay.example.\n")
            == "<p>See <a href=\"http://www.marrowbay.example\">www.marrowbay.example</a>, "
            + "<a href=\"https://ferries.marrowbay.example/winter\">https://ferries.marrowbay.example/winter</a> or "
            + "<a href=\"mailto:desk@marrowbay.example\">desk@marrowbay.example</a>.</p>\n")
    }

    @Test func rendersTaskLists() {
        #expect(Markdown.html(from: "- [ ] open\n- [x] done\n") == """
            <ul>
            <li><input type="checkbox" disabled="" /> open</li>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            </ul>

            """)
    }

    @Test func rendersFootnotes() {
        #expect(Markdown.html(from: "Claim.[^src]\n\n[^src]: The source.\n") == """
            <p>Claim.<sup class="footnote-ref"><a href="#fn-src" id="fnref-src" data-footnote-ref>1</a></sup></p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-src">
            <p>The source. <a href="#fnref-src" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
            </li>
            </ol>
            </section>

            """)
    }

    @Test func keepsQuotesAndDashesAsWritten() {
        #expect(Markdown.html(from: "\"Quoted\" -- and 'single' ...\n") == "<p>&quot;Quoted&quot; -- and 'single' ...</p>\n")
    }

    @Test func labelsFencedCodeWithItsLanguage() {
        #expect(Markdown.html(from: "```swift\nlet x = 1\n```\n") == "<pre><code class=\"language-swift\">let x = 1\n</code></pre>\n")
    }

    /// Raw HTML passes through: the sanitizer, not the Markdown renderer, decides what stays.
    @Test func passesRawHTMLThroughForTheSanitizer() {
        #expect(Markdown.html(from: "<div onclick=\"x()\">a</div>\n\n<script>alert(1)</script>\n")
            == "<div onclick=\"x()\">a</div>\n<script>alert(1)</script>\n")
    }

    @Test func rendersEmptyInput() {
        #expect(Markdown.html(from: "") == "")
    }

    /// cmark-gfm keeps extension trigger characters in a global table; without
    /// serialization, parallel calls intermittently lose the strikethrough here.
    @Test func isSafeToCallConcurrently() async {
        let markdown = "| a |\n| - |\n| ~~b~~ |\n\n- [x] c\n\nd[^1]\n\n[^1]: e\n"
        let expected = Markdown.html(from: markdown)
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<64 { group.addTask { Markdown.html(from: markdown) } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: expected, count: 64))
    }
}
