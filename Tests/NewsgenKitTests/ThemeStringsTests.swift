import Foundation
import Testing
@testable import NewsgenKit
import NewsgenModel

/// The theme's words (ADR 040): every built-in table complete and in step with the English one,
/// plural forms per CLDR, the table a site's language picks, a site's override laid over it, and
/// what `newsgen check` says of a strings file.
@Suite("Theme strings")
struct ThemeStringsTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func table(_ language: String) throws -> [String: ThemeStrings.Entry] {
        try ThemeStrings.parse(Data(try #require(BuiltInTheme.strings[language]).utf8), shownAs: "\(language).json")
    }

    /// The `{name}` placeholders of a text, sorted.
    private static func placeholders(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\{([A-Za-z]+)\}"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            .map { String(text[Range($0.range(at: 1), in: text)!]) }.sorted()
    }

    @Test func theEmbeddedTablesAreTheFilesInTemplatesStrings() throws {
        let folder = Self.packageRoot.appendingPathComponent("templates/strings")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.map { String($0.dropLast(5)) }.sorted() == BuiltInTheme.strings.keys.sorted())
        #expect(BuiltInTheme.strings.keys.sorted() == ThemeLanguage.builtIn, "every built-in language has a table")
        for name in names {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(BuiltInTheme.strings[String(name.dropLast(5))] == onDisk, "templates/strings/\(name) differs from the built-in copy (run make embed-templates)")
        }
    }

    @Test("Each table has the English keys, the plural forms its language needs, and the English placeholders",
          arguments: ThemeLanguage.builtIn)
    func tablesAreComplete(language: String) throws {
        let english = try Self.table("en")
        let table = try Self.table(language)
        #expect(Set(table.keys) == Set(english.keys), "\(language): missing \(Set(english.keys).subtracting(table.keys).sorted()), extra \(Set(table.keys).subtracting(english.keys).sorted())")
        #expect(english["bookmarkAdd"] != nil && english["bookmarkRemove"] != nil && english["rebuildFailed"] != nil)
        for (key, entry) in english {
            switch (entry, table[key]) {
            case (.text(let source), .text(let translated)):
                #expect(Self.placeholders(translated) == Self.placeholders(source), "\(language).\(key)")
            case (.plural(let source), .plural(let forms)):
                #expect(Set(forms.keys) == Set(PluralCategory.needed(by: language)), "\(language).\(key) has forms \(forms.keys.map(\.rawValue).sorted())")
                for form in forms.values {
                    #expect(Self.placeholders(form) == Self.placeholders(source[.other] ?? ""), "\(language).\(key): \(form)")
                }
            default:
                Issue.record("\(language).\(key) is not of the English entry's kind")
            }
        }
    }

