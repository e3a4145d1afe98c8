import Foundation
import Testing
@testable import NewsgenExtract

/// Issue 35's failure classes, each reproduced on a page written for it: what trafilatura's
/// evaluation pages showed going wrong, without copying any of them.
@Suite struct ExtractionFailureClassTests {
    private func text(_ html: String) throws -> String {
        let article = try #require(PageFixtures.article(PageFixtures.extract(html)))
        return article.html
    }

    /// A short WordPress post beside a longer comment form: Readability scores the form's
    /// paragraphs higher, then cleans the form away and was left with an empty `<div><p></p></div>`.
    @Test func aShortPostBesideACommentFormIsThePost() throws {
        let post = "<p class=\"meta\">14. Juni 2013 um 20:51 (Allgemein)</p><p>„Ich weiß, ich bin müde.“</p>"
            + "<p>– „Dann sag es nicht.“</p><p>– „Gut, dann nicht.“</p><p>– „Aber der Hafen war schön.“</p>"
            + "<p>– „Das war er.“</p><p>– „Und das Meer?“</p><p>– „Auch das, ja.“</p>"
        let form = "<div class=\"comment-form-fields\">" + String(repeating: "<p>Ihre E-Mail-Adresse wird nicht veröffentlicht, "
            + "Pflichtfelder sind markiert, und Kommentare werden geprüft, damit alles seine Ordnung hat.</p>", count: 2)
            + "<p><input name=\"author\"></p></div>"
        let body = "<div id=\"page\"><div class=\"post type-post\"><h2>Die Möglichkeit, nichts zu tun</h2><div class=\"entry-content\">"
            + post + "</div></div><div id=\"respond\"><form>" + form + "</form></div></div>"
        let html = try text(PageFixtures.page(body: body))
        #expect(html.contains("Dann sag es nicht"))
        #expect(html.contains("der Hafen war schön"))
        #expect(!html.contains("Pflichtfelder"))
    }

    /// NUL bytes a page carries by accident (padding after a banner) ended libxml2's document
    /// there: the article after them was never seen.
    @Test func nulBytesBeforeTheArticleDoNotEndThePage() throws {
        let menu = "<nav><ul>" + (1...40).map { "<li><a href=\"/section-\($0)/\">Section \($0)</a></li>" }.joined() + "</ul></nav>"
        let page = PageFixtures.page(body: menu + "<div class=\"banner\"><img src=\"/ad.gif\" alt=\"\">\0\0\0\0\0\0</div><article>"
            + PageFixtures.paragraphs + "</article>")
        #expect(Array(page.utf8).firstIndex(of: 0)! > 1_024, "past the first KB, where NULs mean a binary file")
        let html = try text(page)
        #expect(html.contains("Paragraph 5 of the story"))
    }

    /// "Related stories", a share bar and a tag list inside the article's container go; the story stays.
    @Test func furnitureInsideTheArticleIsDropped() throws {
        let related = "<div class=\"related-posts\"><h3>More from the harbour</h3><ul>"
            + (1...4).map { "<li><a href=\"/2026/12/other-\($0).html\">Another harbour story number \($0)</a></li>" }.joined()
            + "</ul></div>"
        let share = "<div class=\"share-buttons\"><a href=\"https://social.example/share\">Share this story</a></div>"
        let tags = "<div class=\"post-tags\"><a href=\"/tag/harbour\">harbour</a> <a href=\"/tag/council\">council</a></div>"
        let body = "<article><h1>Harbour council studies breakwater plan</h1><div class=\"entry-content\">" + PageFixtures.paragraphs
            + share + tags + related + "</div></article>"
        let html = try text(PageFixtures.page(body: body))
        #expect(html.contains("Paragraph 3 of the story"))
        for furniture in ["Another harbour story", "More from the harbour", "Share this story", "/tag/council"] {
            #expect(!html.contains(furniture), "\(furniture) was kept")
        }
    }

