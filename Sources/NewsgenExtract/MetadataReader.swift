import NewsgenHTML

/// Readability's `_getArticleMetadata`: the page's `<meta>` tags (Dublin Core, Open Graph, Twitter,
/// Parse.ly, Weibo) and JSON-LD, in Readability's order of preference, plus the lead image and
/// language, which Readability does not read.
enum MetadataReader {
    /// The metadata of `tree`; `baseURL` makes the lead image absolute.
    static func read(_ tree: PageTree, jsonLD: JSONLDMetadata?, baseURL: String) -> ExtractedMetadata {
        var values: [String: String] = [:]
        var contentLanguage: String?
        for meta in tree.descendants(of: tree.root, named: "meta") {
            guard let content = tree.attribute(meta, "content"), !content.isEmpty else { continue }
            let trimmedContent = PageTree.trimmed(content)
            if tree.attribute(meta, "http-equiv")?.lowercased() == "content-language" { contentLanguage = trimmedContent }
            var matched = false
            if let property = tree.attribute(meta, "property"), let name = propertyName(property) {
                values[name] = trimmedContent
                matched = true
            }
            if !matched, let name = tree.attribute(meta, "name"), let key = nameKey(name) {
                values[key] = trimmedContent
            }
            // Not Readability: images and the language are extra fields of ours.
            for key in [tree.attribute(meta, "property"), tree.attribute(meta, "name")].compactMap({ $0?.lowercased() })
            where ["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"].contains(key) {
                values[key] = values[key] ?? trimmedContent
            }
        }
        let title = jsonLD?.title ?? values["dc:title"] ?? values["dcterm:title"] ?? values["og:title"]
            ?? values["weibo:article:title"] ?? values["weibo:webpage:title"] ?? values["title"] ?? values["twitter:title"]
            ?? values["parsely-title"]
        let articleAuthor = values["article:author"].flatMap { isURL($0) ? nil : $0 }
        let byline = jsonLD?.byline ?? values["dc:creator"] ?? values["dcterm:creator"] ?? values["author"]
            ?? values["parsely-author"] ?? articleAuthor
        let excerpt = jsonLD?.excerpt ?? values["dc:description"] ?? values["dcterm:description"] ?? values["og:description"]
            ?? values["weibo:article:description"] ?? values["weibo:webpage:description"] ?? values["description"]
            ?? values["twitter:description"]
        let siteName = jsonLD?.siteName ?? values["og:site_name"]
        let published = jsonLD?.datePublished ?? values["article:published_time"] ?? values["parsely-pub-date"]
        let image = values["og:image"] ?? values["og:image:secure_url"] ?? values["og:image:url"] ?? values["twitter:image"]
            ?? values["twitter:image:src"] ?? jsonLD?.image
        let htmlLanguage = tree.firstElement(named: "html").flatMap { tree.attribute($0, "lang") }
        var metadata = ExtractedMetadata()
        metadata.title = nonEmpty(title.map(unescape)) ?? nonEmpty(TitleCleaner.articleTitle(tree))
        metadata.byline = nonEmpty(byline.map(unescape))
        metadata.excerpt = nonEmpty(excerpt.map(unescape))
        metadata.siteName = nonEmpty(siteName.map(unescape))
        metadata.publishedTime = nonEmpty(published.map(unescape))
        metadata.leadImage = image.map(unescape).flatMap { URLResolver.resolve($0, against: baseURL) }
            .flatMap { URLResolver.isAbsolute($0) ? $0 : nil }
        metadata.language = nonEmpty(htmlLanguage.map(PageTree.trimmed)) ?? nonEmpty(contentLanguage)
        return metadata
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    private static let escapes: [Substring: String] = ["quot": "\"", "amp": "&", "apos": "'", "lt": "<", "gt": ">"]

    /// `_unescapeHtmlEntities`: the five XML names and numeric references (what double escaping
    /// leaves); a reference to NUL, a surrogate or past U+10FFFF reads U+FFFD, as Readability has it.
    /// (`CharacterReferences` leaves those as written: it must keep a URL's bytes.)
    static func unescape(_ text: String) -> String {
        CharacterReferences.replacing(text, with: reference)
    }

    /// `&(quot|amp|apos|lt|gt);` and `&#(?:x([0-9a-f]+)|([0-9]+));`.
    private static func reference(_ name: Substring) -> String? {
        if let named = escapes[name] { return named }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let hex = digits.first == "x" || digits.first == "X"
        let body = hex ? digits.dropFirst() : digits
        guard !body.isEmpty, body.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }) else { return nil }
        guard let code = UInt64(body.prefix(16), radix: hex ? 16 : 10), code != 0, code <= 0x10FFFF,
              let scalar = Unicode.Scalar(UInt32(code)) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }

    /// `propertyPattern`, `/\s*(article|dc|dcterm|og|twitter)\s*:\s*(author|creator|description|published_time|title|site_name)\s*/i`:
    /// the first such property in a space-separated list, spaces removed, lowercased.
    private static func propertyName(_ property: String) -> String? {
        let prefixes = ["article", "dc", "dcterm", "og", "twitter"]
        let names = ["author", "creator", "description", "published_time", "title", "site_name"]
        let lowered = property.lowercased()
        var best: (Int, String)?
        for prefix in prefixes {
            var search = lowered.startIndex
            while let range = lowered.range(of: prefix, range: search..<lowered.endIndex) {
                var cursor = range.upperBound
                while cursor < lowered.endIndex, lowered[cursor].isWhitespace { cursor = lowered.index(after: cursor) }
                if cursor < lowered.endIndex, lowered[cursor] == ":" {
                    cursor = lowered.index(after: cursor)
                    while cursor < lowered.endIndex, lowered[cursor].isWhitespace { cursor = lowered.index(after: cursor) }
                    for name in names where lowered[cursor...].hasPrefix(name) {
                        let offset = lowered.distance(from: lowered.startIndex, to: range.lowerBound)
                        // Longest name wins at the same place (`title` is no prefix of another, but be safe).
                        if best == nil || offset < best!.0 { best = (offset, prefix + ":" + name) }
                    }
                }
                search = range.upperBound
            }
        }
        return best?.1
    }

    /// `namePattern`, `/^\s*(?:(dc|dcterm|og|twitter|parsely|weibo:(article|webpage))\s*[-\.:]\s*)?(author|creator|pub-date|description|title|site_name)\s*$/i`:
    /// the key Readability stores it under (lowercased, spaces removed, dots as colons).
    private static func nameKey(_ name: String) -> String? {
        let key = String(name.lowercased().filter { !$0.isWhitespace })
        let fields = ["author", "creator", "pub-date", "description", "title", "site_name"]
        if fields.contains(key) { return key }
        for prefix in ["dc", "dcterm", "og", "twitter", "parsely", "weibo:article", "weibo:webpage"] {
            guard key.hasPrefix(prefix) else { continue }
            let rest = key.dropFirst(prefix.count)
            guard let separator = rest.first, "-.:".contains(separator) else { continue }
            if fields.contains(String(rest.dropFirst())) { return key.replacingOccurrences(of: ".", with: ":") }
        }
        return nil
    }

    private static func isURL(_ text: String) -> Bool {
        URLResolver.isAbsolute(text) && text.contains("://")
    }
}
