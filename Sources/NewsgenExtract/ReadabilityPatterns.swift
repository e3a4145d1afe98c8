/// Readability.js's `REGEXPS`, as case-insensitive substring tests on ASCII-lowercased bytes: every
/// one of them is an alternation of literal words (a few anchored), and a match string is tested
/// for most elements of a page, so a regex engine's per-call cost would dominate the extraction.
struct ReadabilityPattern: Sendable {
    private let needles: [[UInt8]]
    private let extra: (@Sendable ([UInt8]) -> Bool)?

    init(_ words: [String], extra: (@Sendable ([UInt8]) -> Bool)? = nil) {
        needles = words.map { Array($0.utf8) }
        self.extra = extra
    }

    /// Whether `text` contains any of the words, ignoring ASCII case.
    func matches(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let lowered = Self.lowered(text)
        return matches(lowered: lowered)
    }

    func matches(lowered bytes: [UInt8]) -> Bool {
        for needle in needles where Self.contains(bytes, needle) { return true }
        return extra?(bytes) ?? false
    }

    static func lowered(_ text: String) -> [UInt8] {
        text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        let n = needle.count, h = haystack.count
        guard n > 0, h - start >= n else { return nil }
        let first = needle[0]
        var i = start
        while i <= h - n {
            if haystack[i] == first {
                var j = 1
                while j < n && haystack[i + j] == needle[j] { j += 1 }
                if j == n { return i }
            }
            i += 1
        }
        return nil
    }

    static let unlikelyCandidates = ReadabilityPattern([
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote",
    ])
    static let maybeCandidate = ReadabilityPattern(["and", "article", "body", "column", "content", "main", "mathjax", "shadow"])
    static let positive = ReadabilityPattern([
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text", "blog", "story",
    ])
    static let negative = ReadabilityPattern([
        "-ad-", "hidden", " hid ", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media",
        "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "widget",
    ], extra: { bytes in
        // `^hid$`, ` hid$`, `^hid `.
        let hid = Array("hid".utf8)
        if bytes == hid { return true }
        if bytes.count >= 4 && bytes.suffix(4).elementsEqual(Array(" hid".utf8)) { return true }
        return bytes.count >= 4 && bytes.prefix(4).elementsEqual(Array("hid ".utf8))
    })
    static let byline = ReadabilityPattern(["byline", "author", "dateline", "writtenby", "p-author"])
    static let videos = ReadabilityPattern([
        "dailymotion.com", "youtube.com", "youtube-nocookie.com", "player.vimeo.com", "v.qq.com", "archive.org",
        "upload.wikimedia.org", "player.twitch.tv",
    ].flatMap { ["//" + $0, "//www." + $0] })

    /// `(\b|_)(share|sharedaddy)(\b|_)`.
    static func isShareElement(_ matchString: String) -> Bool {
        let bytes = lowered(matchString)
        for word in [Array("share".utf8), Array("sharedaddy".utf8)] {
            var from = 0
            while let at = firstIndex(of: word, in: bytes, from: from) {
                let before = at == 0 || !isWordByte(bytes[at - 1]) || bytes[at - 1] == UInt8(ascii: "_")
                let end = at + word.count
                let after = end == bytes.count || !isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "_")
                if before && after { return true }
                from = at + 1
            }
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95 || (byte >= 65 && byte <= 90)
    }
}
