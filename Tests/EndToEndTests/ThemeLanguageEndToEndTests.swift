import Foundation
import Testing

/// The theme in the site's language (issue 19 point 5, ADR 040), on real builds of the binary: a German
/// site with every kind of page (articles, a bookmark with a note, a failed source, bookmark pages, month
/// pages, the old numbered pages' redirects, search, 404) shows no word of the English table; `pt-BR`
/// takes the Portuguese table; an unknown language builds in English and says which file to add.
@Suite("Theme language, end to end", .serialized)
struct ThemeLanguageEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1796000000"]

    /// Words both languages share, or names: shown in German text too.
    static let shared: Set<String> = ["feed", "rss", "atom", "json", "opml", "url", "newsgen", "site", "ok", "markdown",
                                      "javascript", "id", "in", "text"]

    /// A site in `language`: a feed of six German stories over three months, with two tags, and a second
    /// source whose file is missing (it fails); two to a page, so bookmarks and old list pages have more than one.
    static func site(language: String) throws -> TemporarySite {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-language-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let site = TemporarySite(directory: directory)
        try site.write("site.json", """
            {"version": 1, "title": "Nachrichtenarchiv", "language": "\(language)", "timeZone": "Europe/Berlin", "pageSize": 2,
             "sources": [{"id": "tagesblatt", "title": "Tagesblatt", "path": "feeds/tagesblatt.xml"},
                         {"id": "abendpost", "title": "Abendpost", "path": "feeds/abendpost.xml"}]}
            """)
        let stories = [
            ("Stadtrat beschließt neuen Haushalt", "Mon, 05 Oct 2026 09:00:00 GMT", "Politik"),
            ("Hafen erweitert die Kaimauer", "Tue, 13 Oct 2026 09:00:00 GMT", "Wirtschaft"),
            ("Bürgermeisterin eröffnet Markthalle", "Wed, 04 Nov 2026 09:00:00 GMT", "Politik"),
            ("Werft stellt zwanzig Lehrlinge ein", "Thu, 19 Nov 2026 09:00:00 GMT", "Wirtschaft"),
            ("Neue Fähre zwischen beiden Ufern", "Tue, 01 Dec 2026 09:00:00 GMT", "Wirtschaft"),
            ("Wahlkreise werden neu zugeschnitten", "Wed, 09 Dec 2026 09:00:00 GMT", "Politik"),
        ]
        let items = stories.enumerated().map { index, story in
            """
            <item><title>\(story.0)</title><link>https://tagesblatt.example/\(index + 1)</link><guid>tb-\(index + 1)</guid>
              <pubDate>\(story.1)</pubDate><category>\(story.2)</category>
              <description>Meldung Nummer \(index + 1) aus dem Tagesblatt.</description></item>
            """
        }
        try site.write("feeds/tagesblatt.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Tagesblatt</title><link>https://tagesblatt.example/</link><description>Lokales</description>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """)
        return site
    }

    /// The words of the English table's values (placeholders, month names and formats left out: a month
    /// name is checked by its own page), lower-cased.
    static func englishWords() throws -> Set<String> {
        let data = try Data(contentsOf: TemporarySite.packageRoot.appendingPathComponent("templates/strings/en.json"))
        let table = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var words: Set<String> = []
        for (key, value) in table where !key.hasPrefix("month") && !key.hasPrefix("short") {
            let texts = (value as? String).map { [$0] } ?? ((value as? [String: String]).map { Array($0.values) } ?? [])
            for text in texts {
                let bare = text.replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: " ", options: .regularExpression)
                words.formUnion(Self.words(bare))
            }
        }
        return words.subtracting(shared)
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count > 1 }
    }

    /// What a reader sees or hears of a page: its text, its `title`, `alt` and `aria-label` attributes and the
    /// messages search.js shows (`data-msg-*`, without their placeholders), without scripts and `<code>`
    /// (English by design). A failed source's reason is in it: it is said in the site's language (issue 34).
    static func visibleText(_ html: String) -> String {
        func removing(_ pattern: String, from text: String, with replacement: String = " ") -> String {
            text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        var page = removing(#"<script\b[^>]*>[\s\S]*?</script>"#, from: html)
        // Commands and site.json keys, quoted as typed (`newsgen bookmark add ARTICLE`, `sources`).
        page = removing(#"<code>[^<]*</code>"#, from: page)
        let attributes = try! NSRegularExpression(pattern: #"\s(?:aria-label|title|alt|data-msg-[a-z-]+)="([^"]*)""#)
        var pieces = attributes.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
            String(page[Range($0.range(at: 1), in: page)!])
        }
        pieces.append(removing(#"<[^>]*>"#, from: page))
        // A message's placeholders (`{results}`) are filled in before it is shown.
        return removing(#"\{[A-Za-z]+\}"#, from: pieces.joined(separator: " "))
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    }

    /// Every HTML file of the built site, by path.
    static func pages(_ site: TemporarySite) throws -> [String: String] {
        var pages: [String: String] = [:]
        for (path, data) in try site.snapshot() where path.hasSuffix(".html") { pages[path] = String(decoding: data, as: UTF8.self) }
        return pages
    }

    @Test func aGermanSiteShowsNoEnglishWordOfTheTheme() throws {
        let site = try Self.site(language: "de")
        defer { site.remove() }
        let first = try site.run("build", environment: Self.now)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("strings"), "German has a table: \(first.stderr)")
        for story in [1, 2, 3] {
            let added = try site.run("bookmark", "add", "https://tagesblatt.example/\(story)", "--note", "Später lesen", environment: Self.now)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let built = try site.run("build", environment: Self.now)
        #expect(built.status == 0, "\(built.stderr)")
        let pages = try Self.pages(site)
        // Every kind of page is there.
        for path in ["index.html", "404.html", "search/index.html", "sources/index.html", "sources/tagesblatt/index.html",
                     "bookmarks/index.html", "bookmarks/page/2/index.html", "archive/index.html", "archive/2026/10/index.html",
                     "tags/politik/index.html", "tags/politik/2026/11/index.html", "page/2/index.html"] {
            #expect(pages[path] != nil, "\(path) missing among \(pages.keys.sorted())")
        }
        #expect(try Self.englishWords().isSuperset(of: ["bookmarks", "sources", "search", "page", "found", "previous", "failed", "never", "articles"]))
        let left = try Self.englishLeft(site)
        #expect(left.isEmpty, "English words of the theme left: \(left.sorted { $0.key < $1.key })")
        // And the German ones are where the English ones were.
        let october = try #require(pages["archive/2026/10/index.html"])
        #expect(october.contains(">Oktober 2026</time>") && october.contains("5. Okt. 2026"))
        #expect(try #require(pages["404.html"]).contains("Seite nicht gefunden"))
        #expect(try #require(pages["page/2/index.html"]).contains("Diese Seite ist umgezogen"))
        let sources = try #require(pages["sources/index.html"])
        #expect(sources.contains(">Fehlgeschlagen</span>") && sources.contains("Feed-Datei") && sources.contains("1 fehlerhaft"))
        #expect(sources.contains("6 Einträge gelesen") && sources.contains("2 Quellen"))
        let bookmarks = try #require(pages["bookmarks/index.html"])
        #expect(bookmarks.contains("3 gespeichert") && bookmarks.contains("aria-label=\"Seite 2\"") && bookmarks.contains(">Weiter <span"))
        let search = try #require(pages["search/index.html"])
        #expect(search.contains("data-msg-no-results=\"Keine Ergebnisse für „{query}“.\"")
            && search.contains("data-msg-prompt=\"Wörter eingeben, um 6 Artikel zu durchsuchen.\""))
        #expect(try #require(pages["index.html"]).contains("<html lang=\"de\">"))
        #expect(try site.read("public/bookmarks/feed.xml").contains("<title>Lesezeichen · Nachrichtenarchiv</title>"))
        #expect(try site.read("public/sources.opml").contains("<title>Quellen · Nachrichtenarchiv</title>"))

        // An override in templates/strings/de.json re-renders the pages that show its words.
        try site.write("templates/strings/de.json", #"{"navHome": "Übersicht"}"#)
        let again = try site.run("build", environment: Self.now)
        #expect(again.status == 0, "\(again.stderr)")
        let home = try site.read("public/index.html"), article = try site.read("public/404.html")
        #expect(home.contains(">Übersicht</a>") && article.contains(">Übersicht</a>") && home.contains(">Suche</a>"))
    }

    /// The English words of the theme left on each page of `site`'s last build, by path.
    static func englishLeft(_ site: TemporarySite) throws -> [String: [String]] {
        let english = try englishWords()
        var left: [String: [String]] = [:]
        for (path, html) in try pages(site) {
            let found = Set(words(visibleText(html))).intersection(english)
            if !found.isEmpty { left[path] = found.sorted() }
        }
        return left
    }

    @Test func anEmptyGermanSiteShowsItsEmptyStatesInGerman() throws {
        let site = try Self.site(language: "de")
        defer { site.remove() }
        try site.write("site.json", #"{"version": 1, "title": "Leeres Archiv", "language": "de", "sources": []}"#)
        let built = try site.run("build", environment: Self.now)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try site.read("public/index.html").contains("Noch keine Artikel"))
        #expect(try site.read("public/bookmarks/index.html").contains("Noch keine Lesezeichen"))
        #expect(try site.read("public/sources/index.html").contains("Noch keine Quellen"))
        let left = try Self.englishLeft(site)
        #expect(left.isEmpty, "English words of the theme left: \(left.sorted { $0.key < $1.key })")
    }

    @Test func aRegionalTagTakesItsLanguagesTable() throws {
        let site = try Self.site(language: "pt-BR")
        defer { site.remove() }
        let built = try site.run("build", environment: Self.now)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("strings"), "\(built.stderr)")
        let home = try site.read("public/index.html")
        #expect(home.contains("<html lang=\"pt-BR\">") && home.contains(">Pesquisar</a>") && home.contains(">Favoritos</a>"))
        #expect(try site.read("public/archive/2026/12/index.html").contains(">dezembro de 2026</time>"))
    }

    @Test func anUnknownLanguageBuildsInEnglishAndNamesTheFileToAdd() throws {
        let site = try Self.site(language: "xx")
        defer { site.remove() }
        let built = try site.run("build", environment: Self.now)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("warning: site.json: no strings for language 'xx'; the theme shows English. Add templates/strings/xx.json to translate it"),
                "\(built.stderr)")
        let home = try site.read("public/index.html")
        #expect(home.contains(">Search</a>") && home.contains(">Bookmarks</a>"))
        #expect(!Set(Self.words(Self.visibleText(home))).isDisjoint(with: try Self.englishWords()), "the German site's check finds English words where there are some")
        try site.write("templates/strings/xx.json", #"{"navSearch": "Serĉi"}"#)
        let translated = try site.run("build", environment: Self.now)
        #expect(!translated.stderr.contains("no strings for language"), "\(translated.stderr)")
        #expect(try site.read("public/index.html").contains(">Serĉi</a>"))
    }
}
