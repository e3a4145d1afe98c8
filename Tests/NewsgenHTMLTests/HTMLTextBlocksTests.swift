import Testing
import NewsgenHTML

@Suite struct HTMLTextBlocksTests {
    @Test func oneBlockPerParagraphHeadingItemAndCell() {
        let html = "<h2>Title</h2><p>First  <b>bold</b>\n words.</p><ul><li>one</li><li>two</li></ul>"
            + "<table><tr><td>cell</td></tr></table><p>line<br>break</p><div><span>in a div</span></div>"
        #expect(HTMLText.blocks(fromHTML: html) == ["Title", "First bold words.", "one", "two", "cell", "line break", "in a div"])
    }

    @Test func scriptsAndEmptyBlocksAreLeftOut() {
        let html = "<p> </p><script>var x = 1;</script><p>kept</p><form><p>form text</p></form><div></div>"
        #expect(HTMLText.blocks(fromHTML: html) == ["kept"])
        #expect(HTMLText.readableText(fromHTML: "<p>a</p><p>b</p>") == "a\n\nb")
        #expect(HTMLText.readableText(fromHTML: "") == "")
    }
}
