import Testing
@testable import NewsgenHTML

@Suite struct HTMLSanitizerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var expected: String
        var testDescription: String { input }
        init(_ input: String, _ expected: String) {
            self.input = input
            self.expected = expected
        }
    }

    static let keptMarkup: [Case] = [
        Case("<p>Hello <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u></p>",
             "<p>Hello <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u></p>"),
        Case("<s>s</s><del>d</del><ins>n</ins><mark>m</mark><small>sm</small><sub>2</sub><sup>3</sup>",
             "<s>s</s><del>d</del><ins>n</ins><mark>m</mark><small>sm</small><sub>2</sub><sup>3</sup>"),
        Case("<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6 id=\"six\">6</h6>",
             "<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6 id=\"six\">6</h6>"),
        Case("<pre><code class=\"language-swift\">let x = 1\n  y</code></pre><kbd>K</kbd>",
             "<pre><code class=\"language-swift\">let x = 1\n  y</code></pre><kbd>K</kbd>"),
        Case("<blockquote cite=\"https://news.example.org/q\"><p>Q</p></blockquote><q>q</q><cite>c</cite><abbr title=\"Marrow Bay\">MB</abbr>",
             "<blockquote cite=\"https://news.example.org/q\"><p>Q</p></blockquote><q>q</q><cite>c</cite><abbr title=\"Marrow Bay\">MB</abbr>"),
        Case("<ul><li>a</li></ul><ol start=\"3\"><li>b</li></ol><dl><dt>t</dt><dd>d</dd></dl>",
             "<ul><li>a</li></ul><ol start=\"3\"><li>b</li></ol><dl><dt>t</dt><dd>d</dd></dl>"),
        Case("<figure><img src=\"/a.png\" alt=\"A\" title=\"T\" width=\"80\" height=\"60\" srcset=\"/b.png 2x\"><figcaption>C</figcaption></figure>",
             "<figure><img src=\"/a.png\" alt=\"A\" title=\"T\" width=\"80\" height=\"60\" srcset=\"/b.png 2x\"><figcaption>C</figcaption></figure>"),
        Case("<table><caption>c</caption><thead><tr><th align=\"center\" colspan=\"2\">h</th></tr></thead><tbody><tr><td rowspan=\"2\" align=\"right\">1</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>",
             "<table><caption>c</caption><thead><tr><th align=\"center\" colspan=\"2\">h</th></tr></thead><tbody><tr><td rowspan=\"2\" align=\"right\">1</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>"),
        Case("<details open><summary>S</summary><div><span>x</span></div></details><section>s</section>",
             "<details open=\"\"><summary>S</summary><div><span>x</span></div></details><section>s</section>"),
        Case("<video src=\"/v.mp4\" poster=\"/p.jpg\" controls autoplay width=\"640\"><source src=\"/v.webm\" type=\"video/webm\"></video><audio controls src=\"/a.mp3\" loop></audio>",
             "<video src=\"/v.mp4\" poster=\"/p.jpg\" controls=\"\" width=\"640\"><source src=\"/v.webm\" type=\"video/webm\"></video><audio controls=\"\" src=\"/a.mp3\"></audio>"),
        Case("line<br>break<hr>", "line<br>break<hr>"),
        Case("<a href=\"/x\" title=\"t\" target=\"_blank\" rel=\"opener\">x</a>", "<a href=\"/x\" title=\"t\">x</a>"),
    ]

    @Test(arguments: keptMarkup)
    func keepsAllowedMarkup(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input) == example.expected)
    }

    /// What cmark-gfm emits for footnotes and task lists survives unchanged (apart from `=""` on bare attributes).
    @Test func keepsCmarkFootnotesAndTaskLists() {
        let input = """
        <p>Text<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup></p>
        <ul>
        <li><input type="checkbox" disabled="" /> todo</li>
        <li><input type="checkbox" checked="" disabled="" /> done</li>
        </ul>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-1">
        <p>Note <a href="#fnref-1" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to content">↩</a></p>
        </li>
        </ol>
        </section>

        """
        let expected = """
        <p>Text<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref="">1</a></sup></p>
        <ul>
        <li><input type="checkbox" disabled=""> todo</li>
        <li><input type="checkbox" checked="" disabled=""> done</li>
        </ul>
        <section class="footnotes" data-footnotes="">
        <ol>
        <li id="fn-1">
        <p>Note <a href="#fnref-1" class="footnote-backref" data-footnote-backref="" data-footnote-backref-idx="1" aria-label="Back to content">↩</a></p>
        </li>
        </ol>
        </section>

        """
        #expect(HTMLSanitizer.sanitize(input, baseURL: "https://news.example.org/articles/x/") == expected)
    }

    static let droppedWithContent: [Case] = [
        Case("a<script>alert(1)</script>b", "ab"),
        Case("a<script src=\"https://evil.example/x.js\"></script>b", "ab"),
        Case("a<style>p { color: red }</style>b", "ab"),
        Case("a<iframe src=\"https://evil.example/\">fallback</iframe>b", "ab"),
        Case("a<object data=\"x.swf\"><param name=\"a\" value=\"b\">fallback</object>b", "ab"),
        Case("a<embed src=\"x.swf\">b", "ab"),
        Case("a<form action=\"/x\"><input name=\"q\"><button>Go</button><select><option>1</option></select><textarea>t</textarea></form>b", "ab"),
        Case("a<input type=\"text\" value=\"v\"><button>Go</button>b", "ab"),
        Case("a<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/\"><base href=\"https://evil.example/\"><link rel=\"stylesheet\" href=\"x.css\">b", "ab"),
        Case("a<noscript><p>Enable JavaScript</p></noscript>b", "ab"),
        Case("a<template><p>t</p></template>b", "ab"),
        Case("a<svg><script>alert(1)</script><text>t</text></svg>b", "ab"),
        Case("a<math><mi>x</mi></math>b", "ab"),
        Case("a<title>T</title>b", "ab"),
    ]

    @Test(arguments: droppedWithContent)
    func dropsDangerousElementsWithTheirContent(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input) == example.expected)
    }

    static let unwrapped: [Case] = [
        Case("<font color=\"red\">red</font> <center>c</center>", "red c"),
        Case("<article><header><nav>n</nav></header><custom-element>x</custom-element></article>", "nx"),
        Case("<html><body><p>x</p></body></html>", "<p>x</p>"),
        Case("<label>L <b>b</b></label>", "L <b>b</b>"),
    ]

    @Test(arguments: unwrapped)
    func unwrapsUnknownElements(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input) == example.expected)
    }

    static let attributes: [Case] = [
        Case("<p onclick=\"alert(1)\" onmouseover=\"x()\" style=\"color: red\" class=\"lead\" id=\"p\">t</p>", "<p>t</p>"),
        Case("<img src=\"/a.png\" onerror=\"alert(1)\" ONLOAD=\"x\">", "<img src=\"/a.png\">"),
        Case("<a href=\"/x\" onclick=\"alert(1)\" style=\"x\">x</a>", "<a href=\"/x\">x</a>"),
        Case("<td colspan=\"x2\" rowspan=\"-1\" align=\"middle\">c</td>", "<td>c</td>"),
        Case("<ol type=\"a\" reversed start=\"2x\"><li>x</li></ol>", "<ol type=\"a\" reversed=\"\"><li>x</li></ol>"),
        Case("<img src=\"/a.png\" width=\"100%\" height=\"50\">", "<img src=\"/a.png\" height=\"50\">"),
        Case("<code class=\"language-swift evil\">x</code><span class=\"footnote-ref hidden\">y</span>",
             "<code class=\"language-swift\">x</code><span class=\"footnote-ref\">y</span>"),
        Case("<h2 id=\"a b\">x</h2><li id=\"fn-1\">y</li>", "<h2>x</h2><li id=\"fn-1\">y</li>"),
        Case("<abbr title='say \"hi\" &amp; <go>'>x</abbr>", "<abbr title=\"say &quot;hi&quot; &amp; &lt;go&gt;\">x</abbr>"),
        Case("<p title=\"t\">x</p>", "<p>x</p>"),
    ]

    @Test(arguments: attributes)
    func filtersAttributes(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input) == example.expected)
    }

    static let urls: [Case] = [
        Case("<a href=\"javascript:alert(1)\">x</a>", "<a>x</a>"),
        Case("<a href=\"JavaScript:alert(1)\">x</a>", "<a>x</a>"),
        Case("<a href=\"jav&#x09;ascript:alert(1)\">x</a>", "<a>x</a>"),
        Case("<a href=\"jav&#10;ascript:alert(1)\">x</a>", "<a>x</a>"),
        Case("<a href=\" \u{1}javascript:alert(1)\">x</a>", "<a>x</a>"),
        // libxml2 ends an attribute value at a character reference it refuses.
        Case("<a href=\"&#x01;javascript:alert(1)\">x</a>", "<a href=\"\">x</a>"),
        Case("<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>", "<a>x</a>"),
        // libxml2 knows only HTML 4's entities: "&colon;" stays literal text, so
        // this is a harmless relative path (the browser decodes "&amp;" once, not twice).
        Case("<a href=\"javascript&colon;alert(1)\">x</a>", "<a href=\"https://news.example.org/javascript&amp;colon;alert(1)\">x</a>"),
        Case("<a href=\"java\u{0}script:alert(1)\">x</a>", "<a>x</a>"),
        Case("<a href=\"vbscript:msgbox(1)\">x</a>", "<a>x</a>"),
        Case("<a href=\"java script:alert(1)\">x</a>", "<a>x</a>"),
        Case("<a href=\":alert(1)\">x</a>", "<a>x</a>"),
        Case("<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"x\">", ""),
        Case("<a href=\"data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;\">x</a>", "<a>x</a>"),
        Case("<video src=\"javascript:x\" poster=\"data:image/png,x\" controls></video>", "<video controls=\"\"></video>"),
        Case("<a href=\"  https://news.example.org/a\n \">x</a>", "<a href=\"https://news.example.org/a\">x</a>"),
        Case("<a href=\"mailto:desk@marrowbay.example\">mail</a>", "<a href=\"mailto:desk@marrowbay.example\">mail</a>"),
        Case("<a href=\"HTTPS://news.example.org/a\">x</a>", "<a href=\"HTTPS://news.example.org/a\">x</a>"),
        Case("<a href=\"/search?q=a&amp;b=1\">x</a>", "<a href=\"https://news.example.org/search?q=a&amp;b=1\">x</a>"),
        Case("<a href=\"#fn-1\">1</a>", "<a href=\"#fn-1\">1</a>"),
        Case("<img src=\"\" alt=\"empty\">", ""),
        Case("<img alt=\"none\">", ""),
    ]

    @Test(arguments: urls)
    func allowsOnlySafeURLs(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input, baseURL: "https://news.example.org/") == example.expected)
    }

    static let resolution: [Case] = [
        Case("<img src=\"photo.jpg\">", "<img src=\"https://news.example.org/articles/ferry/photo.jpg\">"),
        Case("<img src=\"../../media/a.png\">", "<img src=\"https://news.example.org/media/a.png\">"),
        Case("<img src=\"../../../../a.png\">", "<img src=\"https://news.example.org/a.png\">"),
        Case("<a href=\"/tags/harbour/\">t</a>", "<a href=\"https://news.example.org/tags/harbour/\">t</a>"),
        Case("<a href=\"?page=2\">p</a>", "<a href=\"https://news.example.org/articles/ferry/?page=2\">p</a>"),
        Case("<a href=\"./next/#top\">n</a>", "<a href=\"https://news.example.org/articles/ferry/next/#top\">n</a>"),
        Case("<a href=\"#fn-1\">1</a>", "<a href=\"#fn-1\">1</a>"),
        Case("<a href=\"//cdn.example.com/x\">c</a>", "<a href=\"https://cdn.example.com/x\" rel=\"noopener noreferrer nofollow\">c</a>"),
        Case("<video poster=\"p.jpg\"><source src=\"v.mp4\" type=\"video/mp4\"></video>",
             "<video poster=\"https://news.example.org/articles/ferry/p.jpg\"><source src=\"https://news.example.org/articles/ferry/v.mp4\" type=\"video/mp4\"></video>"),
    ]

    @Test(arguments: resolution)
    func resolvesRelativeURLsAgainstTheBase(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input, baseURL: "https://news.example.org/articles/ferry/") == example.expected)
    }

    @Test func keepsRelativeURLsWithoutABase() {
        #expect(HTMLSanitizer.sanitize("<img src=\"photo.jpg\"><a href=\"../x\">x</a>") == "<img src=\"photo.jpg\"><a href=\"../x\">x</a>")
    }

    static let externalLinks: [Case] = [
        Case("<a href=\"https://ferries.marrowbay.example/\">f</a>", "<a href=\"https://ferries.marrowbay.example/\" rel=\"noopener noreferrer nofollow\">f</a>"),
        Case("<a href=\"http://NEWS.example.org:8080/a\">same host</a>", "<a href=\"http://NEWS.example.org:8080/a\">same host</a>"),
        Case("<a href=\"https://user@news.example.org.evil.example/\">x</a>",
             "<a href=\"https://user@news.example.org.evil.example/\" rel=\"noopener noreferrer nofollow\">x</a>"),
        Case("<a href=\"/local\">l</a>", "<a href=\"https://news.example.org/local\">l</a>"),
        Case("<a href=\"mailto:a@b.example\">m</a>", "<a href=\"mailto:a@b.example\">m</a>"),
        Case("<a href=\"https://evil.example/\" rel=\"follow\">e</a>", "<a href=\"https://evil.example/\" rel=\"noopener noreferrer nofollow\">e</a>"),
    ]

    @Test(arguments: externalLinks)
    func marksLinksToOtherHosts(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input, baseURL: "https://news.example.org/") == example.expected)
    }

    @Test func withoutABaseEveryAbsoluteLinkIsExternal() {
        #expect(HTMLSanitizer.sanitize("<a href=\"https://news.example.org/\">x</a><a href=\"/y\">y</a>")
            == "<a href=\"https://news.example.org/\" rel=\"noopener noreferrer nofollow\">x</a><a href=\"/y\">y</a>")
    }

    static let brokenInput: [Case] = [
        Case("<p><b>x</p>", "<p><b>x</b></p>"),
        Case("<p>one<p>two", "<p>one</p><p>two</p>"),
        Case("<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>"),
        Case("<em>unclosed", "<em>unclosed</em>"),
        Case("</div></span>stray end tags", "stray end tags"),
        Case("<b><i>misnested</b></i>", "<b><i>misnested</i></b>"),
        Case("a < b && c > d", "a &lt; b &amp;&amp; c &gt; d"),
        Case("<!-- hidden --><p>x<!-- also --></p>", "<p>x</p>"),
        Case("<![CDATA[<script>alert(1)</script>]]>", "&lt;![CDATA[]]&gt;"),
        Case("<p>&lt;script&gt; &amp;amp; &copy; &#8212; &nbsp;</p>", "<p>&lt;script&gt; &amp;amp; © — \u{a0}</p>"),
        Case("<meta charset=\"iso-8859-1\"><p>é ü 日本</p>", "<p>é ü 日本</p>"),
        Case("", ""),
        Case("plain text", "plain text"),
        Case("<br/><hr/><img src=\"a.png\"/>", "<br><hr><img src=\"a.png\">"),
        Case("</body></html><p>after</p>", "<p>after</p>"),
    ]

    @Test(arguments: brokenInput)
    func writesWellFormedOutputForBrokenInput(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input) == example.expected)
    }

    /// libxml2 stops parsing at 256 open elements (its guard against hostile
    /// input); with our html/body wrapper that leaves 255 levels of content.
    @Test func keepsNestingUpToLibXML2sLimit() {
        let input = String(repeating: "<div>", count: 255) + "deep" + String(repeating: "</div>", count: 255) + "tail"
        #expect(HTMLSanitizer.sanitize(input) == input)
    }

    @Test func cutsDeeperNestingButStaysWellFormed() {
        let input = String(repeating: "<div>", count: 5_000) + "deep" + String(repeating: "</div>", count: 5_000) + "tail"
        #expect(HTMLSanitizer.sanitize(input) == String(repeating: "<div>", count: 255) + String(repeating: "</div>", count: 255))
    }

    /// Void elements libxml2 does not know as empty (HTML 4 had no `source`)
    /// swallow what follows; it is put back as their siblings.
    @Test(arguments: [
        Case("<video controls><source src=\"a.mp4\"><source src=\"b.webm\">Fallback <a href=\"a.mp4\">file</a></video>after",
             "<video controls=\"\"><source src=\"a.mp4\"><source src=\"b.webm\">Fallback <a href=\"a.mp4\">file</a></video>after"),
        Case("a<embed src=\"x.swf\">b", "ab"),
        Case("<p>x<wbr>y</p>", "<p>xy</p>"),
    ])
    func keepsWhatFollowsAVoidElement(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input) == example.expected)
    }

    @Test func isDeterministicAndIdempotent() {
        let input = "<p onclick=x><a href=\"https://evil.example\">e</a> <img src=\"a.png\" alt=\"&quot;\"> <b>x</p>"
        let once = HTMLSanitizer.sanitize(input, baseURL: "https://news.example.org/")
        #expect(once == HTMLSanitizer.sanitize(input, baseURL: "https://news.example.org/"))
        #expect(HTMLSanitizer.sanitize(once, baseURL: "https://news.example.org/") == once)
    }

    @Test func isSafeToCallConcurrently() async {
        let input = "<p>x<script>y</script><a href=\"https://evil.example/\">z</a></p>"
        let expected = "<p>x<a href=\"https://evil.example/\" rel=\"noopener noreferrer nofollow\">z</a></p>"
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<32 { group.addTask { HTMLSanitizer.sanitize(input) } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: expected, count: 32))
    }
}
