/// The CLDR plural categories a count's words take, for whole numbers (counts of articles,
/// sources, failures): the strings tables of issue 19 give one form per category their language uses.
/// Rules from CLDR's plurals.xml, integer cases only (`v = 0`, no exponent).
enum PluralCategory: String, Sendable, CaseIterable {
    case one, few, many, other

    /// The category of `count` in `language` (a bare language code, "pt", as `ThemeLanguage.resolve` gives).
    /// A language without rules here is treated as English.
    static func of(_ count: Int, language: String) -> PluralCategory {
        let n = count.magnitude
        switch language {
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "fr", "pt":
            // fr: i = 0,1; pt: i = 0..1; both: many for a non-zero multiple of a million.
            if n <= 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "es", "it":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        default:
            return n == 1 ? .one : .other
        }
    }

    /// The categories a table for `language` must give a form for.
    static func needed(by language: String) -> [PluralCategory] {
        switch language {
        case "pl": [.one, .few, .many, .other]
        case "fr", "pt", "es", "it": [.one, .many, .other]
        default: [.one, .other]
        }
    }
}
