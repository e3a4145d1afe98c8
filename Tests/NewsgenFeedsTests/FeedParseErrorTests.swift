import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

@Suite("Errors and safety")
struct FeedParseErrorTests {
    @Test func malformedXMLThatYieldsNothingNamesLineAndColumn() {
        let error = parseError("<?xml version=\"1.0\"?>\n</rss>")
        #expect(error == FeedParseError(.notWellFormed(line: 2, column: 2, message: "StartTag: invalid element name")))
        #expect(error?.description == "not well-formed XML at line 2, column 2: StartTag: invalid element name")
    }

    /// As a diagnostic about a file the place comes first, `file:line:column: reason`, the form editors
    /// and CI logs link; an error without a place keeps `file: reason`.
    @Test func aDiagnosticPutsThePlaceFirst() {
        let broken = FeedParseError(.notWellFormed(line: 2, column: 2, message: "StartTag: invalid element name"))
        #expect(broken.located(in: "feeds/a.xml") == "feeds/a.xml:2:2: not well-formed XML: StartTag: invalid element name")
        let deep = FeedParseError(.limitExceeded(line: 4, column: 920, limit: "elements are nested more than 256 levels deep"))
        #expect(deep.located(in: "a.xml") == "a.xml:4:920: document refused: elements are nested more than 256 levels deep")
        #expect(FeedParseError(.emptyDocument).located(in: "a.xml") == "a.xml: empty document: there is no root element to read")
        #expect(FeedParseError(.notWellFormed(line: 0, column: 0, message: "x")).located(in: "a.xml") == "a.xml: not well-formed XML: x")
    }

    @Test func malformedXMLThatStillReadsIsRecoveredAndMarked() throws {
        let feed = try parse("<rss version=\"2.0\">\n<channel>\n<title>Broken</titel>\n<item><title>Kept</title></item></channel></rss>")
        #expect(feed.illFormedReason == "not well-formed XML at line 3, column 22: Opening and ending tag mismatch: title line 3 and titel")
        #expect(feed.illFormedPlace == TextPlace(line: 3, column: 22))
        #expect(feed.title == "Broken")
        #expect(feed.items.map(\.title) == ["Kept"])
    }

    @Test func anHTMLPageIsNotAFeed() {
        let error = parseError("<!DOCTYPE html>\n<html><head><title>Home</title></head><body></body></html>")
        #expect(error == FeedParseError(.notAFeed(root: "html")))
        #expect(error?.description == "not a feed: root element is <html>")
        #expect(parseError("<x:html xmlns:x=\"http://www.w3.org/1999/xhtml\"/>")?.description == "not a feed: root element is <x:html>")
    }

    @Test func feedLikeRootsInUnknownNamespacesAreUnsupported() {
        #expect(parseError("<x:feed xmlns:x=\"urn:x\"/>")?.description == "unsupported feed format: root element is <x:feed> in namespace urn:x")
        #expect(parseError("<rss xmlns=\"urn:x\"/>")?.description == "unsupported feed format: root element is <rss> in namespace urn:x")
    }

    @Test(arguments: ["", "   \n\t ", "\u{FEFF}  "])
    func emptyDocuments(text: String) {
        let error = parseError(text)
        #expect(error == FeedParseError(.emptyDocument))
        #expect(error?.description == "empty document: there is no root element to read")
    }

    @Test func aDocumentWithoutAnElementIsEmpty() {
        #expect(parseError("<?xml version=\"1.0\"?>\n<!-- nothing here -->") == FeedParseError(.emptyDocument))
    }

