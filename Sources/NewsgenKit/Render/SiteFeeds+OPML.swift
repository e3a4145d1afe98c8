import Foundation
import NewsgenHTML
import NewsgenModel

extension SiteFeeds {
    /// `/sources.opml`: the site's url sources as an OPML 2.0 subscription list,
    /// in site.json order, so a reader can follow the same feeds directly.
    ///
    /// Each is `<outline type="rss">` with `text` and `title` (the source's
    /// title), `xmlUrl` (its feed) and `htmlUrl` (the publisher's site, when the
    /// feed named an absolute http(s) one). Path sources are left out: a file in
    /// the site's repository has no public address a reader could fetch, and
    /// their articles are in `/feed.xml` already. `dateCreated` is left out too,
    /// since only the clock could give it. With no url source the body is empty
    /// (OPML 2.0 asks for one outline or more; every reader we know accepts none,
    /// and a missing file would break links to it).
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
            guard source.isURL else { continue }
            let xmlURL = source.address
            let info = input.sources[source.id]
            let title = AtomFeed.escape(nonBlank(source.title) ?? nonBlank(info?.title) ?? source.id)
            let site = info?.url.flatMap(HTMLSanitizer.absoluteLink).map { #" htmlUrl="\#(AtomFeed.escape($0))""# } ?? ""
            lines.append(#"    <outline type="rss" text="\#(title)" title="\#(title)" xmlUrl="\#(AtomFeed.escape(xmlURL))"\#(site)/>"#)
        }
        lines += ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
