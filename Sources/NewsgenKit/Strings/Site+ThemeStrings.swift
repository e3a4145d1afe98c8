import Foundation

extension Site {
    /// The site's strings table: its language's built-in table with the site's own
    /// `templates/strings/<lang>.json` over it, as a build loads it with the templates.
    func themeStrings() throws(BuildError) -> ThemeStrings {
        try ThemeStrings.load(language: config.language, templates: templatesDirectory, shownAs: "templates", site: directory).strings
    }

    /// The theme's words for `keys`, for what shows words outside the rendered pages
    /// (`newsgen serve`'s bookmark buttons and error overlay).
    public func themeTexts(_ keys: [String]) throws(BuildError) -> [String: String] {
        let strings = try themeStrings()
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, strings.text($0)) })
    }
}
