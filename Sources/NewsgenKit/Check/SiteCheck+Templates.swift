import Foundation
import Mustache
import NewsgenModel

extension SiteCheck {
    /// The theme as a build loads it (the built-in templates with the site's `templates/` laid over
    /// them): each template's parse errors, each `{{>partial}}` that names no template, a page template
    /// that is missing, (a warning) a site template nothing uses, and the site's strings files (`strings`).
    static func templates(_ site: Site) -> CheckPart {
        let shownAs = "templates"
        let sources: [String: String]
        let fromSite: Set<String>
        do {
            (sources, fromSite) = try Templates.sources(from: site.templatesDirectory, shownAs: shownAs, site: site.directory)
        } catch {
            return CheckPart(findings: [CheckFinding(.problem, .templates, location: error.path, error.reason)],
                             summary: "templates (not readable)")
        }
        var findings: [CheckFinding] = []
        var references: [String: [MustachePartialReference]] = [:]
        var allParsed = true
        for name in sources.keys.sorted() {
            let file = Templates.file(name, fromSite: fromSite, shownAs: shownAs)
            do {
                references[name] = try MustacheTemplate(source: sources[name] ?? "", name: name).partialReferences
            } catch {
                allParsed = false
                findings.append(CheckFinding(.problem, .templates, location: location(file, line: error.line, column: error.column),
                                             error.reason))
            }
        }
        for name in Templates.pageTemplates where sources[name] == nil {
            findings.append(CheckFinding(.problem, .templates, location: "\(shownAs)/\(name).mustache",
                                         "not found: the built-in theme lacks it (run 'make embed-templates')"))
        }
        for (name, partials) in references.sorted(by: { $0.key < $1.key }) {
            let file = Templates.file(name, fromSite: fromSite, shownAs: shownAs)
            for partial in partials where sources[partial.name] == nil {
                findings.append(CheckFinding(.problem, .templates, location: "\(file):\(partial.line):\(partial.column)",
                                             "unknown partial '\(partial.name)'"))
            }
        }
        findings += unboundedExpansions(references, fromSite: fromSite, shownAs: shownAs)
        findings += strings(site, templateSources: sources)
        // Only when every template parsed: a template that did not may be the one that uses a partial.
        if allParsed {
            var used = Set(Templates.pageTemplates)
            for (name, partials) in references {
                for partial in partials where partial.name != name { used.insert(partial.name) }
            }
            for name in fromSite.sorted() where !used.contains(name) {
                findings.append(CheckFinding(.warning, .templates, location: "\(shownAs)/\(name).mustache",
                                             "never used: not a page template, and no template includes it as a partial"))
            }
        }
        let own = fromSite.isEmpty ? "" : " (\(Wording.grouped(fromSite.count)) from \(shownAs)/)"
        return CheckPart(findings: findings, summary: Wording.counted(sources.count, "template") + own)
    }

    /// Partials that include one another in a way no data can bound (`MustachePartialGraph`): a
    /// cycle included more than once per level is a problem (a build stops at the render budget);
    /// one that never ends is a warning (it stops at the depth limit, its output repeated).
    static func unboundedExpansions(_ references: [String: [MustachePartialReference]], fromSite: Set<String>,
                                    shownAs: String) -> [CheckFinding] {
        MustachePartialGraph.unboundedCycles(references).compactMap { cycle in
            guard let first = cycle.references.first else { return nil }
            let location = "\(Templates.file(cycle.template, fromSite: fromSite, shownAs: shownAs)):\(first.line):\(first.column)"
            let others = cycle.templates.filter { $0 != cycle.template }
            let path = others.isEmpty ? "itself" : "itself through \(others.map { "'\($0)'" }.joined(separator: ", "))"
            let limits = MustacheLimits.standard
            switch cycle.kind {
            case .multiplies:
                let places = cycle.references.map { "\($0.line):\($0.column)" }.joined(separator: ", ")
                return CheckFinding(.problem, .templates, location: location,
                                    "'\(cycle.template)' includes \(path) \(cycle.references.count) times (at \(places)), so each level "
                                        + "multiplies the page and its expansion is unbounded; a build stops after "
                                        + "\(limits.partialExpansions) partials")
            case .neverEnds:
                return CheckFinding(.warning, .templates, location: location,
                                    "'\(cycle.template)' includes \(path) outside any section, so its expansion never ends; "
                                        + "it stops at \(limits.partialDepth) levels, its output repeated")
            }
        }
    }
}
