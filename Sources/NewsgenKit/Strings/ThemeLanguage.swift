/// Which strings table a site's `language` picks (ADR 040): the exact tag, then the language of a
/// regional tag (`pt-BR` → `pt`), case-insensitively; else English, with a warning that names the
/// file to add, since a site in an unknown language still builds. The warning is about site.json's `language`.
enum ThemeLanguage {
    /// The languages with a built-in table.
    static let builtIn = ["de", "en", "es", "fr", "it", "nl", "pl", "pt"]

    /// The table for `tag` among `available`, and the warning when there is none.
    static func resolve(_ tag: String, available: [String] = builtIn) -> (language: String, warning: String?) {
        let wanted = tag.lowercased().replacingOccurrences(of: "_", with: "-")
        let tables = Set(available.map { $0.lowercased() })
        if tables.contains(wanted) { return (wanted, nil) }
        if let base = wanted.split(separator: "-").first.map(String.init), tables.contains(base) { return (base, nil) }
        return ("en", "no strings for language '\(tag)'; the theme shows English. "
                    + "Add templates/strings/\(wanted).json to translate it")
    }
}
