import Foundation
import NewsgenHTML

/// The main text of an article's own page, for feeds that carry only a teaser (issue 17): a port
/// of Mozilla Readability.js (scoring, sibling joining, conditional cleaning, its metadata rules),
/// on libxml2's error-tolerant HTML parser, with lazy images kept and every URL made absolute.
///
/// Bounded for hostile pages: at most `maxBytes` bytes and `maxElements` elements are read, the
/// tree is walked without recursion, and libxml2 (never in HUGE mode) stops nesting at 256.
/// Deterministic and safe to call from any thread.
public enum ArticleExtractor {
    /// Bumped whenever the extractor's output for the same page may change; stored with every extracted article.
    public static let version = "2"
    /// Pages larger than this are not read (`tooLarge`); the fetcher caps lower still.
    public static let maxBytes = 20_000_000
    /// Pages with more elements than this are not examined (`tooComplex`); real articles have a few thousand.
    public static let maxElements = 200_000

    /// `html`: the page's bytes as fetched; `pageURL`: the final URL after redirects; `contentType`: the HTTP Content-Type if any (charset);
    /// `rules`: the source's own (`ArticleExtractor+Rules`).
    public static func extract(html: Data, pageURL: URL, contentType: String? = nil, rules: ExtractionRules? = nil) -> ExtractionResult {
        var statistics = ExtractionStatistics()
        return extract(html: html, pageURL: pageURL, contentType: contentType, rules: rules, statistics: &statistics)
    }

    /// `extract`, also counting its work into `statistics` (for tests that hold it to its bounds).
    public static func extract(html: Data, pageURL: URL, contentType: String? = nil, rules: ExtractionRules? = nil,
                               statistics: inout ExtractionStatistics) -> ExtractionResult {
        guard html.count <= maxBytes else { return .notFound(.tooLarge(maxBytes), ExtractedMetadata()) }
        let bytes = [UInt8](html)
        if let reason = PageEncoding.nonHTMLReason(bytes, contentType: contentType) {
            return .notFound(.notHTML(reason), ExtractedMetadata())
        }
        let decision = PageEncoding.decide(bytes, contentType: contentType)
        guard var input = boundedInput(bytes, decision: decision).map(withoutNULs) else {
            return .notFound(.tooComplex(maxElements), ExtractedMetadata())
        }
        if input.isEmpty { input = Array("<html><body></body></html>".utf8) }
        let encoding = decision.encoding.hasPrefix("UTF-16") ? "UTF-8" : decision.encoding
        let tree: PageTree
        switch PageTree.parse(input, encoding: encoding, maxElements: maxElements, statistics: &statistics) {
        case .success(let built): tree = built
        case .failure(.tooComplex(let limit)): return .notFound(.tooComplex(limit), ExtractedMetadata())
        case .failure(.unparsable): return .notFound(.noArticle, ExtractedMetadata())
        }
        if let rules, !rules.isEmpty {
            return extract(tree, input: input, encoding: encoding, rules: rules, documentURL: pageURL.absoluteString, statistics: &statistics)
        }
        return extract(tree, documentURL: pageURL.absoluteString, statistics: &statistics)
    }

    /// libxml2's HTML parser ends the document at a NUL byte, which a page's stray padding
    /// (ten NULs after a banner) turns into a page without its article; browsers drop them.
    private static func withoutNULs(_ input: [UInt8]) -> [UInt8] {
        input.contains(0) ? input.filter { $0 != 0 } : input
    }

    /// The bytes libxml2 reads: UTF-16 converted to UTF-8, tags with too many attributes cut
    /// (`HTMLInputBounds`); nil when the page has more tags than `maxElements`.
    private static func boundedInput(_ bytes: [UInt8], decision: PageEncoding.Decision) -> [UInt8]? {
        let body = Array(bytes.dropFirst(decision.bomLength))
        var text: String
        if decision.encoding.hasPrefix("UTF-16") {
            let encoding: String.Encoding = decision.encoding == "UTF-16LE" ? .utf16LittleEndian : .utf16BigEndian
            text = String(data: Data(body), encoding: encoding) ?? String(decoding: body, as: UTF8.self)
        } else {
            // Tag counting only looks at ASCII bytes, so any ASCII-compatible encoding can be scanned as UTF-8.
            text = String(decoding: body, as: UTF8.self)
        }
        // One scan in the common case; a second only to tell the two bounds apart.
        let withinBoth = !HTMLInputBounds.exceeds(text, maxNodes: maxElements)
        if !withinBoth && HTMLInputBounds.exceeds(text, maxAttributes: Int.max, maxNodes: maxElements) { return nil }
        if !withinBoth {
            // Too many attributes on a tag: only UTF-8 text can be cut and still be the page's bytes.
            guard decision.encoding == "UTF-8" || decision.encoding.hasPrefix("UTF-16") else { return nil }
            text = HTMLInputBounds.apply(text, maxNodes: Int.max)
        } else if !decision.encoding.hasPrefix("UTF-16") && !decision.repairsUTF8 {
            return body
        }
        return Array(text.utf8)
    }

