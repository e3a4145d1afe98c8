extension SiteCheck {
    /// What a build warns about before it reads anything (`SiteContainment`): site.json's paths that
    /// leave the site folder and the links in `static/`, under site.json; the links the theme leaves out,
    /// under templates. Then the links in the folders a build writes that lead out (ADR 047), under
    /// site.json too: a problem in the archive, where a build stops, a warning elsewhere.
    static func containment(_ site: Site) -> [CheckFinding] {
        func findings(_ warnings: [BuildWarning], in area: CheckArea) -> [CheckFinding] {
            warnings.map { CheckFinding(.warning, area, location: $0.path, $0.reason) }
        }
        let written = SiteContainment.writtenFolderLinks(site).map { link in
            CheckFinding(link.stopsBuilds ? .problem : .warning, .siteJSON, location: link.finding.path, link.finding.reason)
        }
        return findings(SiteContainment.pathWarnings(site) + SiteContainment.staticWarnings(site), in: .siteJSON)
            + findings(SiteContainment.themeWarnings(site), in: .templates) + written
    }
}
