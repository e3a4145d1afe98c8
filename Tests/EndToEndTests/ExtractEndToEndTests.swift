import Foundation
import Testing
import NewsgenTestSupport

/// Runs the real `newsgen extract` binary on saved pages and on a local HTTP server.
@Suite("newsgen extract, end to end", .serialized)
struct ExtractEndToEndTests {
    static let paragraphs = (1...4).map { index in
        "<p>Part \(index): the harbour council met on Tuesday, heard from residents, fishermen and the port authority, "
            + "and agreed, after a long debate, to study the new breakwater before the winter storms arrive again.</p>"
    }.joined()

    static let page = """
    <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Council studies the new breakwater plan | Harbour News</title>
    <meta property="og:site_name" content="Harbour News"><meta name="author" content="Ada Byron">
    <script>document.write("tracking")</script></head>
    <body><nav class="menu"><a href="/">Home</a> <a href="/sport">Sport</a></nav>
    <article><h1>Council studies the new breakwater plan</h1><figure><img data-src="img/harbour.jpg" alt="The harbour"><figcaption>The harbour</figcaption></figure>
    \(paragraphs)<p>Read <a href="notes.html">the notes</a>.</p><iframe src="https://ads.example/frame"></iframe></article>
    <footer class="footer">© Harbour News</footer></body></html>
    """

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aSavedPageAsHTMLTextAndJSON() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try Self.page.write(to: site.file("story.html"), atomically: true, encoding: .utf8)
        let base = "https://news.example/2026/story.html"

        let html = try site.run("extract", "story.html", "--base", base)
        #expect(html.status == 0, "stderr: \(html.stderr)")
        #expect(html.stderr.isEmpty)
        #expect(html.stdout.contains("<img alt=\"The harbour\" src=\"https://news.example/2026/img/harbour.jpg\">"))
        #expect(html.stdout.contains("<a href=\"https://news.example/2026/notes.html\">the notes</a>"))
        #expect(!html.stdout.contains("Sport"))
        #expect(!html.stdout.contains("iframe"))
        #expect(!html.stdout.contains("tracking"))

