import Foundation
import NewsgenModel

/// The tags of the listed articles, one entry per tag page: spellings that make
/// the same slug (`SafeName.tagSlug`, so "Swift" and "swift " and "SWIFT") share
/// a page, named by the spelling most articles use (ties: the first in code-point
/// order), so the page's name does not depend on which article came first.
struct TagIndex: Sendable {
    /// One tag page: its slug, its name and its articles, newest first.
    struct Tag: Sendable {
        var slug: String
        var name: String
        var articles: [PreparedArticle]
    }

    /// Sorted by slug, so pages and lists come out in one order.
    let tags: [Tag]
    private let bySlug: [String: Int]

    /// Groups the tags of `listed` (newest first); an article counts once per slug.
    init(listed: [PreparedArticle]) {
        var articles: [String: [PreparedArticle]] = [:]
        var spellings: [String: [String: Int]] = [:]
        for prepared in listed {
            for (slug, name) in Self.tags(of: prepared.article) {
                articles[slug, default: []].append(prepared)
                spellings[slug, default: [:]][name, default: 0] += 1
            }
        }
        tags = articles.keys.sorted().map { slug in
            let counts = spellings[slug] ?? [:]
            let name = counts.min { a, b in
                a.value != b.value ? a.value > b.value : a.key.unicodeScalars.lexicographicallyPrecedes(b.key.unicodeScalars)
            }?.key ?? slug
            return Tag(slug: slug, name: name, articles: articles[slug] ?? [])
        }
        bySlug = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1.slug, $0) })
    }

    /// The page of `slug`, if one is made.
    func tag(slug: String) -> Tag? {
        bySlug[slug].map { tags[$0] }
    }

    /// An article's tags as its pages show them: trimmed, blank ones left out, one per slug
    /// (the article's first spelling), in the article's order.
    static func tags(of article: Article) -> [(slug: String, name: String)] {
        var seen: Set<String> = []
        var result: [(String, String)] = []
        for tag in article.tags {
            let name = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { continue }
            let slug = SafeName.tagSlug(name)
            if seen.insert(slug).inserted { result.append((slug, name)) }
        }
        return result
    }
}
