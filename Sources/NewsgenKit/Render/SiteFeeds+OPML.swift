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
    /// the site's repository has no public address of its own). Sources with a `category` sit in a
    /// folder outline of that name. `dateCreated` is left out, since only the clock could give it.
    static func opml(_ input: RenderInput) -> String {
        opml(config: input.config, sources: input.sources, strings: input.templates.strings)
    }

    /// `opml(_:)` from site.json, what the sources' feeds say of themselves and the theme's words
    /// (its title), for `newsgen source export` too.
    static func opml(config: SiteConfig, sources: [String: SourceInfo], strings: ThemeStrings) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>\(AtomFeed.escape("\(strings.text("sourcesTitle")) · \(config.title)"))</title>",
            "  </head>",
            "  <body>",
        ]
        // Sources without a category first, then one folder outline per category in the order
        // site.json first names it: the shape readers export and import as folders.
        var folders: [(name: String, sources: [SourceConfig])] = []
        for source in config.sources {
            guard let category = source.category else {
                lines.append("    " + outline(source, config: config, info: sources[source.id]))
                continue
            }
            if let index = folders.firstIndex(where: { $0.name == category }) {
                folders[index].sources.append(source)
            } else {
                folders.append((category, [source]))
            }
        }
        for folder in folders {
            let name = AtomFeed.escape(folder.name)
            lines.append(#"    <outline text="\#(name)" title="\#(name)">"#)
            lines += folder.sources.map { "      " + outline($0, config: config, info: sources[$0.id]) }
            lines.append("    </outline>")
        }
        lines += ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func outline(_ source: SourceConfig, config: SiteConfig, info: SourceInfo?) -> String {
        let title = AtomFeed.escape(nonBlank(source.title) ?? nonBlank(info?.title) ?? source.id)
        let page = Route.source(id: source.id)
        let htmlURL = absolute(page, config) ?? page.relativeLink(from: .opml)
        var outline = #"<outline type="rss" text="\#(title)" title="\#(title)""#
        if let feed = source.isURL ? source.address : info?.feedURL.flatMap(HTMLSanitizer.absoluteLink) {
            outline += #" xmlUrl="\#(AtomFeed.escape(feed))""#
        }
        return outline + #" htmlUrl="\#(AtomFeed.escape(htmlURL))"/>"#
    }
}
