import Foundation
import Testing
@testable import NewsgenFeeds

@Suite struct OPMLReaderTests {
    @Test func feedsComeInDocumentOrderWithTheirFolderAndLine() throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>My subscriptions</title></head>
              <body>
                <outline text="Top" type="rss" xmlUrl="https://top.example/feed.xml" htmlUrl="https://top.example/"/>
                <outline text="Tech">
                  <outline text="Swift &amp; Co" type="rss" xmlUrl="https://swift.example/atom.xml?a=1&amp;b=2"/>
                  <outline title="Only a title" xmlurl="http://old.example/rss"/>
                  <outline text="Inner">
                    <outline text="Deep" xmlUrl="https://deep.example/feed.json"/>
                  </outline>
                </outline>
              </body>
            </opml>
            """
        let document = try OPMLReader.read(Data(opml.utf8))
        #expect(document.title == "My subscriptions")
        #expect(document.problems == [])
        #expect(document.feeds == [
            OPMLFeed(line: 5, title: "Top", xmlURL: "https://top.example/feed.xml", htmlURL: "https://top.example/"),
            OPMLFeed(line: 7, title: "Swift & Co", xmlURL: "https://swift.example/atom.xml?a=1&b=2", category: "Tech"),
            OPMLFeed(line: 8, title: "Only a title", xmlURL: "http://old.example/rss", category: "Tech"),
            OPMLFeed(line: 10, title: "Deep", xmlURL: "https://deep.example/feed.json", category: "Inner"),
        ])
    }

    @Test func linesThatGiveNoFeedAreProblemsWithTheirLine() throws {
        let opml = """
            <opml version="1.0"><body>
            <outline text="A note"/>
            <outline text="Mail" xmlUrl="mailto:someone@example.org"/>
            <outline text="Relative" xmlUrl="/feed.xml"/>
            <outline text="Good" xmlUrl="https://good.example/feed"/>
            </body></opml>
            """
        let document = try OPMLReader.read(Data(opml.utf8))
        #expect(document.feeds.map(\.xmlURL) == ["https://good.example/feed"])
        #expect(document.problems.map(\.description) == [
            "line 2: outline 'A note' has no xmlUrl: not a feed",
            "line 3: xmlUrl 'mailto:someone@example.org' is not an http(s) address",
            "line 4: xmlUrl '/feed.xml' is not an http(s) address",
        ])
    }

    @Test func aBrokenLineCostsItsOutlineNotTheFile() throws {
        let opml = """
            <opml version="2.0"><body>
            <outline text="Before" xmlUrl="https://before.example/feed"/>
            <outline text="Broken" xmlUrl="https://broken.example/feed" <<>
            <outline text="After" xmlUrl="https://after.example/feed"/>
            </body></opml>
            """
        let document = try OPMLReader.read(Data(opml.utf8))
        #expect(document.feeds.first?.xmlURL == "https://before.example/feed")
        #expect(document.feeds.contains { $0.xmlURL == "https://after.example/feed" })
        #expect(document.problems.first?.line == 3)
        #expect(document.problems.first?.reason.hasPrefix("not well-formed") == true)
    }

    @Test func aFileInLatin1IsReadInItsDeclaredEncoding() throws {
        var bytes = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><opml><body><outline text="Caf"#.utf8)
        bytes.append(0xE9)
        bytes.append(Data(#"" xmlUrl="https://cafe.example/rss"/></body></opml>"#.utf8))
        #expect(try OPMLReader.read(bytes).feeds.first?.title == "Café")
    }

    @Test(arguments: [
        ("<rss version=\"2.0\"><channel/></rss>", "the root element is <rss>, not <opml>"),
        ("just text", "not OPML"),
    ])
    func aFileThatIsNotOPMLIsRefused(text: String, reason: String) {
        #expect { try OPMLReader.read(Data(text.utf8)) } throws: { error in
            (error as? OPMLError)?.reason.hasPrefix(reason) == true
        }
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("opml-secret-\(getpid()).txt")
        try Data("SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let opml = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY leak SYSTEM "\(secret.absoluteString)">]>
            <opml><body><outline text="&leak;" xmlUrl="https://x.example/feed"/></body></opml>
            """
        let document = try OPMLReader.read(Data(opml.utf8))
        #expect(document.feeds.first?.title?.contains("SECRET") != true)
    }
}
