import Testing
@testable import NewsgenHTML

/// Filter-evasion vectors from the public cheat sheets (OWASP's XSS filter
/// evasion list, PortSwigger's XSS cheat sheet, html5sec.org), each with the
/// exact output the sanitizer must give; then `srcset`, the browser's spelling
/// of URLs, iframe embeds and template links.
@Suite struct SanitizerHardeningTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var expected: String
        var testDescription: String { input.debugDescription }
        init(_ input: String, _ expected: String) {
            self.input = input
            self.expected = expected
        }
    }

    static let base = "https://news.example.org/a/"
    static let embedHosts = ["youtube-nocookie.com", "player.vimeo.com"]
    static let frame = #"sandbox="allow-scripts allow-same-origin allow-presentation" allowfullscreen="" loading="lazy" referrerpolicy="strict-origin-when-cross-origin""#

    static let evasion: [Case] = [
        // Mixed case, nesting and broken tags.
        Case("<SCRIPT>alert(1)</SCRIPT>x", "x"),
        Case("<ScRiPt>alert(1)</sCrIpT>x", "x"),
        Case("<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"),
        Case("<<script>alert(1)//<</script>", "&lt;"),
        Case("<script/xss src=x></script>y", "y"),
        Case("<div/onmouseover='alert(1)'>x</div>", "<div>x</div>"),
        Case("<img/src=x/onerror=alert(1)>", ""),
        Case(#"<img """><script>alert(1)</script>">"#, "\"&gt;"),
        Case("<body onload=alert(1)>x", "x"),
        Case("<frameset onload=alert(1)>", ""),
        Case("<isindex action=javascript:alert(1) type=image>", ""),
        Case("<xmp><script>alert(1)</script></xmp>", ""),
        Case("<plaintext><script>alert(1)</script>", ""),
        Case(#"<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>"#, ""),
        Case("<textarea><script>alert(1)</script></textarea>", ""),
        Case("<title><script>alert(1)</script></title>", ""),
        // Event handlers on kept elements.
        Case("<img src=x onerror=alert(1)>", #"<img src="https://news.example.org/a/x">"#),
        Case("<details open ontoggle=alert(1)>x</details>", #"<details open="">x</details>"#),
        Case(#"<video><source onerror="alert(1)"></video>"#, "<video><source></video>"),
        Case("<audio src=x onerror=alert(1)>", #"<audio src="https://news.example.org/a/x"></audio>"#),
        Case(#"<a href="https://example.org/" ping="https://evil.example/" target="_blank">x</a>"#,
             #"<a href="https://example.org/" rel="noopener noreferrer nofollow">x</a>"#),
        // javascript:, vbscript: and data: URLs, spelled every way.
        Case("<IMG SRC=\"jav\tascript:alert('XSS');\">", ""),
        Case("<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>", ""),
        Case("<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>", ""),
        Case("<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>", ""),
        Case("<IMG SRC=\" &#14;  javascript:alert('XSS');\">", ""),
        Case(#"<a href="javascript&#58;alert(1)">x</a>"#, "<a>x</a>"),
        Case(#"<a href="&#x6a;avascript:alert(1)">x</a>"#, "<a>x</a>"),
        Case(#"<a href="  JaVaScRiPt:alert(1)">x</a>"#, "<a>x</a>"),
        Case("<a href=\"\u{0}javascript:alert(1)\">x</a>", "<a>x</a>"),
        Case(#"<a href="java&Tab;script:alert(1)">x</a>"#, "<a>x</a>"),
        Case(#"<a href="java&NewLine;script:alert(1)">x</a>"#, "<a>x</a>"),
        Case(#"<a href="%6A%61vascript:alert(1)">x</a>"#, "<a>x</a>"),
        Case("<a href=javascript:alert(1)>x</a>", "<a>x</a>"),
        Case("<a href='javascript:alert(1)'>x</a>", "<a>x</a>"),
        Case("<a href=`javascript:alert(1)`>x</a>", "<a>x</a>"),
        Case(#"<a href="vbscript:msgbox(1)">x</a>"#, "<a>x</a>"),
        Case(#"<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>"#, "<a>x</a>"),
        Case(#"<a href="DATA:text/html,<script>alert(1)</script>">x</a>"#, "<a>x</a>"),
        Case(#"<img src="data:image/svg+xml;base64,PHN2Zz4=">"#, ""),
        Case(#"<a xlink:href="javascript:alert(1)">x</a>"#, "<a>x</a>"),
        Case(#"<blockquote cite="javascript:alert(1)">q</blockquote>"#, "<blockquote>q</blockquote>"),
        Case("<video poster=javascript:alert(1)></video>", "<video></video>"),
        Case(#"<table background="javascript:alert(1)"><tr><td>x</td></tr></table>"#, "<table><tr><td>x</td></tr></table>"),
        // SVG and MathML.
        Case("<svg onload=alert(1)>", ""),
        Case("<svg><script>alert(1)</script></svg>", ""),
        Case(#"<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>"#, ""),
        Case("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>", ""),
        Case(#"<math href="javascript:alert(1)">x</math>"#, ""),
        // Forms, formaction, meta refresh, base, plugins.
        Case(#"<form><button formaction="javascript:alert(1)">x</button></form>"#, ""),
        Case(#"<input type="image" formaction="javascript:alert(1)">"#, ""),
        Case(#"<meta http-equiv="refresh" content="0;url=javascript:alert(1)">"#, ""),
        Case(#"<base href="javascript:alert(1)//">"#, ""),
        Case(#"<object data="javascript:alert(1)"></object>"#, ""),
        Case(#"<embed src="javascript:alert(1)">"#, ""),
        Case(#"<iframe src="javascript:alert(1)"></iframe>"#, ""),
        Case(#"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#, ""),
        // CSS: no style attribute or element survives.
        Case(#"<div style="background:url(javascript:alert(1))">x</div>"#, "<div>x</div>"),
        Case(#"<div style="width: expression(alert(1))">x</div>"#, "<div>x</div>"),
        Case("<style>@import 'http://evil.example/x.css';</style>x", "x"),
        Case("<link rel=stylesheet href=http://evil.example/x.css>", ""),
        // Comments and CDATA.
        Case("<!--<img src=x onerror=alert(1)>-->", ""),
        Case("<!-- --!><img src=x onerror=alert(1)> -->", #"<img src="https://news.example.org/a/x"> --&gt;"#),
        Case("<![CDATA[<img src=x onerror=alert(1)>]]>", #"&lt;![CDATA[<img src="https://news.example.org/a/x">]]&gt;"#),
        Case("<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->", ""),
        // Text that merely mentions script stays text.
        Case("<p>text with javascript:alert(1) in it</p>", "<p>text with javascript:alert(1) in it</p>"),
        Case("+ADw-script+AD4-alert(1)+ADw-/script+AD4-", "+ADw-script+AD4-alert(1)+ADw-/script+AD4-"),
        Case("\u{FF1C}script\u{FF1E}alert(1)", "\u{FF1C}script\u{FF1E}alert(1)"),
        Case("<scr\u{0}ipt>alert(1)</scr\u{0}ipt>", "alert(1)"),
    ]

    @Test(arguments: evasion)
    func defeatsFilterEvasion(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input, baseURL: Self.base) == example.expected)
    }

    static let srcset: [Case] = [
        Case(#"<img src="/a.png" srcset="/a.png 1x, /b.png 2x">"#,
             #"<img src="https://news.example.org/a.png" srcset="https://news.example.org/a.png 1x, https://news.example.org/b.png 2x">"#),
        Case(#"<img src="/a.png" srcset="a.png 100w,b.png   200w" sizes="(max-width: 600px) 100px, 200px">"#,
             #"<img src="https://news.example.org/a.png" srcset="https://news.example.org/a/a.png 100w, https://news.example.org/a/b.png 200w" sizes="(max-width: 600px) 100px, 200px">"#),
        Case(#"<img src="/a.png" srcset="a.png, b.png 1.5x,">"#,
             #"<img src="https://news.example.org/a.png" srcset="https://news.example.org/a/a.png, https://news.example.org/a/b.png 1.5x">"#),
        Case(#"<img src="/a.png" srcset="javascript:alert(1) 1x, /b.png 2x">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" srcset="/b.png 2x, data:image/png;base64,AAAA 1x">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" srcset="/b.png 1x (evil)">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" srcset="/b.png 2q">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" srcset="/b.png 1.5.2x">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" srcset=" , ">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" srcset="&#x6a;avascript:alert(1)">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" sizes="url(javascript:alert(1))">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img src="/a.png" sizes="100vw; x: y">"#, #"<img src="https://news.example.org/a.png">"#),
        Case(#"<img srcset="/b.png 2x">"#, ""),
        Case(#"<source srcset="javascript:alert(1)">"#, "<source>"),
    ]

    @Test(arguments: srcset)
    func keepsSrcsetOnlyWhenEveryCandidateIsSafe(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input, baseURL: Self.base) == example.expected)
    }

    @Test func srcsetWithTooManyCandidatesIsDropped() {
        let list = (1...33).map { "/i\($0).png \($0)w" }.joined(separator: ", ")
        #expect(HTMLSanitizer.sanitize("<img src=\"/a.png\" srcset=\"\(list)\">") == "<img src=\"/a.png\">")
    }

    /// What the browser would follow is what is judged and written.
    static let browserSpelling: [Case] = [
        Case(#"<a href="\\evil.example/x">x</a>"#, #"<a href="https://evil.example/x" rel="noopener noreferrer nofollow">x</a>"#),
        Case(#"<a href="/\evil.example/x">x</a>"#, #"<a href="https://evil.example/x" rel="noopener noreferrer nofollow">x</a>"#),
        Case(#"<a href="https:evil.example/x">x</a>"#, #"<a href="https://evil.example/x" rel="noopener noreferrer nofollow">x</a>"#),
        Case(#"<a href="https:///evil.example/x">x</a>"#, #"<a href="https://evil.example/x" rel="noopener noreferrer nofollow">x</a>"#),
        Case(#"<a href="///evil.example/x">x</a>"#, #"<a href="https://evil.example/x" rel="noopener noreferrer nofollow">x</a>"#),
        Case(#"<a href="&#x2F;&#x2F;evil.example">x</a>"#, #"<a href="https://evil.example" rel="noopener noreferrer nofollow">x</a>"#),
        Case(#"<a href="https://news.example.org\@evil.example/">x</a>"#, #"<a href="https://news.example.org/@evil.example/">x</a>"#),
        Case(#"<a href="/search?q=a\b#c\d">x</a>"#, #"<a href="https://news.example.org/search?q=a\b#c\d">x</a>"#),
        Case(#"<a href="mailto:desk@example.org?subject=a\b">x</a>"#, #"<a href="mailto:desk@example.org?subject=a\b">x</a>"#),
    ]

    @Test(arguments: browserSpelling)
    func judgesURLsAsTheBrowserReadsThem(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input, baseURL: Self.base) == example.expected)
    }

    static let embeds: [Case] = [
        Case(#"<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" title="A video" allow="autoplay" onload="x()" style="border:0">fallback <a href="/x">x</a></iframe>after"#,
             #"<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" title="A video" \#(frame)></iframe>after"#),
        Case(#"<IFRAME SRC="https://player.vimeo.com/video/2" WIDTH="100%" srcdoc="<script>alert(1)</script>"><script>alert(1)</script></IFRAME>"#,
             #"<iframe src="https://player.vimeo.com/video/2" title="Embedded content from player.vimeo.com" \#(frame)></iframe>"#),
        Case(#"<iframe src="https://youtube-nocookie.com/embed/abc" sandbox="allow-top-navigation allow-popups"></iframe>"#,
             #"<iframe src="https://youtube-nocookie.com/embed/abc" title="Embedded content from youtube-nocookie.com" \#(frame)></iframe>"#),
        Case(#"<iframe src="//player.vimeo.com/video/1"></iframe>"#,
             #"<iframe src="https://player.vimeo.com/video/1" title="Embedded content from player.vimeo.com" \#(frame)></iframe>"#),
        Case(#"<iframe src="https:player.vimeo.com/video/1"></iframe>"#,
             #"<iframe src="https://player.vimeo.com/video/1" title="Embedded content from player.vimeo.com" \#(frame)></iframe>"#),
        Case(#"<iframe src="https://PLAYER.Vimeo.com:443/video/1" title=" "></iframe>"#,
             #"<iframe src="https://PLAYER.Vimeo.com:443/video/1" title="Embedded content from player.vimeo.com" \#(frame)></iframe>"#),
        Case(#"<iframe src="https://player.vimeo.com/video/1" title="&quot;><script>alert(1)</script>"></iframe>"#,
             #"<iframe src="https://player.vimeo.com/video/1" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" \#(frame)></iframe>"#),
        Case(#"<iframe src="http://player.vimeo.com/video/1"></iframe>"#, ""),
        Case(#"<iframe src="https://vimeo.com/video/1"></iframe>"#, ""),
        Case(#"<iframe src="https://evil.example/?u=https://player.vimeo.com/"></iframe>"#, ""),
        Case(#"<iframe src="https://evil.com\.youtube-nocookie.com/x"></iframe>"#, ""),
        Case(#"<iframe src="https://youtube-nocookie.com.evil.com/x"></iframe>"#, ""),
        Case(#"<iframe src="https://evilyoutube-nocookie.com/x"></iframe>"#, ""),
        Case(#"<iframe src="https://user@player.vimeo.com/video/1"></iframe>"#, ""),
        Case(#"<iframe src="https://player.vimeo.com@evil.example/"></iframe>"#, ""),
        Case(#"<iframe src="https://player.vimeo.com:8443/video/1"></iframe>"#, ""),
        Case(#"<iframe src="https://player.vimeo.com./video/1"></iframe>"#, ""),
        Case(#"<iframe src="https://player%2evimeo.com/video/1"></iframe>"#, ""),
        Case(#"<iframe src="javascript:alert(1)//player.vimeo.com"></iframe>"#, ""),
        Case(#"<iframe src="data:text/html,<script>alert(1)</script>"></iframe>"#, ""),
        Case(#"<iframe src="/video/1"></iframe>"#, ""),
        Case(#"<iframe>no src</iframe>"#, ""),
        Case(#"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#, ""),
        Case(#"<embed src="https://player.vimeo.com/video/1"><object data="https://player.vimeo.com/video/1"></object>"#, ""),
    ]

    @Test(arguments: embeds)
    func keepsOnlyAllowedSandboxedEmbeds(_ example: Case) {
        #expect(HTMLSanitizer.sanitize(example.input, embedHosts: Self.embedHosts) == example.expected)
    }

    @Test func relativeEmbedsResolveAgainstTheBaseButStillNeedAnAllowedHost() {
        let input = #"<iframe src="/embed/1"></iframe>"#
        #expect(HTMLSanitizer.sanitize(input, baseURL: "https://player.vimeo.com/x", embedHosts: Self.embedHosts)
            == #"<iframe src="https://player.vimeo.com/embed/1" title="Embedded content from player.vimeo.com" \#(Self.frame)></iframe>"#)
        #expect(HTMLSanitizer.sanitize(input, baseURL: Self.base, embedHosts: Self.embedHosts) == "")
    }

    @Test func withoutEmbedHostsEveryIframeGoes() {
        #expect(HTMLSanitizer.sanitize(#"a<iframe src="https://player.vimeo.com/video/1">x</iframe>b"#) == "ab")
    }

    @Test func embedHostsThatAreNotBareHostNamesAllowNothing() {
        let input = #"<iframe src="https://player.vimeo.com/video/1"></iframe>"#
        for hosts in [["https://player.vimeo.com"], ["*.vimeo.com"], ["player.vimeo.com/video"], ["com"], [""]] {
            #expect(HTMLSanitizer.sanitize(input, embedHosts: hosts) == "", "\(hosts)")
        }
        #expect(HTMLSanitizer.sanitize(input, embedHosts: ["Player.Vimeo.COM"]).hasPrefix("<iframe src="))
    }

    static let links: [(String, String?)] = [
        ("https://example.org/a", "https://example.org/a"),
        ("  HTTP://Example.org/a\n", "HTTP://Example.org/a"),
        ("https:example.org", "https://example.org"),
        ("javascript:alert(1)", nil),
        ("java\tscript:alert(1)", nil),
        ("\u{1}javascript:alert(1)", nil),
        ("data:text/html,x", nil),
        ("vbscript:x", nil),
        ("mailto:a@example.org", nil),
        ("/relative/path", nil),
        ("//example.org/a", nil),
        ("https://", nil),
        ("", nil),
    ]

    @Test(arguments: links)
    func templateLinksAreAbsoluteHTTPOnly(_ url: String, _ expected: String?) {
        #expect(HTMLSanitizer.absoluteLink(url) == expected)
    }

    /// Sanitized output is a fixed point: a second pass changes nothing, so
    /// the output holds no markup the parser reads differently the second time.
    @Test func everyVectorIsAFixedPoint() {
        for example in Self.evasion + Self.srcset + Self.browserSpelling {
            let once = HTMLSanitizer.sanitize(example.input, baseURL: Self.base)
            #expect(HTMLSanitizer.sanitize(once, baseURL: Self.base) == once, "\(example.input)")
        }
        for example in Self.embeds {
            let once = HTMLSanitizer.sanitize(example.input, embedHosts: Self.embedHosts)
            #expect(HTMLSanitizer.sanitize(once, embedHosts: Self.embedHosts) == once, "\(example.input)")
        }
    }
}