    @Test func tooLargeInputIsRefusedBeforeParsing() {
        let document = rss(item: "<title>\(String(repeating: "x", count: 200))</title>")
        let size = document.utf8.count
        let error = parseError(document, maxBytes: 100)
        #expect(error == FeedParseError(.tooLarge(size: size, limit: 100)))
        #expect(error?.description == "document too large: \(size) bytes, the limit is 100 bytes")
        #expect(FeedParser.defaultMaxBytes == 20_971_520)
        #expect(parseError(document, maxBytes: size) == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func billionLaughsIsRefusedQuickly() {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            let body = String(repeating: "&lol\(level - 1);", count: 10)
            entities += "<!ENTITY lol\(level) \"\(body)\">\n"
        }
        let document = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n\(entities)]>\n"
            + "<rss version=\"2.0\"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>"
        let start = Date()
        let error = parseError(document)
        #expect(error?.reason == .entityExpansionLimit)
        #expect(error?.description == "entity expansion refused: the document's own entities expand beyond a safe size")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func billionLaughsInAnAttributeIsRefusedToo() {
        var entities = "<!ENTITY a0 \"aaaaaaaaaa\">\n"
        for level in 1...7 {
            entities += "<!ENTITY a\(level) \"\(String(repeating: "&a\(level - 1);", count: 10))\">\n"
        }
        let document = "<!DOCTYPE rss [\n\(entities)]>\n<rss><channel><item><enclosure url=\"&a7;\"/></item></channel></rss>"
        #expect(parseError(document)?.reason == .entityExpansionLimit)
    }

    /// libxml2 lets a low-ratio expansion through (one 100 000-character entity
    /// used eleven times); our own budget of 1 000 000 characters stops it.
    @Test func expansionBeyondTheBudgetIsRefused() throws {
        func document(uses: Int) -> String {
            "<!DOCTYPE rss [<!ENTITY big \"\(String(repeating: "x", count: 100_000))\">]>\n"
                + "<rss><channel><title>\(String(repeating: "&big;", count: uses))</title></channel></rss>"
        }
        #expect(try parse(document(uses: 9)).title?.value.count == 900_000)
        #expect(parseError(document(uses: 11))?.reason == .entityExpansionLimit)
    }

    @Test func smallInternalEntitiesAreExpanded() throws {
        let feed = try parse("""
            <!DOCTYPE rss [<!ENTITY town "Marrow Bay"><!ENTITY news "&town; News">]>
            <rss version="2.0"><channel><title>&news;</title><link>https://example.org/</link>
            <item><title>Hello from &town;</title><category>&town;</category></item></channel></rss>
            """)
        #expect(feed.title == "Marrow Bay News")
        #expect(feed.items.first?.title == "Hello from Marrow Bay")
        #expect(feed.items.first?.categories == ["Marrow Bay"])
    }

    @Test func externalEntitiesAreNeverResolved() throws {
        let feed = try parse("""
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <rss version="2.0"><channel><title>before&x;after</title><link>https://example.org/</link>
            <item><title>item &x;</title><description>&x;</description></item></channel></rss>
            """)
        #expect(feed.title == "beforeafter")
        #expect(feed.items.first?.title == "item")
        #expect(feed.items.first?.summaryHTML == nil)
    }

    @Test func externalDTDsAndParameterEntitiesAreNeverLoaded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dtd = directory.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY leak \"LEAKED\">".utf8).write(to: dtd)
        let body = "<rss version=\"2.0\"><channel><title>t&leak;</title></channel></rss>"
        // With an external subset the undeclared entity is only a validity problem: the
        // reference stays as written, as feedparser keeps it, and the DTD's text never comes in.
        let feed = try parse("<!DOCTYPE rss SYSTEM \"\(dtd.absoluteString)\">" + body)
        #expect(feed.title == "t&leak;")
        // Through an unloaded parameter entity it stays undeclared: not well-formed,
        // and the recovered feed has the reference as written, not the DTD's text either.
        let recovered = try parse("<!DOCTYPE rss [<!ENTITY % ext SYSTEM \"\(dtd.absoluteString)\"> %ext;]>" + body)
        #expect(recovered.title == "t&leak;")
        let reason = try #require(recovered.illFormedReason)
        #expect(reason.hasPrefix("not well-formed XML at line 1, column "))
        #expect(reason.hasSuffix(": Entity 'leak' not defined"))
    }

    @Test func undeclaredHTMLEntitiesUnderAnUnloadedDTDBecomeCharacters() throws {
        let feed = try parse("""
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
            <rss version="0.91"><channel><title>Caf&eacute;&nbsp;Bay</title></channel></rss>
            """)
        #expect(feed.title == "Caf\u{E9} Bay") // a title's no-break space collapses like any space
    }

    /// libxml2 refuses more than 256 levels of nesting; a feed never needs them.
    @Test(.timeLimit(.minutes(1)))
    func deeplyNestedDocumentsAreRefused() throws {
        func nested(_ depth: Int, broken: Bool = false) -> String {
            "<rss version=\"2.0\"><channel><title>t</title" + (broken ? "" : ">") + "<description>"
                + String(repeating: "<b>", count: depth) + "x" + String(repeating: "</b>", count: depth)
                + "</description></channel></rss>"
        }
        #expect(try parse(nested(200)).title == "t")
        let error = parseError(nested(300))
        guard case .limitExceeded(1, _, "elements are nested more than 256 levels deep")? = error?.reason else {
            Issue.record("expected the depth limit, got \(String(describing: error))")
            return
        }
        #expect(error?.description.hasPrefix("document refused at line 1, column ") == true)
        // Recovery mode (the document is also broken) refuses it just the same.
        guard case .limitExceeded(_, _, let limit)? = parseError(nested(300, broken: true))?.reason,
              case .limitExceeded(_, _, let deeper)? = parseError(nested(100_000))?.reason else {
            Issue.record("recovery got around the depth limit")
            return
        }
        #expect(limit == "elements are nested more than 256 levels deep")
        #expect(deeper == limit)
    }

    /// Documents with one text, attribute value or name beyond libxml2's limits
    /// (10 MB, 50 000 characters; no `XML_PARSE_HUGE`). Built in the test, so the
    /// test's name does not carry megabytes.
    enum Oversized: String, CaseIterable {
        case text, attribute, textInABrokenDocument, name

        var document: String {
            let big = String(repeating: "x", count: 10_500_000)
            switch self {
            case .text: return "<rss><channel><title>\(big)</title></channel></rss>"
            case .attribute: return "<rss><channel><link href=\"\(big)\"/></channel></rss>"
            case .textInABrokenDocument: return "<rss><channel><title>a</titl><description>\(big)</description></channel></rss>"
            case .name: return "<rss><channel><\(String(repeating: "x", count: 60_000))/></channel></rss>"
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Oversized.allCases)
    func hugeTextsAttributesAndNamesAreRefused(kind: Oversized) {
        let start = Date()
        let error = parseError(kind.document)
        guard case .limitExceeded(1, _, let limit)? = error?.reason else {
            Issue.record("expected a size limit, got \(String(describing: error).prefix(300))")
            return
        }
        #expect(limit.hasPrefix("a single text, name or attribute value is larger than the parser allows ("))
        #expect(Date().timeIntervalSince(start) < 10)
    }

    /// A broken document takes the recovery path; entity expansion limits still hold there.
    @Test(.timeLimit(.minutes(1)))
    func billionLaughsInABrokenDocumentIsRefusedToo() {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">\n"
        }
        let start = Date()
        for body in ["<title>a</titl><description>&lol9;</description>", "<title>&lol2;</titl><description>&lol9;</description>",
                     "<title>a</titl><link href=\"&lol9;\"/>"] {
            let document = "<!DOCTYPE rss [\n\(entities)]>\n<rss version=\"2.0\"><channel>\(body)</channel></rss>"
            #expect(parseError(document)?.reason == .entityExpansionLimit, "\(body)")
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func expansionBudgetHoldsInRecoveryToo() {
        let document = "<!DOCTYPE rss [<!ENTITY big \"\(String(repeating: "x", count: 100_000))\">]>\n"
            + "<rss><channel><title>a</titl><description>\(String(repeating: "&big;", count: 11))</description></channel></rss>"
        #expect(parseError(document)?.reason == .entityExpansionLimit)
    }

    @Test func limitsHaveClearMessages() {
        #expect(FeedParseError(.limitExceeded(line: 3, column: 9, limit: "elements are nested more than 256 levels deep")).description
            == "document refused at line 3, column 9: elements are nested more than 256 levels deep")
    }

    @Test func parsingIsThreadSafe() async throws {
        let url = repositoryRoot.appendingPathComponent("content/feeds/harbor-gazette.xml")
        let data = try Data(contentsOf: url)
        let expected = try FeedParser.parse(data)
        let results = await withTaskGroup(of: ParsedFeed?.self) { group in
            for _ in 0..<32 { group.addTask { try? FeedParser.parse(data) } }
            var all: [ParsedFeed?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == expected })
    }
}
