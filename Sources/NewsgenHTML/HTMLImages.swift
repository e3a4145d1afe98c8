/// What becomes of one image URL of an article: served from the site, or
/// (when it could not be fetched) shown only as a link to where it came from.
public enum ImageRewrite: Equatable, Sendable {
    /// The image is served from the site at this path (`/media/<sha256>.<ext>`).
    /// Inside a `srcset` it must contain no whitespace and not start or end with a comma.
    case local(String)
    /// The image could not be fetched: never load it from the publisher.
    case link
}

/// The images of sanitized article HTML, so the site never hot-links a
/// publisher's image: `references(in:)` lists what the image cache must fetch,
/// `rewrite(_:_:)` points every image at its cached copy, or turns it into a
/// plain link to the original when there is none.
///
/// Both work on the sanitizer's own output (`HTMLSanitizer.sanitize`), which
/// keeps `img` (`src`, `srcset`), `video` (`poster`) and `source` (`src` only:
/// `picture` is unwrapped and `srcset` on `source` is dropped). A `source`
/// with a `srcset` inside a `picture` is still handled, so a looser sanitizer
/// would not open a way around the cache. Media URLs (`video src`,
/// `audio src`, `source src`) are not images and are left alone.
///
/// The markup is edited in place: everything but the image attributes and
/// tags that change is kept byte for byte.
public enum HTMLImages {
    /// Every image URL `html` would load, in document order, each once:
    /// `img` `src` and `srcset` candidates, `srcset` candidates of a `source`
    /// in a `picture`, and `video` `poster`; exactly as written in the
    /// attribute once its character references are decoded. These are the
    /// URLs `rewrite(_:_:)` asks about, in the same order.
    public static func references(in html: String) -> [String] {
        var found: [String] = []
        _ = rewrite(html) { url in
            found.append(url)
            return .link
        }
        return found
    }

    /// `html` with its images rewritten as `decide` says for each URL
    /// (`decide` is asked once per distinct URL, in document order):
    /// - `img` whose `src` is `.local`: `src` becomes the local path; its
    ///   `srcset` keeps only the `.local` candidates (with their descriptors),
    ///   and is removed when none is left.
    /// - `img` whose `src` is `.link` (or missing) but with a `.local` `srcset`
    ///   candidate: the first such candidate becomes its `src`, as above.
    /// - any other `img`: replaced by `<a href="ORIGINAL" class="image-link" rel="noopener noreferrer nofollow">TEXT</a>`,
    ///   TEXT being its alt text or "Image"; a `<span class="image-link">` with
    ///   the text instead when ORIGINAL is not an absolute http(s) URL, or
    ///   when the image sits inside a link already (links cannot nest).
    /// - `source` in a `picture`: its `srcset` filtered the same way; the
    ///   `source` is removed when no candidate is left.
    /// - `video` `poster`: the local path, or removed on `.link`.
    public static func rewrite(_ html: String, _ decide: (String) -> ImageRewrite) -> String {
        var decisions: [String: ImageRewrite] = [:]
        func decision(_ url: String) -> ImageRewrite {
            if let known = decisions[url] { return known }
            let made = decide(url)
            decisions[url] = made
            return made
        }

        var scanner = MarkupScanner(Array(html.utf8))
        var edits: [Edit] = []
        var openLinks = 0
        var openPictures = 0
        while let token = scanner.next() {
            switch token {
            case .end("a"): openLinks = max(0, openLinks - 1)
            case .end("picture"): openPictures = max(0, openPictures - 1)
            case .end: break
            case .start(let tag):
                switch tag.name {
                case "a": openLinks += 1
                case "picture": openPictures += 1
                case "img": edits += image(tag, insideLink: openLinks > 0, decision)
                case "source" where openPictures > 0: edits += source(tag, decision)
                case "video": edits += poster(tag, decision)
                default: break
                }
            }
        }
        return apply(edits, to: scanner.bytes, original: html)
    }

    /// A change to the markup: the bytes in `range` become `replacement`.
    private struct Edit {
        var range: Range<Int>
        var replacement: String
    }

