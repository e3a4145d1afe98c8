extension SiteCheck {
    /// The Markdown articles, read as a build reads them (front matter with libyaml, body with
    /// cmark-gfm). A file the build would skip (bad front matter, not UTF-8) is a problem here:
    /// the build only warns, since it must still publish, but the article would be missing. A symbolic
    /// link that leads outside the site is a warning, as in the build.
    static func articles(_ site: Site) -> CheckPart {
        let read: MarkdownReader.Result
        do {
            read = try MarkdownReader.read(site: site)
        } catch {
            return CheckPart(findings: [CheckFinding(.problem, .articles, location: error.path, error.reason)],
                             summary: "Markdown articles (not readable)")
        }
        // A link left out is what the build warns about; an article that does not parse is missing from the site.
        let findings = read.warnings.map { warning in
            CheckFinding(read.skippedLinks.contains(warning) ? .warning : .problem, .articles, location: warning.path, warning.reason)
        }
        return CheckPart(findings: findings, summary: Wording.counted(read.presentIDs.count, "Markdown article"))
    }
}
