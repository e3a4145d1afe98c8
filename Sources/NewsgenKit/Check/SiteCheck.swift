import Foundation
import NewsgenModel

/// `newsgen check`: everything a build depends on, looked at without building — site.json,
/// the theme, the bookmark manifest, every source — and the links of the last built site.
/// Reads only: it writes nothing in the site (no archive, no state.json, no cache).
public enum SiteCheck {
    /// Checks the site in `siteDirectory`. A site.json that cannot be loaded is the one problem
    /// reported, since nothing else can be checked without it.
    public static func run(siteDirectory: URL, options: SiteCheckOptions = SiteCheckOptions()) -> CheckReport {
        let site: Site
        do {
            site = try loadSite(siteDirectory)
        } catch {
            let note = CheckFinding(.note, .siteJSON,
                                    "nothing else was checked: the templates, the manifest, the sources and the links need a site.json that loads")
            return CheckReport(findings: [error.finding, note], checkedSummary: [])
        }
        var findings = containment(site)
        var summary = ["site.json"]
        // Read once: the manifest is checked against it, and the sources' full text is counted from it.
        let archive = Result { () throws(BuildError) in try site.archiveStore.load() }
        for part in [templates(site), manifest(site, archive: archive), sources(site, options: options), articles(site), links(site, options: options)] {
            findings += part.findings
            summary.append(part.summary)
        }
        findings += fullTextNotes(site, archive: try? archive.get())
        return CheckReport(findings: CheckFinding.sorted(findings), checkedSummary: summary)
    }

    /// site.json, read and validated as `Site.load` does, with its error split into place and reason.
    static func loadSite(_ directory: URL) throws(SiteJSONProblem) -> Site {
        let file = directory.appendingPathComponent(Site.configFileName)
        guard FileSystem.exists(file) else {
            throw SiteJSONProblem(finding: CheckFinding(.problem, .siteJSON, location: Site.configFileName,
                                                        "not found (is \(directory.path) a newsgen site?)"))
        }
        let data: Data
        do {
            data = try Site.readConfig(file, shownAs: Site.configFileName)
        } catch {
            throw SiteJSONProblem(finding: CheckFinding(.problem, .siteJSON, location: error.path, error.reason))
        }
        do {
            return Site(directory: directory, config: try SiteConfig.decodeSite(data, file: Site.configFileName))
        } catch {
            throw SiteJSONProblem(finding: CheckFinding(.problem, .siteJSON,
                                                        location: location(error.file, line: error.line, column: error.column), error.message))
        }
    }

    /// `file`, `file:line` or `file:line:column`.
    static func location(_ file: String, line: Int?, column: Int?) -> String {
        guard let line, line > 0 else { return file }
        guard let column, column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}

/// One area's findings and the line saying what it looked at.
struct CheckPart {
    var findings: [CheckFinding] = []
    var summary: String
}

/// site.json could not be loaded: the one problem of the check.
struct SiteJSONProblem: Error {
    var finding: CheckFinding
}
