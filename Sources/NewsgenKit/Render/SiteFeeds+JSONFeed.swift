import Foundation
import NewsgenHTML
import NewsgenModel

extension SiteFeeds {
    /// `/feed.json`: the same articles as `/feed.xml`, as JSON Feed 1.1.
    ///
    /// JSON Feed does not require absolute URLs, but it has no `xml:base`
    /// either. With a baseURL every URL is absolute, those inside
    /// `content_html` included (images, `srcset`, links), so the item reads the
    /// same wherever a reader resolves it. Without one, `url` and `image` are
    /// relative to the feed (the site root), which is what a reader resolves a
    /// reference against by default, as for `/feed.xml`; `content_html` keeps
    /// its links relative to the item's `url`, the base newsgen's own reader
    /// (like feedparser for RSS) gives item content.
    static func jsonFeed(_ input: RenderInput) -> JSONFeed {
        let config = input.config
        let items = feedArticles(input).map { prepared -> JSONFeed.Item in
            let article = prepared.article
            let page = Route.article(slug: article.slug)
            let content = prepared.contentHTML.map { html in absolute(page, config).map { absolutized(html, base: $0) } ?? html }
            return JSONFeed.Item(id: entryID(article, config), url: link(page, from: .jsonFeed, config),
                                 externalURL: article.link.flatMap(HTMLSanitizer.absoluteLink), title: article.title,
                                 contentHTML: content,
                                 // The format wants content_html or content_text on every item.
                                 contentText: content == nil ? prepared.summaryText ?? "" : nil,
                                 summary: prepared.summaryText,
                                 image: prepared.image.map { link(.media(name: $0.media), from: .jsonFeed, config) },
                                 datePublished: article.published, dateModified: article.updated,
                                 authors: author(article, input).map { [JSONFeed.Author(name: $0)] } ?? [],
                                 tags: tags(article))
        }
        return JSONFeed(title: config.title, homePageURL: absolute(.home, config),
                        feedURL: absolute(.jsonFeed, config), language: config.language,
                        authors: [JSONFeed.Author(name: config.title)], items: items)
    }

    /// `html` (relative to the page at `base`) with every relative URL made
    /// absolute: image sources, `srcset` candidates and posters, then links.
    static func absolutized(_ html: String, base: String) -> String {
        let images = HTMLImages.rewrite(html) { url in .local(URLResolver.resolve(url, against: base) ?? url) }
        return HTMLLinks.resolvingRelativeURLs(in: images, base: base)
    }
}
