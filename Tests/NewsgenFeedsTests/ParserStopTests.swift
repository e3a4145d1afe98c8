import Foundation
import Testing
import NewsgenModel
@testable import NewsgenFeeds

/// Issue 32: how a parse ends after a fatal error, and the comment that made recovery quadratic.
@Suite("Stopping and recovering safely")
struct ParserStopTests {
    private func rss(title: String, before: String = "") -> Data {
        Data(("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title>\(before)"
              + "<item><title>The item</title><link>http://example.org/1</link></item></channel></rss>").utf8)
    }

    /// `xmlStopParser` from inside the error callback freed the input under `xmlParseCharData`,
    /// which then set its cursor into the freed buffer: a long text before a misplaced `]]>`
    /// crashed the process (SIGSEGV) from about 66,500 characters on. Each length is parsed,
    /// reported as ill-formed at the `]]>`, and still yields the item.
    @Test(arguments: [1_000, 70_000, 300_000, 1_000_000])
    func aLongTextBeforeAMisplacedCDATAEndIsIllFormedNotACrash(length: Int) throws {
        let feed = try FeedParser.parse(rss(title: String(repeating: "a", count: length) + "]]>"))
        #expect(feed.illFormedReason == "not well-formed XML at line 1, column \(length + 57): Sequence ']]>' not allowed in content")
        #expect(feed.items.map { $0.title?.value } == ["The item"])
    }

    /// Every fatal error that ends the strict pass inside a long text, in turn.
    @Test(arguments: ["]]>", "<<", "&#0;", "\u{1}", "</wrong>"])
    func aFatalErrorAfterALongTextEndsTheStrictPassSafely(error: String) {
        let document = rss(title: String(repeating: "b", count: 200_000) + error)
        for _ in 0..<3 { _ = try? FeedParser.parse(document) }
    }

    /// Recovery keeps the first problem and counts the rest, however many there are.
    @Test func recoveryKeepsTheFirstProblemAndCountsTheRest() throws {
        let items = (0..<3_000).map { "<item><title>a < b \($0)</title></item>" }.joined()
        let document = Data(("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title>" + items + "</channel></rss>").utf8)
        let feed = try FeedParser.parse(document)
        #expect(feed.illFormedReason?.hasSuffix("StartTag: invalid element name") == true, "\(feed.illFormedReason ?? "")")
        #expect(feed.illFormedProblems == 3_000)
        #expect(feed.items.count == 3_000)
        #expect(try FeedParser.parse(rss(title: "Fine")).illFormedProblems == 0)
    }

    /// A comment's body with its hyphens blanked, everything else (and every line) where it was.
    @Test func aCommentWithDoubleHyphensIsRepairedInPlace() throws {
        let document = Data("<a><!-- one -- two\n -- three --><b>x -- y</b><!-- fine --></a>".utf8)
        let findings = try MarkupScan.check(document, limits: .default)
        #expect(findings.hyphenatedComments == 1)
        let repaired = String(decoding: MarkupScan.repairing(document, limits: .default), as: UTF8.self)
        #expect(repaired == "<a><!-- one    two\n    three --><b>x -- y</b><!-- fine --></a>")
    }

    @Test func anAmpersandIsLeftAloneWhenOnlyCommentsAreRepaired() {
        let document = Data("<a>Q&A<!-- x -- y --></a>".utf8)
        let repaired = String(decoding: MarkupScan.repairing(document, limits: .default, escapingAmpersands: false), as: UTF8.self)
        #expect(repaired == "<a>Q&A<!-- x    y --></a>")
    }

    /// libxml2 copies the comment read so far into each "Double hyphen within comment" error:
    /// a comment with a `--` on each line took 0.9 s at 100 KB and over a minute at 1 MB. The
    /// strict pass now stops at the first and recovery reads the comment with its hyphens
    /// blanked, so 4 MB takes about as long as reading 4 MB; the bound is for a debug build.
    @Test(.timeLimit(.minutes(1)))
    func aCommentWithADoubleHyphenOnEveryLineIsReadInLinearTime() throws {
        let comment = "<!-- " + (0..<250_000).map { "line \($0) -- again\n" }.joined() + " -->"
        let document = rss(title: "T", before: comment)
        #expect(document.count > 4_000_000)
        let started = Date()
        let feed = try FeedParser.parse(document)
        let seconds = Date().timeIntervalSince(started)
        #expect(feed.illFormedReason?.contains(": Double hyphen within comment") == true,
                "\(feed.illFormedReason ?? "")")
        #expect(feed.items.map { $0.title?.value } == ["The item"])
        #expect(seconds < 20, "took \(seconds) s")
    }
}