        let text = try site.run("extract", "story.html", "--base", base, "--format", "text")
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("The harbour\n\nPart 1: the harbour council met on Tuesday"))
        #expect(text.stdout.contains("again.\n\nPart 2:"))
        #expect(!text.stdout.contains("<"))

        let object = try site.run("extract", "story.html", "--base", base, "--format", "json")
        #expect(object.status == 0)
        let document = try json(object.stdout)
        #expect(document["found"] as? Bool == true)
        #expect(document["reason"] is NSNull)
        #expect(document["wall"] is NSNull, "a free page has no wall")
        #expect(document["url"] as? String == base)
        #expect(document["title"] as? String == "Council studies the new breakwater plan")
        #expect(document["byline"] as? String == "Ada Byron")
        #expect(document["siteName"] as? String == "Harbour News")
        #expect(document["language"] as? String == "en")
        #expect(document["readerable"] as? Bool == true)
        #expect(document["extractor"] as? String == "2")
        #expect(document["html"] as? String == html.stdout.dropLast() + "")
        #expect((document["text"] as? String).map { $0 + "\n" } == text.stdout)
        // The keys in the documented order.
        let keys = ["found", "reason", "wall", "url", "title", "byline", "excerpt", "publishedTime", "siteName", "leadImage",
                    "language", "readerable", "extractor", "html", "text"]
        let positions = keys.compactMap { object.stdout.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
    }

    /// Issue 35: a page that shows a teaser behind a paywall is an article, labelled, not refused; a
    /// consent page whose one text is its banner still has none.
    @Test func aTeaserBehindAPaywallExitsZeroAndSaysWhatItFound() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let teaser = "Mooring fees in the inner harbour will rise by a fifth next year, the harbour board decided on Tuesday."
        try Data("""
            <!DOCTYPE html><html><head><title>Rates rise for moorings</title>
            <script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",
            "headline": "Rates rise for moorings", "isAccessibleForFree": false}</script></head><body>
            <article><h1>Rates rise for moorings</h1><p>\(teaser)</p>
            <div class="paywall">Subscribe to continue reading</div></article></body></html>
            """.utf8).write(to: site.file("paywall.html"))
        let text = try site.run("extract", "paywall.html", "--format", "text")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(teaser))
        let shown = text.stdout.dropLast().count  // the text printed, without its newline
        #expect(text.stderr == "paywall.html: teaser: behind a paywall (\(shown) characters shown)\n")
        let object = try site.run("extract", "paywall.html", "--format", "json")
        #expect(object.status == 0)
        let document = try json(object.stdout)
        #expect(document["found"] as? Bool == true)
        #expect(document["wall"] as? String == "paywall")
        #expect((document["text"] as? String)?.contains(teaser) == true)

        try Data("""
            <!DOCTYPE html><html><head><title>Before you continue</title></head><body>
            <div id="onetrust-consent-sdk"><p>We use cookies and similar technologies to improve your experience.
            By clicking accept you consent to our use of cookies under our privacy policy.</p>
            <button>Accept all cookies</button></div></body></html>
            """.utf8).write(to: site.file("consent.html"))
        let banner = try site.run("extract", "consent.html", "--format", "json")
        #expect(banner.status == 1, "a banner alone is no article")
        #expect(banner.stderr.contains("consent"), "\(banner.stderr)")
        #expect(try json(banner.stdout)["wall"] is NSNull)

        // The same banner over a story: the story is the page's text, labelled with its wall.
        let story = "The harbour board met on Tuesday evening and agreed, after a long debate with the fishermen, "
            + "to keep the old quay lamps lit through the winter, whatever the cost to the town's budget."
        try Data("""
            <!DOCTYPE html><html><head><title>Quay lamps stay lit</title></head><body>
            <div id="onetrust-consent-sdk"><p>We use cookies. By clicking accept you consent to our use of cookies.</p>
            <button>Accept all cookies</button></div>
            <article><h1>Quay lamps stay lit</h1><p>\(story)</p><p>\(story)</p></article></body></html>
            """.utf8).write(to: site.file("behind-banner.html"))
        let behind = try site.run("extract", "behind-banner.html", "--format", "text")
        #expect(behind.status == 0, "\(behind.stderr)")
        #expect(behind.stdout.contains(story))
        #expect(behind.stderr == "behind-banner.html: text: behind a cookie-consent wall (\(behind.stdout.dropLast().count) characters shown)\n")
    }

    @Test func noArticleExitsOneWithTheReason() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try Data("%PDF-1.7\n%%EOF".utf8).write(to: site.file("paper.pdf"))
        let result = try site.run("extract", "paper.pdf", "--format", "json")
        #expect(result.status == 1)
        #expect(result.stderr == "error: paper.pdf: the page is not HTML (application/pdf)\n")
        let document = try json(result.stdout)
        #expect(document["found"] as? Bool == false)
        #expect(document["reason"] as? String == "the page is not HTML (application/pdf)")
        #expect(document["html"] is NSNull)

        let html = try site.run("extract", "paper.pdf")
        #expect(html.status == 1)
        #expect(html.stdout.isEmpty)

        let missing = try site.run("extract", "nowhere.html")
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: nowhere.html: not found\n")
        #expect(try site.run("extract", "paper.pdf", "--format", "xml").status == 64)
    }

    @Test(Prerequisite.require(FeedHTTPServer.pythonAvailable, "needs python3 for the HTTP server"))
    func aURLIsFetchedAndItsAddressIsTheBase() throws {
        let server = try FeedHTTPServer.start(body: Self.page, contentType: "text/html; charset=utf-8")
        defer { server.stop() }
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let result = try site.run("extract", server.url("/feed.xml"), "--format", "json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let document = try json(result.stdout)
        #expect(document["url"] as? String == server.url("/feed.xml"))
        #expect((document["html"] as? String)?.contains(server.url("/notes.html")) == true)

        let missing = try site.run("extract", server.url("/missing.html"))
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: \(server.url("/missing.html")): the server answered HTTP 404 (not found)\n")
    }
}
