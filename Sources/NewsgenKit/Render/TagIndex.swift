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
    /// `tagsOf` holds the articles' tags by id when they were made already (`tagsByArticle`).
    init(listed: [PreparedArticle], tagsOf: [String: [(slug: String, name: String)]] = [:]) {
        var articles: [String: [PreparedArticle]] = [:]
        var spellings: [String: [String: Int]] = [:]
        for prepared in listed {
            for (slug, name) in tagsOf[prepared.article.id] ?? Self.tags(of: prepared.article) {
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
        tags(of: article, normalized: normalize)
    }

    /// One spelling as pages show it: trimmed, with its slug; nil for a blank one.
    static func normalize(_ tag: String) -> (slug: String, name: String)? {
        let name = tag.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : (SafeName.tagSlug(name), name)
    }

    /// `tags(of:)` with each spelling's slug and name from `normalized` (nil: a blank tag), which
    /// may remember them: a site has far fewer spellings than articles, and slugs are not cheap to make.
    static func tags(of article: Article, normalized: (String) -> (slug: String, name: String)?) -> [(slug: String, name: String)] {
        var result: [(slug: String, name: String)] = []
        result.reserveCapacity(article.tags.count)
        for tag in article.tags {
            guard let (slug, name) = normalized(tag) else { continue }
            if !result.contains(where: { $0.slug == slug }) { result.append((slug, name)) }
        }
        return result
    }

    /// Every article's tags (`tags(of:)`) by id, each spelling normalized once, on every core.
    /// Only ASCII spellings are remembered: a dictionary takes canonically equal strings for one key,
    /// and two such spellings must still show their own bytes.
    static func tagsByArticle(_ articles: [PreparedArticle]) -> [String: [(slug: String, name: String)]] {
        var spellings: Set<String> = []
        for prepared in articles { for tag in prepared.article.tags where isASCII(tag) { spellings.insert(tag) } }
        let distinct = Array(spellings)
        let made = Workers.parallelMap(distinct.count) { index in normalize(distinct[index]) }
        var normalized: [String: (slug: String, name: String)?] = [:]
        normalized.reserveCapacity(distinct.count)
        for (index, spelling) in distinct.enumerated() { normalized[spelling] = made[index] }
        let known = normalized
        let lists = Workers.parallelMap(articles.count) { index in
            tags(of: articles[index].article) { tag in
                if isASCII(tag), let made = known[tag] { return made }
                return normalize(tag)
            }
        }
        var byID: [String: [(slug: String, name: String)]] = [:]
        byID.reserveCapacity(articles.count)
        for (index, prepared) in articles.enumerated() where byID[prepared.article.id] == nil { byID[prepared.article.id] = lists[index] }
        return byID
    }

    /// True for text that no other string is canonically equal to unless byte for byte.
    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
}
