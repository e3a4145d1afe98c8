import Testing
@testable import NewsgenHTML

@Suite struct HTMLEscapeTests {
    @Test func escapesText() {
        #expect(HTMLEscape.text("Tom & \"Jerry\" <b>'s</b>") == "Tom &amp; \"Jerry\" &lt;b&gt;'s&lt;/b&gt;")
    }

    @Test func escapesAttributes() {
        #expect(HTMLEscape.attribute("a \"b\" & <c> 'd'") == "a &quot;b&quot; &amp; &lt;c&gt; 'd'")
    }

    @Test func leavesPlainTextAlone() {
        #expect(HTMLEscape.text("Marrow Bay — café") == "Marrow Bay — café")
        #expect(HTMLEscape.attribute("") == "")
    }
}