    /// The edits for one `img`.
    private static func image(_ tag: StartTag, insideLink: Bool, _ decision: (String) -> ImageRewrite) -> [Edit] {
        // Decide in attribute order, so the calls follow the document.
        var srcDecision: ImageRewrite?
        var localCandidates: [SrcsetCandidate] = []
        var candidates: [SrcsetCandidate] = []
        let src = tag.attribute("src").flatMap { $0.value.trimmingASCIISpaces.isEmpty ? nil : $0 }
        let srcset = tag.attribute("srcset")
        for attribute in tag.attributes {
            if let src, attribute.range == src.range {
                srcDecision = decision(src.value)
            } else if let srcset, attribute.range == srcset.range {
                candidates = SrcsetCandidate.parse(srcset.value)
                localCandidates = local(candidates, decision)
            }
        }

        var newSrc: String
        if case .local(let path) = srcDecision {
            newSrc = path
        } else if let first = localCandidates.first {
            newSrc = first.url
        } else {
            guard let original = src?.value ?? candidates.first?.url else { return [] }  // loads nothing
            return [Edit(range: tag.range, replacement: link(to: original, alt: tag.attribute("alt")?.value, insideLink: insideLink))]
        }

        var edits: [Edit] = []
        if let src {
            if newSrc != src.value { edits.append(Edit(range: src.range, replacement: written("src", newSrc))) }
        } else {
            edits.append(Edit(range: tag.nameEnd..<tag.nameEnd, replacement: written("src", newSrc)))
        }
        if let srcset, let edit = filtered(srcset, candidates, localCandidates) { edits.append(edit) }
        // `srcset` may come before `src`; an inserted `src` goes before everything.
        return edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// The edits for a `source` inside a `picture`: nothing without a `srcset`.
    private static func source(_ tag: StartTag, _ decision: (String) -> ImageRewrite) -> [Edit] {
        guard let srcset = tag.attribute("srcset") else { return [] }
        let candidates = SrcsetCandidate.parse(srcset.value)
        let kept = local(candidates, decision)
        if kept.isEmpty { return [Edit(range: tag.range, replacement: "")] }
        return filtered(srcset, candidates, kept).map { [$0] } ?? []
    }

    /// The edits for a `video`'s `poster`.
    private static func poster(_ tag: StartTag, _ decision: (String) -> ImageRewrite) -> [Edit] {
        guard let poster = tag.attribute("poster"), !poster.value.trimmingASCIISpaces.isEmpty else { return [] }
        switch decision(poster.value) {
        case .local(let path): return path == poster.value ? [] : [Edit(range: poster.range, replacement: written("poster", path))]
        case .link: return [Edit(range: poster.range, replacement: "")]
        }
    }

    /// The `.local` candidates of `candidates`, their URLs replaced by the local paths.
    private static func local(_ candidates: [SrcsetCandidate], _ decision: (String) -> ImageRewrite) -> [SrcsetCandidate] {
        candidates.compactMap { candidate in
            guard case .local(let path) = decision(candidate.url) else { return nil }
            return SrcsetCandidate(url: path, descriptor: candidate.descriptor)
        }
    }

    /// The edit that leaves `attribute` (a `srcset`) with only `kept`, removing
    /// it when `kept` is empty; nil when nothing changes.
    private static func filtered(_ attribute: Attribute, _ candidates: [SrcsetCandidate], _ kept: [SrcsetCandidate]) -> Edit? {
        if kept.isEmpty { return Edit(range: attribute.range, replacement: "") }
        if kept == candidates { return nil }
        return Edit(range: attribute.range, replacement: written(attribute.name, SrcsetCandidate.serialize(kept)))
    }

    /// What stands in for an image that is not served from the site.
    private static func link(to original: String, alt: String?, insideLink: Bool) -> String {
        let alt = HTMLText.collapsingWhitespace(alt ?? "")
        let text = HTMLEscape.text(alt.isEmpty ? "Image" : alt)
        guard !insideLink, let href = HTMLSanitizer.absoluteLink(original) else {
            return "<span class=\"image-link\">" + text + "</span>"
        }
        return "<a href=\"" + HTMLEscape.attribute(href) + "\" class=\"image-link\" rel=\"noopener noreferrer nofollow\">" + text + "</a>"
    }

    /// An attribute as the sanitizer writes it, with its leading space.
    private static func written(_ name: String, _ value: String) -> String {
        " " + name + "=\"" + HTMLEscape.attribute(value) + "\""
    }

    /// `bytes` with `edits` (made in document order, never overlapping) applied;
    /// `original` itself when there is none.
    private static func apply(_ edits: [Edit], to bytes: [UInt8], original: String) -> String {
        guard !edits.isEmpty else { return original }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64 * edits.count)
        var copied = 0
        for edit in edits where edit.range.lowerBound >= copied {
            output += bytes[copied..<edit.range.lowerBound]
            output += Array(edit.replacement.utf8)
            copied = edit.range.upperBound
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }
}
