import Foundation
import NewsgenModel

extension SiteCheck {
    /// Each `templates/strings/<lang>.json` of the site: a file that is not a strings table is a problem
    /// (the build stops on it); a key that no built-in table has and no template reads (`{{strings.KEY}}`
    /// in `templateSources`) is a warning naming the file and the key, since it changes nothing, most
    /// likely a misspelt key; so is a plural entry without a form its language needs, and a site.json
    /// `language` that no table has (the site shows English).
    static func strings(_ site: Site, templateSources: [String: String]) -> [CheckFinding] {
        let shownAs = "templates/\(ThemeStrings.folder)"
        var findings: [CheckFinding] = []
        let files: [SiteFolderListing.File]
        do {
            files = try FileSystem.siteFiles(in: site.templatesDirectory.appendingPathComponent(ThemeStrings.folder),
                                             site: site.directory, suffix: ".json").files
        } catch {
            return [CheckFinding(.problem, .templates, location: error.path, error.reason)]
        }
        let own = files.map { String($0.path.dropLast(".json".count)) }
        if let warning = ThemeLanguage.resolve(site.config.language, available: ThemeLanguage.builtIn + own).warning {
            findings.append(CheckFinding(.warning, .templates, location: Site.configFileName, warning))
        }
        let known = ThemeStrings.english.entries
        let used = usedKeys(templateSources)
        for file in files {
            let shown = "\(shownAs)/\(file.path)"
            let entries: [String: ThemeStrings.Entry]
            do {
                entries = try ThemeStrings.parse(try FileSystem.read(file.source, shownAs: shown), shownAs: shown)
            } catch {
                findings.append(CheckFinding(.problem, .templates, location: error.path, error.reason))
                continue
            }
            let table = ThemeLanguage.resolve(String(file.path.dropLast(".json".count))).language
            let language = table.split(separator: "-").first.map(String.init) ?? table
            for key in entries.keys.sorted() {
                if known[key] == nil && !used.contains(key) {
                    let near = Suggestion.closest(to: key, among: Array(known.keys) + Array(used)).map { "; did you mean '\($0)'?" } ?? ""
                    findings.append(CheckFinding(.warning, .templates, location: shown,
                                                 "unknown key '\(key)': no built-in table has it and no template uses {{strings.\(key)}}\(near)"))
                }
                if case .plural(let forms) = entries[key] {
                    let missing = PluralCategory.needed(by: language).filter { forms[$0] == nil }
                    if !missing.isEmpty {
                        findings.append(CheckFinding(.warning, .templates, location: shown,
                                                     "'\(key)' has no \(missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")) form, "
                                                         + "which '\(language)' counts need; the 'other' form is shown instead"))
                    }
                }
            }
        }
        return findings
    }

    /// The keys templates read as `{{strings.KEY}}` (or `strings.KEY.one`, a section `{{#strings.KEY}}`).
    static func usedKeys(_ templateSources: [String: String]) -> Set<String> {
        var keys: Set<String> = []
        for source in templateSources.values {
            var rest = source[...]
            while let range = rest.range(of: "strings.") {
                let key = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !key.isEmpty { keys.insert(String(key)) }
                rest = rest[range.upperBound...]
            }
        }
        return keys
    }
}
