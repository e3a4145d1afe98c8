import Foundation
import Testing
@testable import NewsgenKit

/// The built-in strings table of `language`, as the theme ships it: for tests that hold every language to a set of keys.
enum BuiltInStrings {
    static func table(_ language: String) throws -> ThemeStrings {
        ThemeStrings(language: language,
                     entries: try ThemeStrings.parse(Data(try #require(BuiltInTheme.strings[language]).utf8), shownAs: "\(language).json"))
    }

    /// Every key in `keys` is in `language`'s table, and, but in English, differs from the English text.
    static func expectTranslated(_ keys: [String], in language: String) throws {
        let english = try table("en"), translated = try table(language)
        for key in keys {
            #expect(translated.entries[key] != nil, "\(language).json has no \(key)")
            if language != "en" { #expect(translated.entries[key] != english.entries[key], "\(language).json: \(key) is the English text") }
        }
    }
}
