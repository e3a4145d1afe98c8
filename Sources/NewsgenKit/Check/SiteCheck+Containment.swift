extension SiteCheck {
    /// What a build warns about before it reads anything (`SiteContainment`): site.json's paths that
    /// leave the site folder and the links in `static/`, under site.json; the links the theme leaves out,
    /// under templates.
    static func containment(_ site: Site) -> [CheckFinding] {
        func findings(_ warnings: [BuildWarning], in area: CheckArea) -> [CheckFinding] {
            warnings.map { CheckFinding(.warning, area, location: $0.path, $0.reason) }
        }
        return findings(SiteContainment.pathWarnings(site) + SiteContainment.staticWarnings(site), in: .siteJSON)
            + findings(SiteContainment.themeWarnings(site), in: .templates)
    }
}
