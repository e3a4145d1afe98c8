extension SiteCheck {
    /// The Markdown articles, read as a build reads them (front matter with libyaml, body with
    /// cmark-gfm). A file the build would skip (bad front matter, not UTF-8) is a problem here:
    /// the build only warns, since it must still publish, but the article would be missing.
    static func articles(_ site: Site) -> CheckPart {
        let read: MarkdownReader.Result
        do {
            read = try MarkdownReader.read(site: site)
        } catch {
            return CheckPart(findings: [CheckFinding(.problem, .articles, location: error.path, error.reason)],
                             summary: "Markdown articles (not readable)")
        }
        let findings = read.warnings.map { CheckFinding(.problem, .articles, location: $0.path, $0.reason) }
        return CheckPart(findings: findings, summary: Wording.counted(read.presentIDs.count, "Markdown article"))
    }
}
