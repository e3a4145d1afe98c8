import Foundation
import Testing
import NewsgenModel
@testable import NewsgenFeeds

/// `ParseLimits` and the pre-parse `MarkupScan`: what is counted, where a
/// document is refused and with which words. The times these limits keep are
/// shown by Tests/Benchmarks/hostile.sh, not here.
@Suite("Parse limits")
struct ParseLimitsTests {
    private func refusal(_ text: String, _ limits: ParseLimits) -> FeedParseError? {
        do {
            _ = try FeedParser.parse(Data(text.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    private func limits(attributes: Int = 256, nodes: Int = 500_000, doctype: Int = 262_144, items: Int = 100_000) -> ParseLimits {
        ParseLimits(attributesPerElement: attributes, nodes: nodes, doctypeBytes: doctype, items: items)
    }

    /// `count` attributes on the one `<item>`, on line 2.
    private func itemWithAttributes(_ count: Int) -> String {
        let attributes = (0..<count).map { "a\($0)=\"v\"" }.joined(separator: " ")
        return "<rss version=\"2.0\"><channel><title>t</title>\n<item \(attributes)><title>i</title></item></channel></rss>"
    }

    @Test func theDefaults() {
        #expect(ParseLimits.default == ParseLimits(attributesPerElement: 256, nodes: 500_000, doctypeBytes: 262_144, items: 100_000))
    }

    @Test func anElementMayHave256AttributesAndNoMore() throws {
        #expect(try parse(itemWithAttributes(256)).items.map(\.title) == ["i"])
        let error = parseError(itemWithAttributes(257))
        #expect(error == FeedParseError(.limitExceeded(line: 2, column: 1, limit: "an element has more than 256 attributes")))
        #expect(error?.description == "document refused at line 2, column 1: an element has more than 256 attributes")
    }

    @Test func namespaceDeclarationsCountAsAttributes() {
        let declarations = (0..<3).map { "xmlns:n\($0)=\"urn:\($0)\"" }.joined(separator: " ")
        #expect(refusal("<rss \(declarations)><channel/></rss>", limits(attributes: 2))
            == FeedParseError(.limitExceeded(line: 1, column: 1, limit: "an element has more than 2 attributes")))
    }

    /// `=` inside quoted values, comments and CDATA sections is no attribute;
    /// a value may hold `>`, and a tag ends at `<` as it does for libxml2.
    @Test func onlyRealAttributesAreCounted() throws {
        let strict = limits(attributes: 2)
        let feed = try FeedParser.parse(Data("""
            <rss version="2.0" x="a=b=c>d"><channel><title>t</title>
            <!-- <item a="1" b="2" c="3"> --><description><![CDATA[<p a=1 b=2 c=3>]]></description>
            </channel></rss>
            """.utf8), limits: strict)
        #expect(feed.title == "t")
        #expect(feed.subtitle?.value == "<p a=1 b=2 c=3>")
        // Attributes after a `<` in a value belong to what libxml2 reads as the next tag.
        #expect(refusal("<rss a=\"1\" b=\"<x c='1' d='2' e='3'>\"/>", strict)
            == FeedParseError(.limitExceeded(line: 1, column: 15, limit: "an element has more than 2 attributes")))
    }

    @Test func aDocumentHasAtMostSoManyNodes() {
        // rss, its attribute, channel, title: four nodes.
        let document = "<rss version=\"2.0\"><channel><title>t</title></channel></rss>"
        #expect(refusal(document, limits(nodes: 4)) == nil)
        let error = refusal(document, limits(nodes: 3))
        #expect(error == FeedParseError(.limitExceeded(
            line: 1, column: 29, limit: "the document has more than 3 elements, attributes, comments and entity references")))
        #expect(error?.description
            == "document refused at line 1, column 29: the document has more than 3 elements, attributes, comments and entity references")
    }

    /// Comments, processing instructions (the XML declaration too) and references
    /// to declared or undeclared entities are nodes; text, CDATA, character
    /// references and the predefined entities are not.
    @Test func whatCountsAsANode() {
        let base = "<rss><channel><title>a &amp; b &#233; &lt;<![CDATA[<x/><y/>]]></title></channel></rss>" // 3 nodes
        #expect(refusal(base, limits(nodes: 3)) == nil)
        for extra in ["<!-- c -->", "<?pi x?>", "&nbsp;"] {
            let document = base.replacingOccurrences(of: "a &amp;", with: "a \(extra)")
            #expect(refusal(document, limits(nodes: 3)) != nil, "\(extra)")
            #expect(refusal(document, limits(nodes: 4)) == nil, "\(extra)")
        }
        #expect(refusal("<?xml version=\"1.0\"?>" + base, limits(nodes: 3)) != nil)
        #expect(refusal("<!DOCTYPE rss [<!ENTITY e \"x\">]>" + base.replacingOccurrences(of: "a &amp;", with: "&e;"),
                        limits(nodes: 3)) != nil)
    }

    @Test func theDoctypeDeclarationIsBounded() throws {
        // `]>` inside a literal does not end the declaration.
        let doctype = "<!DOCTYPE rss [<!ENTITY e \"]> \(String(repeating: "x", count: 60))\">]>"
        #expect(doctype.utf8.count == 94)
        let document = "\(doctype)\n<rss><channel><title>&e;</title></channel></rss>"
        #expect(try FeedParser.parse(Data(document.utf8), limits: limits(doctype: 94)).title?.value
            == "]> " + String(repeating: "x", count: 60))
        let error = refusal(document, limits(doctype: 93))
        #expect(error == FeedParseError(.limitExceeded(line: 1, column: 1, limit: "the DOCTYPE declaration is larger than 93 bytes")))
        #expect(error?.description == "document refused at line 1, column 1: the DOCTYPE declaration is larger than 93 bytes")
    }

    @Test(arguments: [
        ("rss", "<rss version=\"2.0\"><channel><title>t</title><item/><item/><item/></channel></rss>"),
        ("rdf", "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">"
            + "<channel><title>t</title></channel><item/><item/><item/></rdf:RDF>"),
        ("atom", "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title><entry/><entry/><entry/></feed>"),
        ("json", "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"t\", \"items\": [{}, {}, {}]}"),
    ])
    func aFeedHasAtMostSoManyItems(format: String, document: String) throws {
        #expect(try FeedParser.parse(Data(document.utf8), limits: limits(items: 3)).items.count == 3)
        let error = refusal(document, limits(items: 2))
        #expect(error == FeedParseError(.limitExceeded(line: 0, column: 0, limit: "the feed has more than 2 items")), "\(format)")
        #expect(error?.description == "document refused: the feed has more than 2 items")
    }

    /// JSON: values and keys are counted by their separators, never inside strings.
    @Test func aJSONDocumentHasAtMostSoManyValues() {
        let document = "{\"version\": \"https://jsonfeed.org/version/1.1\",\n\"title\": \"a, b: [c]\", \"items\": []}" // 8
        #expect(refusal(document, limits(nodes: 8)) == nil)
        let error = refusal(document, limits(nodes: 7))
        #expect(error == FeedParseError(.limitExceeded(line: 2, column: 32, limit: "the document has more than 7 JSON values and keys")))
        #expect(error?.description == "document refused at line 2, column 32: the document has more than 7 JSON values and keys")
        #expect(refusal("{\"title\": \"\\\"{[,:\", \"version\": \"https://jsonfeed.org/version/1\", \"items\": []}", limits(nodes: 8)) == nil)
    }
}
