import Foundation
import NewsgenHTML
import NewsgenModel

extension SiteFeeds {
    /// `/feed.xml`: the newest listed articles as Atom, each with its page as the
    /// alternate link, the publisher's original as related, tags as categories,
    /// the list-row summary and the sanitized content, whose relative image links
    /// resolve through `xml:base` (the article's page). Dated by the newest
    /// article's last change, or the epoch for an empty site; never the clock.
    static func atomFeed(_ input: RenderInput) -> AtomFeed {
        let config = input.config
        let entries = feedArticles(input).map { prepared -> AtomFeed.Entry in
            let article = prepared.article
            let page = link(.article(slug: article.slug), from: .atomFeed, config)
            return AtomFeed.Entry(id: entryID(article, config), title: article.title, link: page,
                                  original: article.link.flatMap(HTMLSanitizer.absoluteLink),
                                  updated: lastChange(article) ?? undated, published: article.published,
                                  author: author(article, input), categories: tags(article),
                                  summary: prepared.summaryText, contentHTML: prepared.contentHTML, contentBase: page)
        }
        return AtomFeed(id: config.baseURL ?? "urn:newsgen:site", title: config.title,
                        selfLink: link(.atomFeed, from: .atomFeed, config),
                        alternateLink: link(.home, from: .atomFeed, config),
                        updated: entries.map(\.updated).max() ?? undated, author: config.title, entries: entries,
                        language: config.language)
    }
}
