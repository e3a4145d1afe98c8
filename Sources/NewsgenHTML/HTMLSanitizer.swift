/// An allowlist HTML sanitizer: what feeds and Markdown authors write is
/// reduced to plain document markup before it is published.
///
/// The input is parsed by libxml2's HTML parser (the way a browser would
/// tolerate it) and written back by our own serializer, so the output is always
/// well formed: every kept element is closed, void elements are written as
/// `<br>`, attribute values are double-quoted and escaped, comments are gone.
/// Before a start tag it ends what a parser would end there (`ImpliedEnds`:
/// a link ends an open link, a block an open paragraph), so that unwrapping an
/// unknown element never leaves a nesting the parser would not build: the
/// output reads back as written, and a second pass changes nothing.
///
/// Rules (`SanitizerPolicy` holds the tables):
/// - Elements on the allowlist are kept with only their listed attributes.
/// - Active content, forms, metadata, SVG and MathML are removed with their
///   content; any other unknown element is unwrapped (its content kept).
/// - `on*` handlers and `style` never survive (no CSS from feeds at all, so
///   no `url()` or `expression()` either). URL attributes keep only http,
///   https, mailto and relative URLs (see `URLPolicy`), resolved against
///   `baseURL` when one is given; fragment-only links stay as written. Data
///   URLs are refused everywhere, images included. An image's `srcset` stays
///   only when every candidate passes the same test.
/// - Links to another host get `rel="noopener noreferrer nofollow"`.
/// - A task-list checkbox is kept, always disabled; an image without a usable
///   `src` is removed.
/// - An `<iframe>` is kept only from an allowed embed host, https only,
///   rewritten to a fixed sandboxed form (see `EmbedPolicy`); all others go.
///
/// Limits inherited from libxml2, both on the safe side: it knows HTML 4's
/// named entities only (`&colon;` stays literal text, escaped on output), and
/// it stops at 256 open elements, so content nested deeper is cut off there.
public enum HTMLSanitizer {
    /// Bump whenever the output for the same input may change (a rule, a table of `SanitizerPolicy`,
    /// the serializer): the Enrich cache keys hold it (ADR 027), so bumping it makes the next build
    /// sanitize every article again instead of reusing what an older sanitizer made.
    public static let version = "1"

    /// Returns the safe form of the fragment `html`. Deterministic and safe to call from any thread.
    /// - Parameters:
    ///   - baseURL: What relative URLs are resolved against (the item's link).
    ///   - embedHosts: site.json's `embeds.allow`: hosts (and their subdomains)
    ///     whose iframes are kept, sandboxed. Empty: every iframe is removed.
    public static func sanitize(_ html: String, baseURL: String? = nil, embedHosts: [String] = []) -> String {
        let urls = URLPolicy(baseURL: baseURL)
        let embeds = EmbedPolicy(hosts: embedHosts)
        var output = SanitizedOutput(capacity: html.utf8.count)
        HTMLFragment.walk(html, element: { element in
            let name = element.name
            let isVoid = SanitizerPolicy.voidElements.contains(name)
            if name == "input" {
                if let tag = checkbox(element) { output.start(name, tag: tag, isVoid: true) }
                return .descend(closeToken: nil)
            }
            if name == "iframe" {
                if let tag = embeds.iframe(element, urls: urls) { output.start(name, tag: tag, isVoid: true) }
                return .skip
            }
            if SanitizerPolicy.droppedWithContent.contains(name) { return isVoid ? .descend(closeToken: nil) : .skip }
            guard let allowed = SanitizerPolicy.allowedElements[name],
                  let attributes = keptAttributes(of: element, allowed: allowed, urls: urls) else { return .descend(closeToken: nil) }
            var tag = "<" + name
            for (attribute, value) in attributes {
                tag += " " + attribute + "=\"" + HTMLEscape.attribute(value) + "\""
            }
            tag += ">"
            output.start(name, tag: tag, isVoid: isVoid)
            return .descend(closeToken: isVoid ? nil : "</" + name + ">")
        }, text: { text in
            output.text += HTMLEscape.text(text)
        }, close: { token in
            output.end(token)
        })
        return output.text
    }

    /// The attributes to write for `element`, in source order, plus `rel` on
    /// external links; nil when the tag itself must go (an `img` with no usable `src`).
    private static func keptAttributes(of element: HTMLFragment.Element, allowed: Set<String>, urls: URLPolicy) -> [(String, String)]? {
        var kept: [(String, String)] = []
        var seen: Set<String> = []
        var externalLink = false
        for (name, value) in element.attributes where !seen.contains(name) {
            seen.insert(name)
            if name == "class" {
                if let classes = SanitizerPolicy.classes(value, on: element.name) { kept.append((name, classes)) }
                continue
            }
            guard allowed.contains(name) else { continue }
            if name == "srcset" {
                if let candidates = urls.rewriteSrcset(value) { kept.append((name, candidates)) }
            } else if SanitizerPolicy.urlAttributes.contains(name) {
                guard let url = urls.rewrite(value) else { continue }
                if element.name == "img" && url.isEmpty { continue }
                if element.name == "a" && name == "href" && urls.isExternal(url) { externalLink = true }
                kept.append((name, url))
            } else if let clean = SanitizerPolicy.value(of: name, value, on: element.name) {
                kept.append((name, clean))
            }
        }
        if element.name == "img" && !kept.contains(where: { $0.0 == "src" }) { return nil }
        if externalLink { kept.append(("rel", "noopener noreferrer nofollow")) }
        return kept
    }

    /// cmark-gfm's task-list box, `<input type="checkbox" disabled="">`, with
    /// `checked=""` when ticked; nil for every other kind of input.
    private static func checkbox(_ element: HTMLFragment.Element) -> String? {
        guard let type = element.attributes.first(where: { $0.name == "type" }),
              type.value.trimmingASCIISpaces.lowercased() == "checkbox" else { return nil }
        let checked = element.attributes.contains { $0.name == "checked" }
        return "<input type=\"checkbox\"" + (checked ? " checked=\"\"" : "") + " disabled=\"\">"
    }

    /// `url` as a template may put it in an `href` it writes itself (an
    /// article's original link, a source's site, a bookmark's URL): an
    /// absolute http or https URL with a host, judged and spelled like content
    /// URLs; nil for anything else (`javascript:`, `data:`, relative references).
    public static func absoluteLink(_ url: String) -> String? {
        guard let kept = URLPolicy(baseURL: nil).rewrite(url), let scheme = URLReference(kept).scheme,
              ["http", "https"].contains(scheme.lowercased()), let host = URLReference(kept).host, !host.isEmpty else { return nil }
        return kept
    }
}
