import Foundation
import NewsgenModel

/// Whether an article's own page should be read for its full text, by its source's `fullText` mode.
/// `auto` asks for it when the feed carries no content, or only its summary, or fewer than
/// `FullTextMode.shortWords` words: what a teaser looks like. Words are counted on the HTML as written
/// (text outside tags, whitespace-separated, stopping at the limit), since this runs on every
/// archived article of such a source at every build and must not parse HTML.
enum FullTextNeed {
    /// True when `article` has a page to read (an http or https link; not a Markdown article) and `mode` asks for it.
    static func wants(_ article: Article, mode: FullTextMode) -> Bool {
        guard article.sourceID != ArticleID.markdownSourceID, pageURL(of: article) != nil else { return false }
        switch mode {
        case .never: return false
        case .always: return true
        case .auto: return isTeaser(article)
        }
    }

    /// The page to read: the article's link, when it is an absolute http or https URL.
    static func pageURL(of article: Article) -> URL? {
        guard let link = article.link, let url = URL(string: link), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else { return nil }
        return url
    }

    /// No content, content that says only what the summary says, or short content.
    static func isTeaser(_ article: Article) -> Bool {
        let limit = FullTextMode.shortWords
        let content = words(inHTML: article.contentHTML ?? "", upTo: limit)
        if content.count < limit { return true }
        let summary = words(inHTML: article.summaryHTML ?? "", upTo: limit)
        return summary == content
    }

    /// The first `limit` words of the text outside the HTML's tags (entities left as written).
    static func words(inHTML html: String, upTo limit: Int) -> [Substring] {
        var words: [Substring] = []
        var inTag = false
        var start: String.Index?
        let text = html
        var index = text.startIndex
        func close(at end: String.Index) {
            if let begin = start { words.append(text[begin..<end]) }
            start = nil
        }
        while index < text.endIndex, words.count < limit {
            let character = text[index]
            if character == "<" {
                close(at: index)
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                if character.isWhitespace { close(at: index) } else if start == nil { start = index }
            }
            index = text.index(after: index)
        }
        if words.count < limit { close(at: index) }
        return words
    }
}
