import NewsgenModel

/// Which `<iframe>` embeds survive, and the fixed form they are written in.
/// Internal to the sanitizer; the hosts come from site.json's `embeds.allow`.
///
/// An iframe is kept only when its `src` (after `URLPolicy.rewrite`, so
/// resolved and spelled as a browser reads it) is `https:`, names no user
/// info and no port other than 443, and its host is an allowed host or one
/// of its subdomains. It is rewritten to `src`, numeric `width`/`height`,
/// `title`, and a fixed set: `sandbox="allow-scripts allow-same-origin
/// allow-presentation"` (players need their script and their own origin's
/// storage; without `allow-top-navigation`, `allow-popups` and `allow-forms`
/// the frame cannot move the reader's page, open windows or submit forms, and
/// because the frame is always another origin, `allow-same-origin` gives it
/// no access to the page), `allowfullscreen`, `loading="lazy"` and
/// `referrerpolicy="strict-origin-when-cross-origin"`. Its fallback content is
/// dropped. Every other iframe is removed with its content.
struct EmbedPolicy {
    static let sandbox = "allow-scripts allow-same-origin allow-presentation"
    static let referrerPolicy = "strict-origin-when-cross-origin"

    /// Allowed hosts, lowercased; entries that are not bare host names are ignored.
    let hosts: [String]

    init(hosts: [String]) {
        self.hosts = hosts.map { $0.lowercased() }.filter(EmbedsConfig.isValidHost)
    }

    /// The whole `<iframe …></iframe>` to write for `element`, or nil to drop it.
    func iframe(_ element: HTMLFragment.Element, urls: URLPolicy) -> String? {
        guard !hosts.isEmpty,
              let src = element.attributes.first(where: { $0.name == "src" })?.value,
              var url = urls.rewrite(src), !url.isEmpty else { return nil }
        if url.hasPrefix("//") { url = "https:" + url }  // scheme-relative with no base: embeds are https only
        let reference = URLReference(url)
        guard reference.scheme?.lowercased() == "https", let authority = reference.authority?.lowercased(),
              let host = reference.host, EmbedsConfig.isValidHost(host),
              authority == host || authority == host + ":443",
              hosts.contains(where: { EmbedsConfig.host(host, isCoveredBy: $0) }) else { return nil }

        var attributes: [(String, String)] = [("src", url)]
        for name in ["width", "height"] {
            if let value = element.attributes.first(where: { $0.name == name })?.value,
               let number = SanitizerPolicy.value(of: name, value, on: "iframe") {
                attributes.append((name, number))
            }
        }
        let title = element.attributes.first(where: { $0.name == "title" })?.value.trimmingASCIISpaces ?? ""
        attributes.append(("title", title.isEmpty ? "Embedded content from \(host)" : title))
        attributes += [("sandbox", Self.sandbox), ("allowfullscreen", ""), ("loading", "lazy"), ("referrerpolicy", Self.referrerPolicy)]
        return "<iframe" + attributes.map { " \($0.0)=\"\(HTMLEscape.attribute($0.1))\"" }.joined() + "></iframe>"
    }
}
