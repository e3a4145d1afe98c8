import Foundation
import Testing
import NewsgenModel
@testable import NewsgenFeeds

/// Ill-formed input (issue 3, point 5): what feedparser reads in its "bozo"
/// mode newsgen reads through libxml2's recovery mode, and says why.
@Suite("Recovery from ill-formed documents")
struct RecoveryTests {
    @Test func aTruncatedDocumentIsReadAsFarAsItGoes() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>Harbor</title>
            <item><title>One</title><link>https://example.org/1</link></item>
            <item><title>Two</title><description><![CDATA[half
            """)
        #expect(feed.title == "Harbor")
        #expect(feed.items.map(\.title) == ["One", "Two"])
        #expect(feed.items.first?.link == "https://example.org/1")
        #expect(feed.illFormedReason?.hasPrefix("not well-formed XML at line 3, column ") == true)
    }

    @Test func entityReferencesAfterTheFirstErrorAreKept() throws {
        // libxml2's recovery would drop every named reference after an error; ours keeps them.
        let feed = try parse("""
            <!DOCTYPE rss [<!ENTITY town "Marrow Bay">]>
            <rss version="2.0"><channel><title>a</titl><link>https://example.org/?a=1&amp;b=2</link>
            <item><title>Fish &amp; chips&nbsp;in &town; &lt;3 &#233;t&#xE9;</title>
            <category domain="x&amp;y">&eacute;t&eacute;</category></item></channel></rss>
            """)
        #expect(feed.illFormedReason == "not well-formed XML at line 2, column 44: Opening and ending tag mismatch: title line 2 and titl")
        #expect(feed.link == "https://example.org/?a=1&b=2")
        // (a title's no-break space collapses like any space)
        #expect(feed.items.first?.title == "Fish & chips in Marrow Bay <3 \u{E9}t\u{E9}")
        #expect(feed.items.first?.categories == [Category(term: "\u{E9}t\u{E9}", scheme: "x&y")])
    }

    @Test func undeclaredHTMLEntitiesWithoutADTDAreReadButMarked() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>Caf&eacute;&nbsp;Bay</title>
            <item><title>&ldquo;Hi&rdquo;</title><enclosure url="https://example.org/a.mp3?x=1&amp;y=&eacute;" type="audio/mpeg" length="1"/></item>
            </channel></rss>
            """)
        #expect(feed.title == "Caf\u{E9} Bay")
        #expect(feed.items.first?.title == "\u{201C}Hi\u{201D}")
        #expect(feed.items.first?.enclosures.first?.url == "https://example.org/a.mp3?x=1&y=\u{E9}")
        // feedparser (its XML parser, expat) calls an undeclared entity an error: bozo.
        #expect(feed.illFormedReason == "not well-formed XML at line 1, column 47: Entity 'eacute' not defined")
    }

    @Test func undeclaredHTMLEntitiesUnderADTDAreNotAnError() throws {
        let feed = try parse("""
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
            <rss version="0.91"><channel><title>Caf&eacute;</title><link>https://example.org/?a=&eacute;</link></channel></rss>
            """)
        #expect(feed.title == "Caf\u{E9}")
        #expect(feed.illFormedReason == nil)
    }

    @Test func anUndeclaredPrefixIsReadByItsUsualNamespaceAndMarked() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>T</title>
            <item><title>A</title><dc:creator>Ann Lee</dc:creator><content:encoded>&lt;p>Body&lt;/p></content:encoded></item>
            </channel></rss>
            """)
        #expect(feed.items.first?.authors.first?.name == "Ann Lee")
        #expect(feed.items.first?.contentHTML == "<p>Body</p>")
        #expect(feed.illFormedReason == "not well-formed XML at line 2, column 34: Namespace prefix dc on creator is not defined")
    }

    @Test func misplacedXMLDeclarationAndMissingEndAreRecovered() throws {
        let feed = try parse("""
            <!-- a comment first -->
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>Late</title><item><title>x</title></item></channel></rss
            """)
        #expect(feed.title == "Late")
        #expect(feed.items.count == 1)
        #expect(feed.isIllFormed)
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n</rss>", FeedParseError(.notWellFormed(line: 2, column: 2, message: "StartTag: invalid element name"))),
        ("<1rss/>", FeedParseError(.notWellFormed(line: 1, column: 2, message: "StartTag: invalid element name"))),
        ("<!-- only a comment -->\n", FeedParseError(.emptyDocument)),
        ("plain text, no markup", FeedParseError(.notWellFormed(line: 1, column: 1, message: "Start tag expected, '<' not found"))),
    ])
    func documentsThatYieldNothingAreErrors(text: String, expected: FeedParseError) {
        #expect(parseError(text) == expected)
    }

    @Test func aRecoveredPageIsStillNotAFeed() {
        #expect(parseError("<html><body><p>Hello<br></body></html>") == FeedParseError(.notAFeed(root: "html")))
    }

    @Test func wellFormedDocumentsAreNotMarked() throws {
        let feed = try parse(rss(item: "<title>Fine &amp; dandy</title><dc:creator>Ann</dc:creator>"))
        #expect(feed.illFormedReason == nil)
        #expect(feed.encoding == "utf-8")
    }
}