    /// Names are read as whole tokens of machine-made names: an id made from a heading, a BEM
    /// modifier (`section--ads` on every section of a test report) and `unrelated` keep their text.
    @Test func namesThatOnlyLookLikeFurnitureKeepTheirText() throws {
        let sections = (1...5).map { index in
            "<section class=\"report__section report__section--ads\" id=\"sharing-part-\(index)-of-the-report-today\"><h2>Part \(index)</h2>"
                + "<p>Part \(index) of the report, which goes on for a while, with commas, clauses and detail: the ferry was "
                + "tested on Tuesday, by residents, fishermen and the port authority, and passed, after a long day, every test.</p></section>"
        }.joined()
        let html = try text(PageFixtures.page(body: "<article class=\"unrelated\">" + sections + "</article>"))
        for index in 1...5 { #expect(html.contains("Part \(index) of the report")) }
        #expect(Readability.namesFurniture("related-posts"))
        #expect(Readability.namesFurniture("box most-read"))
        #expect(!Readability.namesFurniture("unrelated"))
        #expect(!Readability.namesFurniture("section--ads"))
        #expect(!Readability.namesFurniture("sharing-with-a-single-developer"))
    }

    /// A post a page's script renders (Blogger) is in a `<noscript>` for readers without scripts:
    /// that is the article; a notice asking for JavaScript is not.
    @Test func aPostInsideNoscriptIsTheArticle() throws {
        let body = "<div class=\"post-body\"><script>render(post)</script><noscript>" + PageFixtures.paragraphs + "</noscript></div>"
            + "<noscript><p>" + String(repeating: "Please enable JavaScript in your browser to see every part of this site. ", count: 8)
            + "</p></noscript>"
        let html = try text(PageFixtures.page(body: body))
        #expect(html.contains("Paragraph 4 of the story"))
        #expect(!html.contains("enable JavaScript"))
    }

    /// "Read more:", "Lesen Sie auch", "Le puede interesar" lines point away from the article; a long
    /// paragraph that happens to start alike is the article's.
    @Test func seeAlsoLinesGoAndLongParagraphsStay() throws {
        let paragraphs = PageFixtures.paragraphs.components(separatedBy: "</p>").filter { !$0.isEmpty }.map { $0 + "</p>" }
        let body = "<article>" + paragraphs[0] + "<p>Read more: <a href=\"/2026/12/ferries.html\">Ferries stop for the winter</a></p>"
            + paragraphs[1] + "<p><strong>Lesen Sie auch:</strong> <a href=\"/2026/12/hafen.html\">Der Hafen im Winter</a></p>"
            + paragraphs[2] + "<p>LE PUEDE INTERESAR: <a href=\"/2026/12/puerto.html\">El puerto en invierno</a></p>" + paragraphs[3]
            + "<p>Read more about the breakwater in the council's own report, which runs to two hundred pages, lists every "
            + "option the engineers studied, and says why the cheapest of them was turned down in the end.</p>" + paragraphs[4] + "</article>"
        let html = try text(PageFixtures.page(body: body))
        for line in ["Ferries stop for the winter", "Der Hafen im Winter", "El puerto en invierno"] {
            #expect(!html.contains(line), "\(line) was kept")
        }
        #expect(html.contains("Read more about the breakwater in the council's own report"))
        #expect(html.contains("Paragraph 5 of the story"))
    }

    /// A photo credit or a copyright line names the photographer or the publisher, not the story.
    @Test func creditAndCopyrightLinesGo() throws {
        let body = "<article><figure><img src=\"/pier.jpg\" alt=\"\"><figcaption>The pier at dawn. <span>Foto: Hafenamt/K. Meyer</span>"
            + "</figcaption></figure>" + PageFixtures.paragraphs + "<p>© 2026 Harbour Gazette. All rights reserved.</p></article>"
        let html = try text(PageFixtures.page(body: body))
        #expect(html.contains("The pier at dawn."))
        #expect(!html.contains("Hafenamt/K. Meyer"))
        #expect(!html.contains("All rights reserved"))
    }

    /// The same caption under every photo of a gallery is kept once.
    @Test func aRepeatedCaptionIsKeptOnce() throws {
        let figures = (1...4).map { "<figure><img src=\"/photo-\($0).jpg\" alt=\"\"><figcaption>The new breakwater, seen from the ferry.</figcaption></figure>" }
        let body = "<article>" + PageFixtures.paragraphs + figures.joined() + "<p>The council meets again in January, it said.</p></article>"
        let html = try text(PageFixtures.page(body: body))
        #expect(html.components(separatedBy: "seen from the ferry").count == 2)
        #expect(html.contains("photo-4.jpg"))
    }

    /// Soft hyphens (U+00AD) are a typesetting hint: kept, they split words for search and copying.
    @Test func softHyphensAreRemovedFromTheText() throws {
        let body = "<article>" + PageFixtures.paragraphs.replacingOccurrences(of: "breakwater", with: "break\u{AD}water") + "</article>"
        let html = try text(PageFixtures.page(body: body))
        #expect(!html.contains("\u{AD}"))
        #expect(html.contains("breakwater"))
    }

    /// A free story whose login link's class says `paywall` is a free story: not refused, not labelled.
    @Test func aPaywallClassNameAloneDecidesNothing() throws {
        let body = "<header><a class=\"paywall-login-link\" href=\"/login\">Log in</a></header><article><p>The harbour council met on "
            + "Tuesday, heard from residents, fishermen and the port authority, and agreed to study the breakwater plan.</p></article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(article.wall == nil)
        #expect(article.html.contains("agreed to study"))
    }

    /// A real paywall's teaser is what the page shows: kept, and labelled.
    @Test func aPaywalledTeaserIsKeptWithItsWall() throws {
        let body = "<article><p>The harbour council met on Tuesday, heard from residents, and agreed to study the breakwater.</p>"
            + "<div class=\"paywall-offer\"><p>Subscribe for 1 € a week to read the rest of this story.</p></div></article>"
        let article = try #require(PageFixtures.article(PageFixtures.extract(PageFixtures.page(body: body))))
        #expect(article.wall == .paywall)
        #expect(article.html.contains("agreed to study the breakwater"))
    }
}

/// A UTF-8 page with one stray Latin-1 byte near its end was read whole as Windows-1252, every
/// accented letter garbled; browsers read it as UTF-8 with one replacement character.
@Suite struct StrayByteEncodingTests {
    @Test func aStrayByteInAUTF8PageLeavesTheRestUTF8() throws {
        let story = "<article>" + PageFixtures.paragraphs.replacingOccurrences(of: "harbour", with: "Hafenbehörde")
            .replacingOccurrences(of: "breakwater", with: "Brücke") + "</article>"
        let page = Array(PageFixtures.page(body: story + story).utf8)
        let stray = page + Array("<footer>caf".utf8) + [0xE9] + Array("</footer>".utf8)
        #expect(PageEncoding.decide(stray, contentType: nil) == .init(encoding: "UTF-8", bomLength: 0, repairsUTF8: true))
        let article = try #require(PageFixtures.article(ArticleExtractor.extract(html: Data(stray), pageURL: PageFixtures.pageURL)))
        #expect(article.html.contains("Hafenbehörde"))
    }

    @Test func aLatin1PageLabelledUTF8IsStillReadAsLatin1() {
        let latin1 = Array("<meta charset=utf-8><p>caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me br".utf8) + [0xFB]
            + Array("l".utf8) + [0xE9] + Array("e</p>".utf8)
        #expect(PageEncoding.decide(latin1, contentType: nil).encoding == "WINDOWS-1252")
    }
}
