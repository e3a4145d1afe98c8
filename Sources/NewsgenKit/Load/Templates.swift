import Foundation
import Mustache
import NewsgenModel

/// The theme: the built-in templates and assets (`BuiltInTheme`, embedded in the binary so a
/// site needs no theme of its own), with the site's `templates/` laid over them file by file.
/// A site's `templates/NAME.mustache` replaces the built-in template of that name or adds a new
/// partial; a file in `templates/assets/` replaces or adds the asset of that name. Assets are
/// published under `/assets/`. `templates/strings/<lang>.json` adds or overrides words (`ThemeStrings`).
struct Templates: Sendable {
    static let pageTemplates = ["layout", "home", "archive", "month", "redirect", "article", "bookmarks", "sources", "source", "tag", "search", "notfound"]
    /// What a template file's name ends with.
    static let suffix = ".mustache"

    let library: MustacheLibrary
    /// Asset files by name, as bytes, sorted by name.
    let assets: [(name: String, data: Data)]
    /// The words of the site's language (English unless `load` is given another).
    var strings: ThemeStrings = .english
    /// Why the theme shows English for a language it has no table for (`ThemeLanguage.resolve`).
    var languageWarning: String?

    /// The built-in theme overridden by the files in `directory` (which may be missing);
    /// `shownAs` names that folder in errors about the site's own files. A symbolic link that
    /// leads outside `site` (the folder above `directory` unless given) is left out, as
    /// `SiteContainment` warns. Each page renders within `limits`, in `language`'s words.
    static func load(from directory: URL, shownAs: String, site: URL? = nil, language: String = "en",
                     limits: MustacheLimits = .standard) throws(BuildError) -> Templates {
        let site = site ?? directory.deletingLastPathComponent()
        let (sources, fromSite) = try sources(from: directory, shownAs: shownAs, site: site)
        for name in pageTemplates where sources[name] == nil {
            throw BuildError(path: "\(shownAs)/\(name).mustache", "not found: the built-in theme lacks it (run 'make embed-templates')")
        }
        let library: MustacheLibrary
        do {
            library = try MustacheLibrary(templates: sources, limits: limits)
        } catch {
            throw BuildError(path: "\(file(error.name, fromSite: fromSite, shownAs: shownAs)):\(error.line):\(error.column)", error.reason)
        }
        var assets: [String: Data] = BuiltInTheme.assets.mapValues { Data($0.utf8) }
        let assetsDirectory = directory.appendingPathComponent("assets")
        for file in try FileSystem.siteFiles(in: assetsDirectory, site: site).files {
            let name = file.path
            guard Route(path: Route.asset(name: name).path) != nil else {
                throw BuildError(path: "\(shownAs)/assets/\(name)", "has a name a URL cannot carry plainly; use letters, digits, '-', '_' and '.'")
            }
            assets[name] = try FileSystem.read(file.source, shownAs: "\(shownAs)/assets/\(name)")
        }
        let (strings, warning) = try ThemeStrings.load(language: language, templates: directory, shownAs: shownAs, site: site)
        return Templates(library: library, assets: assets.sorted { $0.key < $1.key }.map { (name: $0.key, data: $0.value) },
                         strings: strings, languageWarning: warning)
    }

    /// What one page's render may do: the standard budget, its output raised so that an article as
    /// large as `fetch.maxFeedMB` lets a feed be fits three times over (the page around it, escaping).
    static func limits(for config: SiteConfig) -> MustacheLimits {
        var limits = MustacheLimits.standard
        limits.outputBytes = max(limits.outputBytes, 3 * config.fetch.maxFeedMB * 1_048_576)
        return limits
    }

    /// The theme's template sources by name: the built-in ones with the site's files in `directory`
    /// laid over them, and the names the site's folder supplied (`load`, and `newsgen check`, which
    /// parses each one on its own to report every problem, not only the first).
    static func sources(from directory: URL, shownAs: String,
                        site: URL? = nil) throws(BuildError) -> (sources: [String: String], fromSite: Set<String>) {
        var sources = BuiltInTheme.templates
        var fromSite: Set<String> = []
        for file in try FileSystem.siteFiles(in: directory, site: site ?? directory.deletingLastPathComponent(), suffix: suffix).files {
            let name = String(file.path.dropLast(suffix.count))
            let data = try FileSystem.read(file.source, shownAs: "\(shownAs)/\(file.path)")
            guard let text = String(data: data, encoding: .utf8) else {
                throw BuildError(path: "\(shownAs)/\(file.path)", "is not UTF-8 text")
            }
            sources[name] = text
            fromSite.insert(name)
        }
        return (sources, fromSite)
    }

    /// How messages name the template `name`: the site's file (`templates/NAME.mustache`), or the
    /// built-in one the site did not override (`built-in NAME.mustache`).
    static func file(_ name: String, fromSite: Set<String>, shownAs: String) -> String {
        fromSite.contains(name) || BuiltInTheme.templates[name] == nil ? "\(shownAs)/\(name).mustache" : "built-in \(name).mustache"
    }
}
