import Foundation
import Testing
@testable import NewsgenExtract

/// Selectors run on small pages, judged by the elements they match.
@Suite struct SelectorDocumentTests {
    static let page = """
        <html><body>
        <div id="main" class="story  story-body">
          <h1 lang="en-GB">Harbour</h1>
          <p class="lead">First</p>
          <p>Second <a href="/a.pdf" rel="nofollow noopener">file</a></p>
          <aside class="related">Related</aside>
          <p class="ad sponsored">Third</p>
        </div>
        <ul><li>one</li><li>two</li><li>three</li><li>four</li><li>five</li></ul>
        <p class="story-bodyish">Elsewhere</p>
        </body></html>
        """

    func texts(_ selector: String, in html: String = page) throws -> [String] {
        let document = SelectorDocument(html: Data(html.utf8))
        return try document.select(SelectorQuery(selector)).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func aClassIsAWholeWordOfTheClassAttribute() throws {
        #expect(try texts(".story-body p") == ["First", "Second file", "Third"])
        #expect(try texts("p.story-bodyish") == ["Elsewhere"])
        #expect(try texts("[class~=story-body]").count == 1)
    }

    @Test func childAndDescendantCombinators() throws {
        #expect(try texts("#main > a") == [])
        #expect(try texts("#main a") == ["file"])
        #expect(try texts("body > ul > li:first-child") == ["one"])
    }

    @Test func attributeOperators() throws {
        #expect(try texts("a[href$='.pdf']") == ["file"])
        #expect(try texts("a[href^=\"/a\"]") == ["file"])
        #expect(try texts("a[rel*=noop]") == ["file"])
        #expect(try texts("[lang|=en]") == ["Harbour"])
        #expect(try texts("[lang=en]") == [])
    }

    @Test func nthChildAndNot() throws {
        #expect(try texts("li:nth-child(odd)") == ["one", "three", "five"])
        #expect(try texts("li:nth-child(3n+2)") == ["two", "five"])
        #expect(try texts("li:nth-child(-n+2)") == ["one", "two"])
        #expect(try texts("li:last-child") == ["five"])
        #expect(try texts("#main p:not(.ad):not(.lead)") == ["Second file"])
    }

    @Test func aGroupMatchesInDocumentOrderOnce() throws {
        #expect(try texts("aside, h1, .related") == ["Harbour", "Related"])
    }

    @Test func xpathAsWritten() throws {
        #expect(try texts("//li[2]") == ["two"])
        #expect(try texts("(//p)[last()]") == ["Elsewhere"])
        // Only elements are handed out: attribute nodes are skipped.
        #expect(try texts("//a/@href") == [])
    }

    @Test func elementsComeWithTheirNameAttributesAndPlace() throws {
        let document = SelectorDocument(html: Data(Self.page.utf8))
        let link = try #require(try document.select(SelectorQuery("a")).first)
        #expect(link.name == "a")
        #expect(link.attribute("href") == "/a.pdf")
        #expect(link.attributes.map(\.name) == ["href", "rel"])
        // html, body, div, h1, p, p, a: the link is the seventh element.
        #expect(link.ordinal == 6)
        #expect(try document.ordinals(SelectorQuery("html")) == [0])
    }

    @Test func theResultIsBounded() throws {
        let document = SelectorDocument(html: Data(Self.page.utf8))
        #expect(try document.select(SelectorQuery("li"), limit: 2).map(\.text) == ["one", "two"])
    }

    @Test func aRunawayXPathIsStoppedNotRunToTheEnd() throws {
        let rows = String(repeating: "<p>x</p>", count: 12_000)
        let document = SelectorDocument(html: Data("<html><body>\(rows)</body></html>".utf8))
        // Each paragraph counts those after it: 72 million steps, beyond what any selector needs.
        let query = try SelectorQuery("//p[count(following::p) >= 0]")
        do {
            let found = try document.select(query)
            Issue.record("the query ran to the end: \(found.count) elements")
        } catch {
            #expect(error.reason.hasPrefix("XPath: "))
        }
    }
}
