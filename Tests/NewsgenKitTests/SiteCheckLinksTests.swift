import Foundation
import Testing
@testable import NewsgenKit

/// The built site's internal links: every `href`, `src` and `srcset` candidate that stays on the
/// site must lead to a file of it; broken ones are reported at their line and column.
@Suite("Site check: links")
struct SiteCheckLinksTests {
    @Test func aHandWrittenSiteWithBrokenLinks() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("public/index.html", """
        <!DOCTYPE html>
        <html><head><link rel="stylesheet" href="assets/style.css"><link rel="canonical" href="https://news.example.org/"></head>
        <body><a href="#main">skip</a> <a href="articles/a/">A</a> <a href="articles/missing/">M</a>
        <!-- <a href="commented/out/"> -->
        <script>var x = '<a href="in/a/script/">';</script>
        <img src="media/x.png" srcset="media/x.png 1x, media/x@2x.png 2x" alt="">
        <a href="mailto:desk@example.org">mail</a> <a href="data:text/plain,hi">data</a> <a href="//cdn.example/x.js">cdn</a>
        <a HREF='search/?q=a&amp;b=c'>search</a> <a href=articles/a>unquoted</a> <a href="/sources/">root-relative</a>
        </body></html>
        """)
        try site.write("public/assets/style.css", "body {}")
        try site.write("public/media/x.png", "png")
        try site.write("public/search/index.html", "<p>search</p>")
        try site.write("public/articles/a/index.html", """
        <a href="../../">home</a> <a href="../b/">b</a>
        <img srcset="../../media/x.png 480w,../../media/y.png 960w" src="../../../above.png">
        """)
        let report = site.check()
        #expect(report.findings(in: .links).map(\.description) == [
            "public/articles/a/index.html:1:36: broken link '../b/'",
            "public/articles/a/index.html:2:37: broken link '../../media/y.png'",
            "public/articles/a/index.html:2:66: broken link '../../../above.png' (it climbs above the site's root)",
            "public/index.html:3:69: broken link 'articles/missing/'",
            "public/index.html:6:48: broken link 'media/x@2x.png'",
            "public/index.html:8:83: broken link '/sources/'",
        ])
        #expect(report.checkedSummary[5] == "3 pages, 14 links")
    }

    @Test func rootRelativeLinksAreCheckedUnderTheBaseURLsPathOnly() throws {
        let site = try CheckSite(config: #"{"title": "Bay", "baseURL": "https://example.org/news/", "sources": []}"#)
        defer { site.remove() }
        try site.write("public/404.html", """
        <a href="/news/">home</a> <a href="/news">home too</a> <a href="/news/assets/style.css">css</a>
        <a href="/other/x/">elsewhere on the host</a> <a href="/news/tags/gone/">gone</a>
        """)
        try site.write("public/index.html", "<p>home</p>")
        try site.write("public/assets/style.css", "")
        let report = site.check()
        #expect(report.findings(in: .links).map(\.description) == ["public/404.html:2:56: broken link '/news/tags/gone/'"])
        #expect(report.checkedSummary[5] == "2 pages, 4 links")
    }

    @Test func anotherOutputFolderIsShownAsGiven() throws {
        let site = try CheckSite()
        defer { site.remove() }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("site-check-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data(#"<a href="nowhere/">x</a>"#.utf8).write(to: output.appendingPathComponent("index.html"))
        let report = site.check(output: output)
        #expect(report.findings(in: .links).map(\.description) == ["\(output.standardizedFileURL.path)/index.html:1:10: broken link 'nowhere/'"])
    }

    @Test func noOutputYetIsANoteNotAProblem() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.folder.appendingPathComponent("public"), withIntermediateDirectories: true)
        try site.write("public/README.md", "build output")
        let report = site.check()
        #expect(report.findings(in: .links) == [CheckFinding(.note, .links, location: "public", "not built yet: run 'newsgen build'")])
        #expect(!report.hasProblems)
    }

    /// A real build of a small site has no broken links and no other finding at all.
    @Test func aRealBuildHasNoBrokenLinks() throws {
        let site = try CheckSite(config: #"{"title": "Bay", "baseURL": "https://example.org/news/", "pageSize": 1, "sources": [{"id": "news", "path": "feeds/news.xml"}]}"#)
        defer { site.remove() }
        try site.write("content/articles/ferry.md", "---\ntitle: Ferry times\ndate: 2026-01-04T09:00:00Z\ntags: [harbour]\n---\nThe ferry runs *late*.\n")
        let build = try site.build()
        let report = site.check()
        #expect(report.findings == [])
        let links = try #require(report.checkedSummary.last)
        #expect(links.hasPrefix("\(build.pageCount) pages, "))
    }

    @Test func linkTargetsResolveLikeABrowser() {
        let targets = LinkTargets(files: ["index.html", "a/index.html", "a/b.html", "c/d e.html", "feed.xml"], baseURL: "https://x.org/site/")
        let folder: [Substring] = ["a"]
        let cases: [(String, LinkTargets.Verdict)] = [
            ("", .skipped), ("#top", .skipped), ("?page=2", .skipped), ("https://x.org/site/", .skipped),
            ("HTTP://x", .skipped), ("mailto:a@b", .skipped), ("//cdn/x", .skipped), ("/elsewhere/", .skipped),
            ("./", .found), (".", .found), ("..", .found), ("../", .found), ("b.html", .found), ("b.html#x", .found),
            ("../feed.xml", .found), ("/site/", .found), ("/site", .found), ("/site/a/b.html", .found), ("../a", .found),
            ("../c/d%20e.html", .found), ("../../x", .aboveRoot), ("c.html", .missing), ("../c/", .missing), ("/site/b/", .missing),
        ]
        for (reference, verdict) in cases {
            #expect(targets.verdict(reference, pageFolder: folder) == verdict, "\(reference)")
        }
    }

    @Test func theScannerReadsAttributesAsABrowserWould() {
        let page = """
        <A HREF = "one">1</A><img SRC=two alt="x"><source srcset=" three 1x,four 2x , five(1) 3x">
        <style>a { background: url('<a href="not">') }</style><TITLE><a href="not-either"></TITLE>
        <a data-href="no" href='six&amp;seven'><svg><use xlink:href="#i"/></svg><img srcset="eight,nine">
        <meta http-equiv="Refresh" content="0; URL='../../ten/'"><meta http-equiv="refresh" content="5"><meta content="0; url=no">
        """
        let bytes = Array(page.utf8)
        var found: [String] = []
        PageReferenceScanner.scan(bytes) { found.append(PageReferenceScanner.text(of: $0, in: bytes)) }
        #expect(found == ["one", "two", "three", "four", "five(1)", "six&seven", "eight,nine", "../../ten/"])
    }

    @Test(arguments: [("a&amp;b", "a&b"), ("&#47;x&#x2F;", "/x/"), ("&bogus;&", "&bogus;&"), ("&lt;&gt;&quot;&apos;", "<>\"'")])
    func characterReferencesInURLs(raw: String, decoded: String) {
        let bytes = Array(raw.utf8)
        #expect(PageReferenceScanner.text(of: 0..<bytes.count, in: bytes) == decoded)
    }
}