    /// Readability's `parse` on a built tree.
    static func extract(_ tree: PageTree, documentURL: String, statistics: inout ExtractionStatistics) -> ExtractionResult {
        var (readability, page) = prepare(tree, documentURL: documentURL, statistics: statistics)
        defer { statistics = readability.statistics }
        let (baseURL, jsonLD) = (page.baseURL, page.jsonLD)
        var metadata = page.metadata
        readability.articleTitle = metadata.title ?? ""
        guard let grabbed = grabArticle(&readability) else {
            if WallDetector.isConsentWall(tree, articleTextLength: 0) { return .notFound(.consentWall, metadata) }
            if WallDetector.isPaywall(tree, jsonLD: jsonLD, articleTextLength: 0) { return .notFound(.paywall, metadata) }
            return .notFound(.noArticle, metadata)
        }
        readability.tree = grabbed.tree
        readability.pruneBoilerplate(grabbed.article, pageHost: URL(string: documentURL)?.host?.lowercased())
        readability.postProcess(grabbed.article, documentURL: documentURL, baseURL: baseURL)
        let articleTree = readability.tree
        let textLength = articleTree.innerTextLength(grabbed.article)
        // Readability settles for its longest attempt however short; a short text that is mostly
        // links, on a page that is not readerable, is an index or a menu, not an article.
        if textLength < Readability.charThreshold && !metadata.readerable && readability.linkDensity(grabbed.article) > 0.5 {
            if WallDetector.isConsentWall(tree, articleTextLength: textLength) { return .notFound(.consentWall, metadata) }
            return .notFound(.noArticle, metadata)
        }
        // A wall is a fact about the page: the text it shows is kept and labelled (issue 35); only
        // a page whose one text is the consent banner itself has no article.
        let consent = WallDetector.isConsentWall(tree, articleTextLength: textLength)
        if consent && WallDetector.readsAsConsent(articleTree.innerText(grabbed.article)) { return .notFound(.consentWall, metadata) }
        let wall: PageWall? = consent ? .consentWall
            : WallDetector.isPaywall(tree, jsonLD: jsonLD, articleTextLength: textLength) ? .paywall : nil
        if metadata.byline == nil { metadata.byline = readability.articleByline }
        return article(grabbed.article, in: articleTree, metadata: metadata, textLength: textLength, wall: wall)
    }

    /// What the page says about itself, read once Readability has prepared it: the start of both
    /// the scored path and a source's `select` (`ArticleExtractor+Rules`).
    struct PreparedPage {
        var baseURL: String
        var jsonLD: JSONLDMetadata?
        var metadata: ExtractedMetadata
    }

    /// Readability on `tree` with its noscript images unwrapped and the document prepared, and the page's metadata.
    static func prepare(_ tree: PageTree, documentURL: String, statistics: ExtractionStatistics) -> (Readability, PreparedPage) {
        let readerable = Readerable.check(tree)
        var readability = Readability(tree: tree, statistics: statistics)
        let baseURL = Readability.baseURL(tree, documentURL: documentURL)
        readability.unwrapNoscriptImages()
        let jsonLD = JSONLDMetadata.read(readability.tree) { TitleCleaner.articleTitle(tree) }
        readability.prepareDocument()
        var metadata = MetadataReader.read(readability.tree, jsonLD: jsonLD, baseURL: baseURL)
        metadata.readerable = readerable
        return (readability, PreparedPage(baseURL: baseURL, jsonLD: jsonLD, metadata: metadata))
    }

    /// The article under `container`, its first paragraph the excerpt when the page gave none.
    static func article(_ container: Int, in tree: PageTree, metadata: ExtractedMetadata, textLength: Int, wall: PageWall?) -> ExtractionResult {
        var metadata = metadata
        if metadata.excerpt == nil, let first = tree.descendants(of: container, named: "p").first {
            let excerpt = PageTree.trimmed(tree.textContent(first))
            metadata.excerpt = excerpt.isEmpty ? nil : excerpt
        }
        let html = tree.children(container).map(tree.outerHTML).joined()
        return .article(ExtractedArticle(html: html, metadata: metadata, textLength: textLength, wall: wall))
    }
}
