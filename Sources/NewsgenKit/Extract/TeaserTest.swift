import Foundation
import NewsgenModel

/// Whether a feed gives only teasers (ADR 056): pure, on the archived article's sanitized HTML,
/// counting words as `FullTextNeed` does (outside tags, without parsing). Conservative on purpose,
/// in one direction: content of `FullTextMode.shortWords` words or more is never a teaser, so a
/// full-content feed is never flagged; a false "teaser" costs one polite page fetch, a missed one
/// loses the article's text for good.
public enum TeaserTest {
    /// An item without content of its own (or whose content is its summary) and shorter than this is a teaser.
    public static let teaserWords = 60

    /// How the text of a teaser ends, lowercased, in the theme's eight languages: "Read more", an ellipsis, WordPress's `[…]`.
    static let endings = ["read more", "continue reading", "keep reading", "read the full article", "read the rest", "[…]", "[...]",
                          "…", "...", "weiterlesen", "mehr lesen", "lire la suite", "leer más", "seguir leyendo",
                          "continua a leggere", "leggi tutto", "lees meer", "verder lezen", "leia mais", "continuar lendo",
                          "czytaj dalej", "czytaj więcej"]

    /// True when `article`'s feed text is only a teaser of the page its link points to.
    public static func isTeaser(_ article: Article) -> Bool {
        guard article.sourceID != ArticleID.markdownSourceID, FullTextNeed.pageURL(of: article) != nil else { return false }
        let limit = FullTextMode.shortWords
        let content = FullTextNeed.words(inHTML: article.contentHTML ?? "", upTo: limit)
        let summary = FullTextNeed.words(inHTML: article.summaryHTML ?? "", upTo: limit)
        if content.count >= limit || summary.count >= limit { return false }
        let text = content.count >= summary.count ? (article.contentHTML ?? "") : (article.summaryHTML ?? "")
        if endsLikeATeaser(text) { return true }
        let onlySummary = content.isEmpty || content == summary
        return onlySummary && max(content.count, summary.count) < teaserWords
    }

    /// True for a feed (its archived articles) most of whose linked items are teasers: two in three or more.
    public static func isTeaserFeed(_ articles: [Article]) -> Bool {
        var linked = 0, teasers = 0
        for article in articles where FullTextNeed.pageURL(of: article) != nil {
            linked += 1
            if article.feedText == .teaser { teasers += 1 }
        }
        return linked > 0 && teasers * 3 >= linked * 2
    }

    /// `incoming` with each article's `feedText` set by `isTeaser`.
    static func marked(_ incoming: [IncomingArticle]) -> [IncomingArticle] {
        incoming.map { item in
            var item = item
            item.article.feedText = isTeaser(item.article) ? .teaser : nil
            return item
        }
    }

    /// The text outside tags ends with "Read more", "…" or one of `endings` (after closing
    /// punctuation and arrows, and the entities feeds spell them with).
    static func endsLikeATeaser(_ html: String) -> Bool {
        let tail = plainTail(html)
        let trimmed = tail.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\u{A0}»›→>:)]-–—").union(.whitespacesAndNewlines))
        guard !trimmed.isEmpty else { return false }
        let lower = trimmed.lowercased()
        if lower.hasSuffix("…") || lower.hasSuffix("...") || tail.hasSuffix("[…]") || tail.hasSuffix("[...]") { return true }
        return endings.contains { ending in
            guard lower.hasSuffix(ending) else { return false }
            // Whole words: "Read more", not "spread more".
            let before = lower.dropLast(ending.count).last
            return before.map { !$0.isLetter } ?? true
        }
    }

    /// The last 200 characters of text outside tags, with the entities of ellipses, arrows and spaces decoded.
    private static func plainTail(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html.suffix(4_000) {
            if character == "<" { inTag = true; text.append(" ") } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        var tail = String(text.suffix(200))
        for (entity, character) in [("&#8230;", "…"), ("&hellip;", "…"), ("&#x2026;", "…"), ("&raquo;", "»"), ("&#187;", "»"),
                                    ("&rarr;", "→"), ("&#8594;", "→"), ("&nbsp;", " "), ("&#160;", " "), ("&amp;", "&")] {
            tail = tail.replacingOccurrences(of: entity, with: character)
        }
        return tail.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
