import NewsgenModel

/// The article fields of a page's JSON-LD (`<script type="application/ld+json">`), read as
/// Readability's `_getJSONLD` reads them: the first schema.org object (or `@graph` member) whose
/// `@type` is an article type gives the title, byline, excerpt, site name and publication date.
struct JSONLDMetadata: Equatable {
    var title: String?
    var byline: String?
    var excerpt: String?
    var siteName: String?
    var datePublished: String?
    var image: String?
    /// `isAccessibleForFree: false`: the publisher marks the article as paid.
    var isPaywalled = false

    /// Readability's `jsonLdArticleTypes` (its regex is unanchored in the middle, so these are found anywhere).
    private static let articleTypes = [
        "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle", "BackgroundNewsArticle",
        "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report", "SatiricalArticle", "ScholarlyArticle",
        "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting", "LiveBlogPosting", "DiscussionForumPosting", "TechArticle",
    ]

    static func isArticleType(_ type: String) -> Bool {
        type.hasPrefix("Article") || type.hasSuffix("APIReference") || articleTypes.contains { type.contains($0) }
    }

    /// The fields of the first usable JSON-LD script in `tree`; empty when there is none.
    /// `pageTitle` is the cleaned `<title>`, which decides between `name` and `headline`.
    static func read(_ tree: PageTree, pageTitle: () -> String) -> JSONLDMetadata? {
        for script in tree.descendants(of: tree.root, named: "script") where tree.attribute(script, "type") == "application/ld+json" {
            var content = PageTree.trimmed(tree.textContent(script))
            if content.hasPrefix("<![CDATA[") { content = String(content.dropFirst(9)) }
            if content.hasSuffix("]]>") { content = String(content.dropLast(3)) }
            guard let document = try? JSONDocument(Array(content.utf8)) else { continue }
            var parsed = document.root
            if parsed.isArray {
                guard let found = parsed.elements.first(where: { typeOf($0).map(isArticleType) ?? false }) else { continue }
                parsed = found
            }
            guard parsed.isObject, hasSchemaContext(parsed) else { continue }
            if typeOf(parsed) == nil, let graph = parsed.member("@graph"), graph.isArray {
                guard let found = graph.elements.first(where: { typeOf($0).map(isArticleType) ?? false }) else { continue }
                parsed = found
            }
            guard let type = typeOf(parsed), isArticleType(type) else { continue }
            return fields(of: parsed, pageTitle: pageTitle)
        }
        return nil
    }

    private static func fields(of parsed: JSONElement, pageTitle: () -> String) -> JSONLDMetadata {
        var result = JSONLDMetadata()
        let name = parsed.member("name")?.string, headline = parsed.member("headline")?.string
        if let name, let headline, name != headline {
            let title = pageTitle()
            let nameMatches = TitleCleaner.similarity(name, title) > 0.75
            let headlineMatches = TitleCleaner.similarity(headline, title) > 0.75
            result.title = headlineMatches && !nameMatches ? headline : name
        } else if let name {
            result.title = PageTree.trimmed(name)
        } else if let headline {
            result.title = PageTree.trimmed(headline)
        }
        if let author = parsed.member("author") {
            if let name = author.member("name")?.string {
                result.byline = PageTree.trimmed(name)
            } else if author.isArray, author.elements.first?.member("name")?.string != nil {
                result.byline = author.elements.compactMap { $0.member("name")?.string }.map(PageTree.trimmed).joined(separator: ", ")
            }
        }
        if let description = parsed.member("description")?.string { result.excerpt = PageTree.trimmed(description) }
        if let publisher = parsed.member("publisher")?.member("name")?.string { result.siteName = PageTree.trimmed(publisher) }
        if let date = parsed.member("datePublished")?.string { result.datePublished = PageTree.trimmed(date) }
        if let image = parsed.member("image") {
            result.image = image.string ?? image.member("url")?.string ?? image.elements.first.flatMap { $0.string ?? $0.member("url")?.string }
        }
        if let free = parsed.member("isAccessibleForFree") {
            result.isPaywalled = free.bool == false || (free.string?.lowercased() == "false")
        }
        return result
    }

    /// `@type` when it is a string (the first of a list).
    private static func typeOf(_ element: JSONElement) -> String? {
        guard let type = element.member("@type") else { return nil }
        return type.string ?? type.elements.first?.string
    }

    /// `@context` (or its `@vocab`) is schema.org, over http or https, with or without the slash.
    private static func hasSchemaContext(_ element: JSONElement) -> Bool {
        guard let context = element.member("@context") else { return false }
        let value = context.string ?? context.member("@vocab")?.string
        guard let value else { return false }
        return ["http://schema.org", "https://schema.org", "http://schema.org/", "https://schema.org/"].contains(value)
    }
}
