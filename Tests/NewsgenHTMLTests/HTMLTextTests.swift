import Testing
@testable import NewsgenHTML

@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("<p>Ferry <b>times</b> change.</p><p>Read on.</p>", "Ferry times change. Read on."),
        ("<ul><li>one</li><li>two</li></ul>", "one two"),
        ("line<br>break", "line break"),
        ("<h2>Head</h2>\n\n  <p>  spaced\n\t text </p>", "Head spaced text"),
        ("Tom &amp; Jerry &lt;3 &quot;x&quot; &#8212; &eacute;", "Tom & Jerry <3 \"x\" — é"),
        ("a<script>var x = '<p>';</script>b<style>p{}</style>c", "abc"),
        ("<td>1</td><td>2</td>", "1 2"),
        ("no markup at all", "no markup at all"),
        ("<b>in</b>line", "inline"),
        ("", ""),
        ("a<embed src=x>b", "ab"),
    ])
    func extractsPlainText(html: String, expected: String) {
        #expect(HTMLText.plainText(fromHTML: html) == expected)
    }

    @Test(arguments: [
        ("Short text", 20, "Short text"),
        ("Exactly ten", 11, "Exactly ten"),
        ("The ferry runs a winter timetable", 20, "The ferry runs a…"),
        ("The ferry runs a winter timetable", 17, "The ferry runs a…"),
        ("The ferry runs a winter timetable", 16, "The ferry runs…"),
        ("Harbour, pier and boats", 10, "Harbour…"),
        ("Supercalifragilistic", 8, "Superca…"),
        ("abc def", 1, "…"),
        ("abc def", 0, ""),
    ])
    func cutsExcerptsAtWordBoundaries(text: String, max: Int, expected: String) {
        let excerpt = HTMLText.excerpt(text, maxCharacters: max)
        #expect(excerpt == expected)
        #expect(excerpt.count <= max)
    }
}
