import Foundation
import Testing
@testable import NewsgenHTML

@Suite("HTMLImages: finding and rewriting the images of sanitized HTML")
struct HTMLImagesTests {
    static let base = "https://news.example.org/story/"

    /// The local path a test cache would give `url`.
    static func cached(_ url: String) -> String {
        "/media/" + (url.split(separator: "/").last.map(String.init) ?? "x")
    }

    // MARK: - What the sanitizer keeps

    @Test func sanitizerUnwrapsPictureAndDropsSourceSrcset() {
        let html = HTMLSanitizer.sanitize(
            "<picture><source srcset=\"a.webp 1x, b.webp 2x\" type=\"image/webp\"><img src=\"a.jpg\" srcset=\"a.jpg 1x, b.jpg 2x\"></picture>",
            baseURL: Self.base)
        #expect(html == "<source type=\"image/webp\"><img src=\"https://news.example.org/story/a.jpg\" "
            + "srcset=\"https://news.example.org/story/a.jpg 1x, https://news.example.org/story/b.jpg 2x\">")
        #expect(HTMLImages.references(in: html) == ["https://news.example.org/story/a.jpg", "https://news.example.org/story/b.jpg"])
    }

    // MARK: - references(in:)

    @Test func referencesInDocumentOrderWithoutDuplicates() {
        let html = HTMLSanitizer.sanitize("""
            <p><img src="a.jpg" alt="A" srcset="a.jpg 1x, b.jpg 2x"></p>
            <figure><img srcset="c.jpg 100w, b.jpg 200w" src="d.jpg"><figcaption>x</figcaption></figure>
            <video src="v.mp4" poster="p.jpg" controls></video>
            <audio src="s.mp3"></audio><a href="e.jpg">not loaded</a>
            <img src="a.jpg">
            """, baseURL: Self.base)
        #expect(HTMLImages.references(in: html) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "p.jpg"].map { Self.base + $0 })
    }

    @Test func referencesAreUnescaped() {
        let html = HTMLSanitizer.sanitize("<img src=\"https://cdn.example.com/i.jpg?w=1&amp;h=2\" srcset=\"https://cdn.example.com/i.jpg?w=2&amp;h=4 2x\">")
        #expect(html.contains("?w=1&amp;h=2"))
        #expect(HTMLImages.references(in: html) == ["https://cdn.example.com/i.jpg?w=1&h=2", "https://cdn.example.com/i.jpg?w=2&h=4"])
    }

    @Test func referencesOfPictureSourcesButNotOfMediaSources() {
        // Hand-written: the sanitizer keeps neither `picture` nor `srcset` on `source` today.
        let html = "<picture><source srcset=\"s.webp 1x, s2.webp 2x\" type=\"image/webp\"><img src=\"i.jpg\"></picture>"
            + "<video src=\"v.mp4\"><source src=\"v.webm\" type=\"video/webm\"></video><source srcset=\"outside.webp\">"
        #expect(HTMLImages.references(in: html) == ["s.webp", "s2.webp", "i.jpg"])
    }

    @Test func noImagesNoReferences() {
        #expect(HTMLImages.references(in: "<p>Text &amp; <a href=\"https://x.example/a.png\">link</a></p>") == [])
        #expect(HTMLImages.references(in: "") == [])
    }

    @Test(arguments: [
        ("a.jpg 1x, b.jpg 2x", [("a.jpg", "1x"), ("b.jpg", "2x")]),
        ("a.jpg 100w,b.jpg 200w", [("a.jpg", "100w"), ("b.jpg", "200w")]),
        ("  a.jpg,  b.jpg 1.5x ,", [("a.jpg", ""), ("b.jpg", "1.5x")]),
        ("a.jpg,b.jpg", [("a.jpg,b.jpg", "")]),
        ("data:image/png;base64,iVBOR,w0K 1x, b.jpg 2x", [("data:image/png;base64,iVBOR,w0K", "1x"), ("b.jpg", "2x")]),
        ("a.jpg (x, y) 1x, b.jpg", [("a.jpg", "(x, y) 1x"), ("b.jpg", "")]),
        ("", []),
    ])
    func srcsetCandidates(srcset: String, expected: [(String, String)]) {
        let parsed = HTMLImages.SrcsetCandidate.parse(srcset)
        #expect(parsed == expected.map { HTMLImages.SrcsetCandidate(url: $0.0, descriptor: $0.1) })
    }

    @Test func referencesOfAHandWrittenSrcsetWithADataURL() {
        let html = "<img src=\"a.jpg\" srcset=\"data:image/png;base64,AA,BB 1x, b.jpg 2x\">"
        #expect(HTMLImages.references(in: html) == ["a.jpg", "data:image/png;base64,AA,BB", "b.jpg"])
        // The sanitizer refuses data: URLs, in srcset too: the whole srcset goes.
        #expect(HTMLSanitizer.sanitize(html) == "<img src=\"a.jpg\">")
    }

    // MARK: - rewrite: img

    @Test func localImageWithLocalSrcset() {
        let html = "<p><img src=\"https://x.example/a.jpg\" alt=\"A\" srcset=\"https://x.example/a.jpg 1x, https://x.example/b.jpg 2x\" width=\"80\"></p>"
        #expect(HTMLImages.rewrite(html) { .local(Self.cached($0)) }
            == "<p><img src=\"/media/a.jpg\" alt=\"A\" srcset=\"/media/a.jpg 1x, /media/b.jpg 2x\" width=\"80\"></p>")
    }

    @Test func srcsetKeepsOnlyLocalCandidates() {
        let html = "<img srcset=\"https://x.example/a.jpg 100w, https://x.example/b.jpg 200w, https://x.example/c.jpg 300w\" src=\"https://x.example/a.jpg\" title=\"T\">"
        let out = HTMLImages.rewrite(html) { $0.hasSuffix("b.jpg") ? .link : .local(Self.cached($0)) }
        #expect(out == "<img srcset=\"/media/a.jpg 100w, /media/c.jpg 300w\" src=\"/media/a.jpg\" title=\"T\">")
    }

    @Test func srcsetWithNoLocalCandidateIsRemoved() {
        let html = "<img src=\"https://x.example/a.jpg\" srcset=\"https://x.example/b.jpg 2x\" alt=\"A\">"
        let out = HTMLImages.rewrite(html) { $0.hasSuffix("a.jpg") ? .local("/media/a.jpg") : .link }
        #expect(out == "<img src=\"/media/a.jpg\" alt=\"A\">")
    }

    @Test func unfetchableImageBecomesALinkToItsOriginal() {
        let html = "<figure><img src=\"https://x.example/a.jpg?s=1&amp;t=2\" alt=\"  The  harbour \" width=\"80\"><figcaption>C</figcaption></figure>"
        #expect(HTMLImages.rewrite(html) { _ in .link }
            == "<figure><a href=\"https://x.example/a.jpg?s=1&amp;t=2\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">The harbour</a><figcaption>C</figcaption></figure>")
    }

    @Test(arguments: ["", " ", "\n\t"])
    func blankAltReadsImage(alt: String) {
        let html = "<img src=\"http://x.example/a.jpg\" alt=\"\(alt)\">"
        #expect(HTMLImages.rewrite(html) { _ in .link } == "<a href=\"http://x.example/a.jpg\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">Image</a>")
        #expect(HTMLImages.rewrite("<img src=\"http://x.example/a.jpg\">") { _ in .link }
            == "<a href=\"http://x.example/a.jpg\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">Image</a>")
    }

    @Test func unfetchableSrcFallsBackToTheFirstLocalSrcsetCandidate() {
        let html = "<img src=\"https://x.example/a.jpg\" alt=\"A\" srcset=\"https://x.example/b.jpg 1x, https://x.example/c.jpg 2x, https://x.example/d.jpg 3x\">"
        let out = HTMLImages.rewrite(html) { $0.hasSuffix("/a.jpg") || $0.hasSuffix("/b.jpg") ? .link : .local(Self.cached($0)) }
        #expect(out == "<img src=\"/media/c.jpg\" alt=\"A\" srcset=\"/media/c.jpg 2x, /media/d.jpg 3x\">")
    }

    @Test func imageWithoutSrcUsesItsFirstLocalSrcsetCandidate() {
        // Not sanitizer output (it drops an img without src), but handled.
        let html = "<img alt=\"A\" srcset=\"https://x.example/b.jpg 1x\">"
        #expect(HTMLImages.rewrite(html) { .local(Self.cached($0)) } == "<img src=\"/media/b.jpg\" alt=\"A\" srcset=\"/media/b.jpg 1x\">")
        #expect(HTMLImages.rewrite(html) { _ in .link } == "<a href=\"https://x.example/b.jpg\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">A</a>")
    }

    @Test(arguments: ["/images/a.jpg", "a.jpg", "//x.example/a.jpg", "ftp://x.example/a.jpg", "mailto:a@x.example"])
    func unfetchableNonHTTPImageBecomesPlainText(src: String) {
        let html = "<p>See <img src=\"\(src)\" alt=\"Map\">.</p>"
        #expect(HTMLImages.rewrite(html) { _ in .link } == "<p>See <span class=\"image-link\">Map</span>.</p>")
    }

    @Test func hostileAltTextIsEscaped() {
        let html = HTMLSanitizer.sanitize("<img src=\"https://x.example/a.jpg\" alt=\"&quot;&gt;<script>alert(1)</script> &amp;amp;\">")
        #expect(html == "<img src=\"https://x.example/a.jpg\" alt=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;\">")
        #expect(HTMLImages.rewrite(html) { _ in .link }
            == "<a href=\"https://x.example/a.jpg\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">\"&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;</a>")
    }

    @Test func hostileURLIsEscapedInTheLink() {
        let html = "<img src=\"https://x.example/a.jpg?q=&quot;&gt;&lt;b\">"
        #expect(HTMLImages.rewrite(html) { _ in .link }
            == "<a href=\"https://x.example/a.jpg?q=&quot;&gt;&lt;b\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">Image</a>")
    }

    @Test func imageInsideALinkBecomesTextOnly() {
        let html = HTMLSanitizer.sanitize("<p><a href=\"https://x.example/big.jpg\"><img src=\"https://x.example/small.jpg\" alt=\"Small\"></a> "
            + "<img src=\"https://x.example/after.jpg\"></p>")
        #expect(HTMLImages.rewrite(html) { _ in .link }
            == "<p><a href=\"https://x.example/big.jpg\" rel=\"noopener noreferrer nofollow\"><span class=\"image-link\">Small</span></a> "
            + "<a href=\"https://x.example/after.jpg\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">Image</a></p>")
    }

    @Test func localImageInsideALinkStaysAnImage() {
        let html = "<a href=\"https://x.example/\"><img src=\"https://x.example/a.jpg\"></a>"
        #expect(HTMLImages.rewrite(html) { .local(Self.cached($0)) } == "<a href=\"https://x.example/\"><img src=\"/media/a.jpg\"></a>")
    }

    @Test func localPathIsEscaped() {
        let html = "<img src=\"https://x.example/a.jpg\">"
        #expect(HTMLImages.rewrite(html) { _ in .local("/media/a\"b&c.jpg") } == "<img src=\"/media/a&quot;b&amp;c.jpg\">")
    }

    // MARK: - rewrite: picture, video

    @Test func pictureSourcesAreFilteredOrRemoved() {
        let html = "<picture><source srcset=\"s.webp 1x, s2.webp 2x\" type=\"image/webp\"><source srcset=\"t.avif\" type=\"image/avif\">"
            + "<img src=\"i.jpg\"></picture><video><source src=\"v.webm\"></video>"
        let out = HTMLImages.rewrite(html) { ["s2.webp", "i.jpg"].contains($0) ? .local("/media/" + $0) : .link }
        #expect(out == "<picture><source srcset=\"/media/s2.webp 2x\" type=\"image/webp\"><img src=\"/media/i.jpg\"></picture>"
            + "<video><source src=\"v.webm\"></video>")
    }

    @Test func videoPoster() {
        let html = HTMLSanitizer.sanitize("<video src=\"https://x.example/v.mp4\" poster=\"https://x.example/p.jpg\" controls width=\"640\"></video>")
        #expect(html == "<video src=\"https://x.example/v.mp4\" poster=\"https://x.example/p.jpg\" controls=\"\" width=\"640\"></video>")
        #expect(HTMLImages.rewrite(html) { .local(Self.cached($0)) }
            == "<video src=\"https://x.example/v.mp4\" poster=\"/media/p.jpg\" controls=\"\" width=\"640\"></video>")
        #expect(HTMLImages.rewrite(html) { _ in .link }
            == "<video src=\"https://x.example/v.mp4\" controls=\"\" width=\"640\"></video>")
    }

    // MARK: - Everything else stays byte for byte

    static let documents: [String] = [
        "<ul><li>one</li><li><em>two</em></li></ul><ol start=\"3\" reversed><li>three</li></ol>",
        "<table><caption>c</caption><thead><tr><th align=\"center\">h</th></tr></thead><tbody><tr><td rowspan=\"2\">1 &lt; 2</td></tr></tbody></table>",
        "<p><a href=\"/rel\">rel</a> <a href=\"https://other.example/x?a=1&amp;b=2\" title=\"&quot;q&quot;\">ext</a> <a href=\"#fn\">f</a></p>",
        "<pre><code class=\"language-swift\">if a &lt; b &amp;&amp; c > d { print(\"&lt;img src=x&gt;\") }\n</code></pre>",
        "<p>&amp; &lt; &gt; &quot; &eacute; &#x1F600; &nbsp; caf\u{E9} \u{1F600} &copy;</p>",
        "<p>before</p><iframe src=\"https://www.youtube.com/embed/x\" width=\"560\" height=\"315\"></iframe><p>after</p>",
        "<figure><figure><img src=\"a.jpg\" alt=\"A &amp; B\" srcset=\"a.jpg 1x, b.jpg 2x\" sizes=\"(max-width: 600px) 480px, 800px\">"
            + "<figcaption>inner <img src=\"c.png\"></figcaption></figure><figcaption>outer</figcaption></figure>",
        "<video src=\"v.mp4\" poster=\"p.jpg\" controls><source src=\"v.webm\" type=\"video/webm\"></video>",
        "<picture><source srcset=\"s.webp\"><img src=\"i.jpg\" srcset=\"i.jpg 100w,j.jpg 200w\"></picture>",
        "<blockquote cite=\"q\"><p>Q <img src=\"https://cdn.example.com/i.jpg?w=1&amp;h=2\" title=\"t\"></p></blockquote>",
        "<details open><summary>S</summary><a href=\"https://x.example/\"><img src=\"https://x.example/i.jpg\" alt=\"\"></a></details>",
        "Loose text <b>bold</b><br>line<hr><!-- comment --><script>alert(1)</script>",
    ]

    @Test(arguments: documents)
    func everyImageLocalAtItsOwnURLChangesNothing(_ input: String) {
        let html = HTMLSanitizer.sanitize(input, baseURL: Self.base, embedHosts: ["youtube.com"])
        #expect(HTMLImages.rewrite(html) { .local($0) } == html)
    }

    @Test func sampleArticlesAreUnchangedByTheIdentityRewrite() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("content/articles")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".md") }
        try #require(!names.isEmpty)
        for name in names {
            let html = try MarkdownArticle.parse(String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)).html
            #expect(HTMLImages.rewrite(html) { .local($0) } == html, "\(name)")
        }
    }

    @Test func identityDocumentsHaveImages() {
        // The identity property above is only worth something if the documents hold images to rewrite.
        let html = Self.documents.map { HTMLSanitizer.sanitize($0, baseURL: Self.base) }.joined()
        #expect(HTMLImages.references(in: html).count == 8)
        #expect(HTMLImages.rewrite(html) { .local(Self.cached($0)) } != html)
    }

    // MARK: - decide

    @Test func decideRunsOncePerURLInDocumentOrder() {
        let html = "<img src=\"a.jpg\" srcset=\"a.jpg 1x, b.jpg 2x\"><video poster=\"b.jpg\"></video><img src=\"c.jpg\" srcset=\"a.jpg 1x\">"
            + "<img src=\"a.jpg\"><picture><source srcset=\"c.jpg, d.jpg 2x\"></picture>"
        var asked: [String] = []
        let out = HTMLImages.rewrite(html) { url in
            asked.append(url)
            return url == "b.jpg" ? .link : .local("/media/" + url)
        }
        #expect(asked == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(asked == HTMLImages.references(in: html))
        #expect(out == "<img src=\"/media/a.jpg\" srcset=\"/media/a.jpg 1x\"><video></video><img src=\"/media/c.jpg\" srcset=\"/media/a.jpg 1x\">"
            + "<img src=\"/media/a.jpg\"><picture><source srcset=\"/media/c.jpg, /media/d.jpg 2x\"></picture>")
    }
}
