import Foundation
import NewsgenTestSupport
import Testing

/// A failing source's reason on `/sources/` in the site's language (issue 34, point 6): a German site
/// whose feeds on 127.0.0.1 answer 404 and 503, and whose file source is missing, says why in German,
/// with the status code, address and path filled in; the terminal still says it in English.
@Suite("Source reasons in the site's language, end to end", .serialized, .enabled(if: PythonHTTPServer.pythonAvailable))
struct SourceReasonLanguageEndToEndTests {
    static let handler = #"""
    class Handler(FixtureHandler):
        def do_GET(self):
            if self.path == "/good.xml":
                self.send(200, feed("gut"), [("Content-Type", "application/rss+xml")])
            elif self.path == "/busy.xml":
                self.send(503, b"busy")
            else:
                self.send(404, b"missing")
    """#

    @Test func aGermanSiteSaysWhyASourceFailedInGerman() throws {
        let server = try PythonHTTPServer(handler: Self.handler)
        defer { server.stop() }
        let site = try ThemeLanguageEndToEndTests.site(language: "de")
        defer { site.remove() }
        let missing = server.url("/weg.xml"), busy = server.url("/busy.xml")
        try site.write("site.json", """
            {"version": 1, "title": "Nachrichtenarchiv", "language": "de", "timeZone": "Europe/Berlin",
             "fetch": {"retries": 0},
             "sources": [{"id": "gut", "url": "\(server.url("/good.xml"))"}, {"id": "weg", "url": "\(missing)"},
                         {"id": "besetzt", "url": "\(busy)"}, {"id": "datei", "path": "feeds/fehlt.xml"}]}
            """)
        let built = try site.run("build", environment: ThemeLanguageEndToEndTests.now)
        #expect(built.status == 0, "\(built.stderr)")
        // The terminal stays English.
        #expect(built.stderr.contains("source 'weg' failed: \(missing): the server answered HTTP 404 (not found)"), "\(built.stderr)")
        let page = try site.read("public/sources/index.html")
        let reasons = Self.reasons(page)
        #expect(reasons.contains("\(missing): Der Server antwortete mit HTTP 404."), "\(reasons)")
        #expect(reasons.contains("\(busy): Der Server antwortete mit HTTP 503."), "\(reasons)")
        #expect(reasons.contains("feeds/fehlt.xml: Die Datei ist nicht vorhanden."), "\(reasons)")
        #expect(!page.contains("the server answered") && !page.contains("not found"), "\(reasons)")
        // A source's own page shows the same sentence.
        #expect(try site.read("public/sources/weg/index.html").contains("Der Server antwortete mit HTTP 404."))

        // The next build is inside the back-off: the page says so in German, with the time of the next try.
        let again = try site.run("build", environment: ["SOURCE_DATE_EPOCH": "1796000060"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("backing off after 1 failure; next try after"), "\(again.stderr)")
        let waiting = Self.reasons(try site.read("public/sources/index.html"))
        #expect(waiting.contains { $0.hasPrefix("Pausiert nach Fehlern (Fehler in Folge: 1); nächster Versuch nach ") && $0.contains("2026") },
                "\(waiting)")
    }

    /// The texts of the page's `source-reason` paragraphs, entities decoded.
    static func reasons(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"data-testid="source-reason"[^>]*>([^<]*)</p>"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!]).replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
