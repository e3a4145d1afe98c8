import Foundation
import Testing
import NewsgenModel
import NewsgenFeeds

@Suite("Atom 0.3")
struct Atom03ReaderTests {
    private func feed(_ body: String) throws -> ParsedFeed {
        try parse("<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\(body)</feed>")
    }

    @Test func namesOfAtom03() throws {
        let value = try feed("""
            <title>T</title><tagline>Sub</tagline><copyright>(c) Bay</copyright><modified>2026-11-02T00:00:00Z</modified>
            <link rel="alternate" type="text/html" href="https://example.org/"/>
            <generator url="https://gen.example/" version="1.0">Gen</generator>
            <author><name>Desk</name><url>/desk</url><email>desk@example.org</email></author>
            <entry><title>E</title><issued>2026-11-01T10:00:00Z</issued><modified>2026-11-01T12:00:00Z</modified>
              <created>2026-11-01T08:00:00Z</created><id>tag:example.org,2026:1</id></entry>
            """)
        #expect(value.format == .atom03)
        #expect(value.subtitle == "Sub")
        #expect(value.rights == "(c) Bay")
        #expect(value.updated == utc(2026, 11, 2))
        #expect(value.generator == Generator(name: "Gen", version: "1.0", url: "https://gen.example/"))
        #expect(value.authors == [Person(name: "Desk", email: "desk@example.org", url: "https://example.org/desk")])
        let entry = try #require(value.items.first)
        #expect(entry.published == utc(2026, 11, 1, 10))
        #expect(entry.updated == utc(2026, 11, 1, 12))
        #expect(entry.created == utc(2026, 11, 1, 8))
        #expect(entry.authors == value.authors)
    }

    @Test(arguments: [
        ("<title type=\"text/html\" mode=\"escaped\">&lt;b&gt;&amp;amp;&lt;/b&gt;</title>", TextConstruct("<b>&amp;</b>", type: .html)),
        ("<title type=\"text/html\" mode=\"escaped\"><![CDATA[<b>&#38;</b>]]></title>", TextConstruct("<b>&#38;</b>", type: .html)),
        ("<title>&#38;</title>", TextConstruct("&")),
        ("<title type=\"application/xhtml+xml\" mode=\"xml\"><div xmlns=\"http://www.w3.org/1999/xhtml\"><b>&#38;</b></div></title>",
         TextConstruct("<div><b>&amp;</b></div>", type: .xhtml)),
        ("<title type=\"text/plain\" mode=\"base64\">RmlzaCAmIGNoaXBz</title>", TextConstruct("Fish & chips")),
    ])
    func modes(title: String, expected: TextConstruct) throws {
        #expect(try feed("<entry>\(title)</entry>").items.first?.title == expected)
    }

    @Test func preAtomDraftNamespacesReadAsAtom03() throws {
        let value = try parse("<feed xmlns=\"http://purl.org/echo/\"><title>Echo</title></feed>")
        #expect(value.format == .atom03)
        #expect(value.title == "Echo")
    }
}
