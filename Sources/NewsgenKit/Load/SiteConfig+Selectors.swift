import Foundation
import NewsgenExtract
import NewsgenModel

extension SiteConfig {
    /// site.json as every command reads it: decoded, and each source's rules read as selectors
    /// (`SelectorQuery`), so a rule that cannot be read stops `check` and `build` alike, with its
    /// key and position: `'sources[2].fullText.select' of source 'blog': expected a name after '.' at 9`.
    static func decodeSite(_ data: Data, file: String) throws(ConfigError) -> SiteConfig {
        try decode(data, file: file, selectorCheck: selectorProblem)
    }

    /// Why `text` is no selector newsgen reads ("expected a name after '.' at 9"), nil when it is one.
    static func selectorProblem(_ text: String) -> String? {
        do {
            _ = try SelectorQuery(text)
            return nil
        } catch {
            return error.description
        }
    }
}

extension SourceConfig {
    /// The source's rules, compiled; nil when it has none. site.json was checked when read, so
    /// rules that do not compile here come from a config built by hand (tests) and are left out.
    var extractionRules: ExtractionRules? {
        guard let rules, !rules.isEmpty else { return nil }
        return try? ExtractionRules(select: rules.select, remove: rules.remove)
    }
}
