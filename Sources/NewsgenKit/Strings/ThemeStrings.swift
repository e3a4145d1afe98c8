import Foundation
import Mustache
import NewsgenModel

/// Every word the theme shows, in one language (ADR 040): the built-in table of `site.language`
/// (`templates/strings/<lang>.json` in `BuiltInTheme.strings`), the English one under it for any key
/// it lacks, and the site's own `templates/strings/<lang>.json` over both. Templates read the plain
/// texts as `{{strings.key}}`; what holds a number (`{count}`) is made here, in the plural form the
/// language's CLDR rule picks (`PluralCategory`).
struct ThemeStrings: Sendable {
    /// One key's value: a text, or a plural entry with a form for each category.
    enum Entry: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])
    }

    /// The bare language whose table this is ("pt" for a site in "pt-BR"), whose plural rules counts follow.
    let language: String
    let entries: [String: Entry]

    /// The English table, the fallback of every key (and what a renderer without a site uses).
    static let english = ThemeStrings(language: "en", entries: builtInEntries("en"))

    /// The table for `tag`, with the site's override from `directory/strings/<lang>.json` (shown as
    /// `shownAs/strings/<lang>.json`) when there is one, and the warning when no table has the language.
    static func load(language tag: String, templates directory: URL, shownAs: String,
                     site: URL? = nil) throws(BuildError) -> (strings: ThemeStrings, warning: String?) {
        let folder = directory.appendingPathComponent(Self.folder)
        let files = try FileSystem.siteFiles(in: folder, site: site ?? directory.deletingLastPathComponent(), suffix: ".json").files
        let ownLanguages = files.map { String($0.path.dropLast(".json".count)) }
        let (table, warning) = ThemeLanguage.resolve(tag, available: ThemeLanguage.builtIn + ownLanguages)
        // A regional table (a site's pt-br.json) lies over its language's (pt), built in and the site's own.
        let language = table.split(separator: "-").first.map(String.init) ?? table
        let layers = language == table ? [language] : [language, table]
        var entries = english.entries
        for layer in layers { entries.merge(builtInEntries(layer)) { _, table in table } }
        for layer in layers {
            guard let file = files.first(where: { $0.path.lowercased() == "\(layer).json" }) else { continue }
            let shown = "\(shownAs)/\(Self.folder)/\(file.path)"
            let override = try parse(try FileSystem.read(file.source, shownAs: shown), shownAs: shown)
            entries.merge(override) { _, own in own }
        }
        return (ThemeStrings(language: language, entries: entries), warning)
    }

    /// The folder of strings files inside `templates/`.
    static let folder = "strings"

    /// The built-in table of `language`, or none.
    private static func builtInEntries(_ language: String) -> [String: Entry] {
        guard let text = BuiltInTheme.strings[language] else { return [:] }
        // The built-in tables are checked by BuiltInThemeTests; a broken one gives English rather than no site.
        return (try? parse(Data(text.utf8), shownAs: "built-in strings/\(language).json")) ?? [:]
    }

    /// A strings file: one JSON object whose values are texts, or objects of plural forms by category
    /// (`one`, `few`, `many`, `other`; `other` required).
    static func parse(_ data: Data, shownAs: String) throws(BuildError) -> [String: Entry] {
        let document: JSONDocument
        do {
            document = try JSONDocument(data)
        } catch {
            let place = JSONDocument.place(of: error, in: [UInt8](data)).map { ":\($0.line):\($0.column)" } ?? ""
            throw BuildError(path: shownAs + place, "not valid JSON (\(error.reason))")
        }
        guard document.root.isObject else {
            throw BuildError(path: shownAs, "must be a JSON object of strings by key, not \(document.root.typeName)")
        }
        if let problem = document.firstProblem() { throw BuildError(path: "\(shownAs):\(problem.place)", problem.message) }
        var entries: [String: Entry] = [:]
        for member in document.root.members {
            let at = "\(shownAs):\(member.keyPlace.line):\(member.keyPlace.column)"
            if let text = member.value.string {
                entries[member.key] = .text(text)
                continue
            }
            guard member.value.isObject else {
                throw BuildError(path: at, "'\(member.key)' must be a string or an object of plural forms, not \(member.value.typeName)")
            }
            var forms: [PluralCategory: String] = [:]
            for form in member.value.members {
                guard let category = PluralCategory(rawValue: form.key), let text = form.value.string else {
                    throw BuildError(path: at, "'\(member.key).\(form.key)' is not a plural form: use strings for "
                                         + PluralCategory.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
                }
                forms[category] = text
            }
            guard forms[.other] != nil else { throw BuildError(path: at, "'\(member.key)' has no 'other' form") }
            entries[member.key] = .plural(forms)
        }
        return entries
    }

    /// The text of `key` with each `{name}` of `values` filled in; a plural entry gives its `other`
    /// form, a missing key its own name (so a template's mistake shows on the page, not as a gap).
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        switch entries[key] {
        case .text(let text): Self.fill(text, values)
        case .plural(let forms): Self.fill(forms[.other] ?? key, values)
        case nil: key
        }
    }

    /// `key`'s form for `count` (`{count}` filled in, and `values`): "1 article", "3 Artikel", "5 artykułów".
    func count(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        values["count"] = String(count)
        guard case .plural(let forms) = entries[key] else { return text(key, values) }
        let category = PluralCategory.of(count, language: language)
        return Self.fill(forms[category] ?? forms[.other] ?? key, values)
    }

    /// `{{strings.…}}`: every text by key, and each plural entry as an object of its forms
    /// (`{{strings.searchResults.one}}`, for search.js), made once per build.
    var templateValue: MustacheValue {
        .object(entries.mapValues { entry in
            switch entry {
            case .text(let text): .string(text)
            case .plural(let forms): .object(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, .string($0.value)) }))
            }
        })
    }

    /// `text` with `{name}` replaced by `values[name]`, in one pass (a filled-in tag name holding
    /// `{count}` stays as it is); other braces are left as they are.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest.index(after: open)
            if let close = rest[after...].firstIndex(of: "}"), let value = values[String(rest[after..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[after...]
            }
        }
        return result + rest
    }
}
