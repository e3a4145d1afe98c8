import Foundation
import NewsgenHTML
import NewsgenModel

extension SiteFeeds {
    /// `/sources.opml`: every source of site.json as an OPML 2.0 subscription list, in site.json
    /// order, so a reader (or another newsgen site, `newsgen source import`) can follow the same feeds.
    ///
    /// Each is `<outline type="rss">` with `text` and `title` (the source's title) and `htmlUrl`,
    /// the source's own page on this site (`/sources/<id>/`: absolute on the baseURL, else relative
    /// to this file), so every outline links somewhere a reader can open. `xmlUrl` is the feed: a
    /// url source's address, or for a path source the address its feed names for itself (a file in
    /// the site's repository has no public address of its own). `dateCreated` is left out, since only the clock could give it.
    static func opml(_ input: RenderInput) -> String {
        let config = input.config
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>\(AtomFeed.escape("Sources · \(config.title)"))</title>",
            "  </head>",
            "  <body>",
        ]
        for source in config.sources {
            let info = input.sources[source.id]
            let title = AtomFeed.escape(nonBlank(source.title) ?? nonBlank(info?.title) ?? source.id)
            let page = Route.source(id: source.id)
            let htmlURL = absolute(page, config) ?? page.relativeLink(from: .opml)
            var outline = #"    <outline type="rss" text="\#(title)" title="\#(title)""#
            if let feed = source.isURL ? source.address : info?.feedURL.flatMap(HTMLSanitizer.absoluteLink) {
                outline += #" xmlUrl="\#(AtomFeed.escape(feed))""#
            }
            outline += #" htmlUrl="\#(AtomFeed.escape(htmlURL))"/>"#
            lines.append(outline)
        }
        lines += ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
