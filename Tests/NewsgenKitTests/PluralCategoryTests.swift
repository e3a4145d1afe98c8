import Testing
@testable import NewsgenKit

@Suite("Plural categories follow CLDR for each theme language")
struct PluralCategoryTests {
    private let counts = [0, 1, 2, 5, 12, 22, 25, 101]

    private func categories(_ language: String) -> [PluralCategory] {
        counts.map { PluralCategory.of($0, language: language) }
    }

    @Test("English, German, Dutch, Italian and Spanish: one only for 1", arguments: ["en", "de", "nl", "it", "es"])
    func oneForOne(language: String) {
        #expect(categories(language) == [.other, .one, .other, .other, .other, .other, .other, .other])
    }

    @Test("French and Portuguese: one for 0 and 1", arguments: ["fr", "pt"])
    func oneForZeroAndOne(language: String) {
        #expect(categories(language) == [.one, .one, .other, .other, .other, .other, .other, .other])
    }

    @Test("Polish: one, few for 2–4 except 12–14, many otherwise")
    func polish() {
        #expect(categories("pl") == [.many, .one, .few, .many, .many, .few, .many, .many])
        #expect(PluralCategory.of(14, language: "pl") == .many)
        #expect(PluralCategory.of(104, language: "pl") == .few)
    }

    @Test("A million takes the many form in French, Spanish, Italian and Portuguese", arguments: ["fr", "es", "it", "pt"])
    func millions(language: String) {
        #expect(PluralCategory.of(1_000_000, language: language) == .many)
        #expect(PluralCategory.of(1_000_001, language: language) == .other)
    }

    @Test("Each language needs a form for every category it selects", arguments: ThemeLanguage.builtIn)
    func neededCoversSelected(language: String) {
        let selected = Set((0...2_000_000).lazy.filter { $0 < 1_000 || $0 % 1_000_000 == 0 }.map { PluralCategory.of($0, language: language) })
        #expect(selected.isSubset(of: Set(PluralCategory.needed(by: language))))
    }
}

@Suite("site.language picks a strings table")
struct ThemeLanguageTests {
    @Test("An exact tag, case-insensitively")
    func exact() {
        #expect(ThemeLanguage.resolve("de") == ("de", nil))
        #expect(ThemeLanguage.resolve("FR").language == "fr")
    }

    @Test("A regional tag falls back to its language", arguments: [("pt-BR", "pt"), ("de-AT", "de"), ("en_GB", "en"), ("NL-be", "nl")])
    func regional(tag: String, language: String) {
        let resolved = ThemeLanguage.resolve(tag)
        #expect(resolved.language == language)
        #expect(resolved.warning == nil)
    }

    @Test("An unknown language gives English and a warning naming the file to add")
    func unknown() {
        let resolved = ThemeLanguage.resolve("xx")
        #expect(resolved.language == "en")
        #expect(resolved.warning?.contains("templates/strings/xx.json") == true)
    }

    @Test("A site's own table counts as available")
    func siteTable() {
        #expect(ThemeLanguage.resolve("sv-SE", available: ThemeLanguage.builtIn + ["sv"]) == ("sv", nil))
    }
}
