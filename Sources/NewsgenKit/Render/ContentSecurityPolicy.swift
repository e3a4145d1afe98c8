import NewsgenModel

/// The Content-Security-Policy every page carries (as `page.contentSecurityPolicy`,
/// set by the default layout in a `<meta http-equiv>`): a second wall behind
/// the sanitizer, so that even markup the sanitizer let through by mistake
/// could not run script, load a stylesheet or plugin from elsewhere, submit a
/// form or rebase the page's links.
///
/// - Script, styles and fonts only from the site itself: no inline script or
///   style, no `eval`, nothing from another host.
/// - Images only from the site itself: the image cache localizes every image
///   (ADR 010), so a request for a publisher's image can only come from markup
///   the sanitizer let through by mistake. Audio and video (not localized) from
///   anywhere over http or https.
/// - Frames only from the hosts of `embeds.allow` (each with its subdomains),
///   https only; none at all by default.
/// - `connect-src 'self'`: the search page's script reads the site's own
///   search index, and nothing else.
/// - `base-uri 'none'` and `form-action 'none'`; everything else (`object-src`,
///   `manifest-src`, …) falls back to `default-src 'none'`.
///
/// `frame-ancestors`, `report-uri` and `sandbox` are ignored in a `<meta>`
/// policy, so they are not set; framing protection needs a response header
/// from the web server.
enum ContentSecurityPolicy {
    /// The policy for a site whose embeds come from `embedHosts`; deterministic for one configuration.
    static func make(embedHosts: [String]) -> String {
        let hosts = embedHosts.map { $0.lowercased() }.filter(EmbedsConfig.isValidHost)
        var seen: Set<String> = []
        let frameSources = hosts.filter { seen.insert($0).inserted }.flatMap { ["https://\($0)", "https://*.\($0)"] }
        return [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            "media-src 'self' https: http:",
            "font-src 'self'",
            "connect-src 'self'",
            "frame-src " + (frameSources.isEmpty ? "'none'" : frameSources.joined(separator: " ")),
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }
}
