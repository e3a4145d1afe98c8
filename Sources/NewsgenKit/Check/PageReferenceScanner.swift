import NewsgenHTML

/// Finds the URLs a page refers to — every `href`, `src` and `srcset` candidate of its start
/// tags — as byte ranges of the page, with NewsgenHTML's own byte-level `TagScanner` (no DOM:
/// the link check reads thousands of pages). Comments and end tags are stepped over, and the
/// text of `script`, `style`, `title` and `textarea` is not markup, so a `<a href>` inside a
/// script is no link. A `<meta http-equiv="refresh" content="0; url=…">` (the redirects of old
/// numbered list pages, ADR 028) refers to its `url`.
enum PageReferenceScanner {
    static let rawTextElements: Set<String> = ["script", "style", "title", "textarea"]

    /// Calls `found` with the byte range of each reference in `bytes`, as written (quotes left out,
    /// character references not yet decoded), in page order.
    static func scan(_ bytes: [UInt8], _ found: (Range<Int>) -> Void) {
        var scanner = TagScanner(bytes, rawTextElements: rawTextElements)
        while let tag = scanner.nextTag() {
            if tag.name == "meta", let target = refreshTarget(tag, bytes) { found(target) }
            for attribute in tag.attributes {
                guard let value = attribute.valueRange else { continue }
                switch attribute.name {
                case "href", "src": found(value)
                case "srcset": srcsetCandidates(in: value, of: bytes, found)
                default: break
                }
            }
        }
    }

    /// The `url=` part of a refresh's `content` (`0; url=../../archive/`), quotes around it left out.
    private static func refreshTarget(_ tag: TagScanner.Tag, _ bytes: [UInt8]) -> Range<Int>? {
        let value = { (name: String) in tag.attributes.first { $0.name == name }?.valueRange }
        guard let equiv = value("http-equiv"), String(decoding: bytes[equiv], as: UTF8.self).lowercased() == "refresh",
              let content = value("content") else { return nil }
        let lowered = bytes[content].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        guard let url = lowered.firstRange(of: Array("url=".utf8)) else { return nil }
        var start = content.lowerBound + url.upperBound, end = content.upperBound
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x27 || bytes[start] == 0x22 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x27 || bytes[end - 1] == 0x22 { end -= 1 }
        return start < end ? start..<end : nil
    }

    /// Each candidate URL of a `srcset` value, split as the sanitizer splits it
    /// (`HTMLImages.SrcsetCandidate.parse`), at its own place in the value.
    private static func srcsetCandidates(in value: Range<Int>, of bytes: [UInt8], _ found: (Range<Int>) -> Void) {
        var from = value.lowerBound
        for candidate in HTMLImages.SrcsetCandidate.parse(String(decoding: bytes[value], as: UTF8.self)) {
            let url = Array(candidate.url.utf8)
            guard let place = bytes[from..<value.upperBound].firstRange(of: url) else { continue }
            found(place)
            from = place.upperBound
        }
    }

    /// The text of a reference: character references decoded (`&amp;` → `&`), surrounding
    /// whitespace removed, as a browser reads the attribute.
    static func text(of range: Range<Int>, in bytes: [UInt8]) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, HTMLBytes.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, HTMLBytes.isSpace(bytes[upper - 1]) { upper -= 1 }
        return CharacterReferences.decode(String(decoding: bytes[lower..<upper], as: UTF8.self))
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column)
    }
}