    @Test func countsTakeTheirLanguagesPluralForm() throws {
        let site = URL(fileURLWithPath: "/nonexistent-site-\(UUID().uuidString)")
        func strings(_ tag: String) throws -> ThemeStrings {
            try ThemeStrings.load(language: tag, templates: site.appendingPathComponent("templates"), shownAs: "templates", site: site).strings
        }
        let polish = try strings("pl")
        #expect([1, 2, 4, 5, 12, 22, 25, 104].map { polish.count("articles", $0) }
            == ["1 artykuł", "2 artykuły", "4 artykuły", "5 artykułów", "12 artykułów", "22 artykuły", "25 artykułów", "104 artykuły"])
        let french = try strings("fr")
        #expect([0, 1, 2, 1_000_000].map { french.count("articles", $0) } == ["0 article", "1 article", "2 articles", "1000000 d’articles"])
        let german = try strings("de")
        #expect([1, 3].map { german.count("searchResults", $0) } == ["1 Ergebnis", "3 Ergebnisse"])
        #expect(german.count("newestOf", 30, ["shown": "10"]) == "Die neuesten 10 von 30 Artikeln")
        #expect(try strings("en").count("articles", 1) == "1 article")
        #expect(try strings("es").count("sources", 1_000_000) == "1000000 de fuentes")
    }

    @Test func datesAndMonthsAreInTheLanguage() throws {
        let site = URL(fileURLWithPath: "/nonexistent-site-\(UUID().uuidString)")
        let utc = try #require(TimeZone(identifier: "UTC"))
        let date = Date(timeIntervalSince1970: 1_791_207_900) // 2026-10-05T13:45:00Z
        var shown: [String] = []
        for language in ["en", "de", "fr", "pl"] {
            let strings = try ThemeStrings.load(language: language, templates: site.appendingPathComponent("templates"), shownAs: "templates", site: site).strings
            let dates = DateDisplay(timeZone: utc, strings: strings)
            shown.append("\(dates.display(date)) | \(dates.displayWithTime(date)) | \(strings.name(of: YearMonth(year: 2026, month: 10)!))")
        }
        #expect(shown == [
            "5 Oct 2026 | 5 Oct 2026, 13:45 UTC | October 2026",
            "5. Okt. 2026 | 5. Okt. 2026, 13:45 UTC | Oktober 2026",
            "5 oct. 2026 | 5 oct. 2026 à 13:45 UTC | octobre 2026",
            "5 paź 2026 | 5 paź 2026, 13:45 UTC | październik 2026",
        ])
        #expect(DateDisplay(timeZone: utc).display(date) == "5 Oct 2026", "the public initializer stays English")
    }

    /// Hourly news is told apart by its time: the build's day and the one before show the time, in the
    /// site's zone and language; other days, and a date ahead of the build, show the day.
    @Test func todayAndYesterdayShowTheirTimeAgainstTheBuildsClock() throws {
        let site = URL(fileURLWithPath: "/nonexistent-site-\(UUID().uuidString)")
        func strings(_ language: String) throws -> ThemeStrings {
            try ThemeStrings.load(language: language, templates: site.appendingPathComponent("templates"), shownAs: "templates", site: site).strings
        }
        let now = Date(timeIntervalSince1970: 1_791_244_800) // 2026-10-06T00:00:00Z
        let utc = DateDisplay(timeZone: try #require(TimeZone(identifier: "UTC")), strings: try strings("en"), now: now)
        #expect(utc.shown(Date(timeIntervalSince1970: 1_791_244_800)) == "Today, 00:00")
        #expect(utc.shown(Date(timeIntervalSince1970: 1_791_207_900)) == "Yesterday, 13:45")
        #expect(utc.shown(Date(timeIntervalSince1970: 1_791_158_399)) == "4 Oct 2026", "23:59:59 two days before is a day")
        #expect(utc.shown(Date(timeIntervalSince1970: 1_791_331_200)) == "7 Oct 2026", "a date ahead of the build shows its day")
        // In Berlin (UTC+2 in October) the build's midnight UTC is already 02:00 on the 6th, and 23:30 UTC on the 5th is 01:30 there.
        let berlin = DateDisplay(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), strings: try strings("de"), now: now)
        #expect(berlin.shown(Date(timeIntervalSince1970: 1_791_243_000)) == "Heute, 01:30")
        #expect(berlin.shown(Date(timeIntervalSince1970: 1_791_207_900)) == "Gestern, 15:45")
        let french = DateDisplay(timeZone: try #require(TimeZone(identifier: "UTC")), strings: try strings("fr"), now: now)
        #expect(french.shown(Date(timeIntervalSince1970: 1_791_207_900)) == "Hier à 13:45")
        // No clock given: every date is a day, as before.
        #expect(DateDisplay(timeZone: try #require(TimeZone(identifier: "UTC")), strings: try strings("en")).shown(now) == "6 Oct 2026")
    }

    @Test func aRegionalTagTakesItsLanguageAndAnUnknownOneEnglishWithAWarning() throws {
        let site = try CheckSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let templates = site.folder.appendingPathComponent("templates")
        let brazil = try ThemeStrings.load(language: "pt-BR", templates: templates, shownAs: "templates", site: site.folder)
        #expect(brazil.strings.language == "pt" && brazil.warning == nil)
        #expect(brazil.strings.text("navSearch") == "Pesquisar")
        let unknown = try ThemeStrings.load(language: "xx", templates: templates, shownAs: "templates", site: site.folder)
        #expect(unknown.strings.language == "en")
        #expect(unknown.strings.text("navSearch") == "Search")
        #expect(unknown.warning?.contains("templates/strings/xx.json") == true, "\(unknown.warning ?? "no warning")")
        // The file the warning names makes the language a table of its own, English under it.
        try site.write("templates/strings/xx.json", #"{"navSearch": "Sook", "articles": {"one": "{count} artiklo", "other": "{count} artikloj"}}"#)
        let added = try ThemeStrings.load(language: "xx", templates: templates, shownAs: "templates", site: site.folder)
        #expect(added.warning == nil && added.strings.language == "xx")
        #expect(added.strings.text("navSearch") == "Sook")
        #expect(added.strings.text("navHome") == "Home")
        #expect(added.strings.count("articles", 2) == "2 artikloj")
    }

    @Test func anOverrideChangesOnlyTheKeysItGives() throws {
        let site = try CheckSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        try site.write("templates/strings/de.json", #"{"navHome": "Übersicht", "articles": {"one": "ein Beitrag", "other": "{count} Beiträge"}, "myFooter": "Impressum"}"#)
        let strings = try ThemeStrings.load(language: "de-AT", templates: site.folder.appendingPathComponent("templates"),
                                            shownAs: "templates", site: site.folder).strings
        #expect(strings.text("navHome") == "Übersicht")
        #expect(strings.text("navSearch") == "Suche", "a key the override leaves out comes from the built-in table")
        #expect([1, 4].map { strings.count("articles", $0) } == ["ein Beitrag", "4 Beiträge"])
        #expect(strings.text("myFooter") == "Impressum", "an override may add keys of its own")
        guard case .object(let value) = strings.templateValue else { Issue.record("not an object"); return }
        #expect(value["myFooter"] == .string("Impressum"))
        #expect(value["searchResults"] == .object(["one": "{count} Ergebnis", "other": "{count} Ergebnisse"]))
    }

    @Test func aSitesRegionalFileLiesOverItsLanguage() throws {
        let site = try CheckSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        try site.write("templates/strings/pt-BR.json", #"{"bookmarksTitle": "Marcadores"}"#)
        try site.write("templates/strings/pt.json", #"{"navHome": "Começo", "bookmarksTitle": "Guardados"}"#)
        let strings = try ThemeStrings.load(language: "pt-BR", templates: site.folder.appendingPathComponent("templates"),
                                            shownAs: "templates", site: site.folder).strings
        #expect(strings.language == "pt")
        #expect([strings.text("bookmarksTitle"), strings.text("navHome"), strings.text("navSearch")] == ["Marcadores", "Começo", "Pesquisar"])
        #expect(strings.count("articles", 0) == "0 artigo", "Portuguese plural rules: 0 takes the one form")
    }

    @Test func wordsShownOutsideThePagesComeFromTheSitesTable() throws {
        let site = try CheckSite(config: #"{"title": "Bucht", "language": "de", "sources": []}"#)
        defer { try? FileManager.default.removeItem(at: site.folder) }
        try site.write("templates/strings/de.json", #"{"bookmarkRemove": "Nicht mehr merken"}"#)
        let texts = try Site.load(from: site.folder).themeTexts(["bookmarkAdd", "bookmarkRemove"])
        #expect(texts == ["bookmarkAdd": "Merken", "bookmarkRemove": "Nicht mehr merken"])
    }

    @Test func fillingInIsOnePass() {
        #expect(ThemeStrings.fill("Tag: {name}, {count}", ["name": "{count}", "count": "3"]) == "Tag: {count}, 3")
        #expect(ThemeStrings.fill("{unknown} {name}", ["name": "x"]) == "{unknown} x")
    }

    @Test func aBrokenStringsFileStopsTheBuildWithItsPlace() throws {
        let site = try CheckSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let templates = site.folder.appendingPathComponent("templates")
        try site.write("templates/strings/de.json", "{\n  \"navHome\": \"Start\",\n  \"navSearch\": \n}\n")
        #expect(throws: BuildError(path: "templates/strings/de.json:4:1", "not valid JSON (invalid value)")) {
            try ThemeStrings.load(language: "de", templates: templates, shownAs: "templates", site: site.folder)
        }
        try site.write("templates/strings/de.json", #"{"articles": {"one": "ein Artikel", "several": "{count}"}}"#)
        #expect(throws: BuildError(path: "templates/strings/de.json:1:2",
                                   "'articles.several' is not a plural form: use strings for 'one', 'few', 'many', 'other'")) {
            try ThemeStrings.load(language: "de", templates: templates, shownAs: "templates", site: site.folder)
        }
        try site.write("templates/strings/de.json", #"{"articles": {"one": "ein Artikel"}}"#)
        #expect(throws: BuildError(path: "templates/strings/de.json:1:2", "'articles' has no 'other' form")) {
            try ThemeStrings.load(language: "de", templates: templates, shownAs: "templates", site: site.folder)
        }
        try site.write("templates/strings/de.json", #"["navHome"]"#)
        #expect(throws: BuildError(path: "templates/strings/de.json", "must be a JSON object of strings by key, not a list")) {
            try ThemeStrings.load(language: "de", templates: templates, shownAs: "templates", site: site.folder)
        }
    }

    @Test func checkReportsUnknownKeysAndMissingFormsButNotKeysATemplateUses() throws {
        let site = try CheckSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        try site.write("templates/strings/pl.json", #"{"navHom": "Start", "myFooter": "Stopka", "articles": {"one": "{count} artykuł", "other": "{count} artykułu"}}"#)
        try site.write("templates/layout.mustache", String(BuiltInTheme.templates["layout"]!).replacingOccurrences(of: "</body>", with: "<p>{{strings.myFooter}}</p></body>"))
        let report = site.check()
        #expect(report.findings(in: .templates) == [
            CheckFinding(.warning, .templates, location: "templates/strings/pl.json",
                         "'articles' has no 'few', 'many' form, which 'pl' counts need; the 'other' form is shown instead"),
            CheckFinding(.warning, .templates, location: "templates/strings/pl.json",
                         "unknown key 'navHom': no built-in table has it and no template uses {{strings.navHom}}; did you mean 'navHome'?"),
        ])
        let unknown = try CheckSite(config: #"{"title": "Bay", "language": "eo", "sources": [{"id": "news", "path": "feeds/news.xml"}]}"#)
        defer { try? FileManager.default.removeItem(at: unknown.folder) }
        #expect(unknown.check().findings(in: .templates) == [
            CheckFinding(.warning, .templates, location: "site.json",
                         "no strings for language 'eo'; the theme shows English. Add templates/strings/eo.json to translate it"),
        ])
        try site.write("templates/strings/pl.json", "{\"navHome\": }")
        #expect(site.check().findings(in: .templates) == [
            CheckFinding(.problem, .templates, location: "templates/strings/pl.json:1:13", "not valid JSON (invalid value)"),
        ])
    }
}
