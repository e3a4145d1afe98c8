/// A source's own extraction rules (`sources[].fullText` written as an object, ADR 062): which
/// element of its pages is the article (`select`) and which blocks go first (`remove`), as CSS
/// selectors or XPath. Kept as written; NewsgenExtract's `SelectorQuery` reads them, and the
/// site is refused (`check`, `build`) when one cannot be read.
public struct FullTextRules: Sendable, Equatable {
    /// The article's container; what it matches (joined in page order) is the article.
    public var select: String?
    /// Blocks dropped from the page before anything else, in the order written.
    public var remove: [String]

    public init(select: String? = nil, remove: [String] = []) {
        self.select = select
        self.remove = remove
    }

    /// True when there is no rule at all: a source written `{"mode": "auto"}` has none.
    public var isEmpty: Bool { select == nil && remove.isEmpty }

    /// What identifies these rules (16 hex digits), kept with each text extracted under them
    /// (`FullText.rules`): a different digest at a later build means the rules changed, and the
    /// source's articles are read again.
    public var digest: String {
        var bytes: [UInt8] = Array("select".utf8)
        if let select { bytes.append(1); bytes.append(contentsOf: select.utf8) }
        for selector in remove {
            bytes.append(0)
            bytes.append(contentsOf: selector.utf8)
        }
        return String(SHA256.hex(bytes).prefix(16))
    }
}
