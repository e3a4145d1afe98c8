import Foundation
import NewsgenModel

/// RSS 0.91–2.0: an `<rss>` root, its version attribute (or a Netscape
/// DOCTYPE) naming the version as feedparser does.
enum RSSReader: FeedReader {
    static func accepts(_ root: DOMElement) -> Bool {
        root.matches("rss", .rss)
    }

    static func read(_ document: FeedDocument) -> ParsedFeed {
        let root = document.root
        let channel = root.first("channel", .core)
        let rootScope = document.rootScope
        // Items belong in the channel; a few old feeds put them beside it.
        let items = RSSChannelReader.items(in: channel, scope: channel.map(rootScope.entering) ?? rootScope)
            + RSSChannelReader.items(in: root, scope: rootScope)
        return RSSChannelReader.read(document, format: format(document), channel: channel, items: items)
    }

    /// `rss091n` for a Netscape DOCTYPE; else by version: 0.91 (UserLand), 0.92,
    /// 0.93, 0.94, any 2.x; `rss` when the version is missing or unknown.
    static func format(_ document: FeedDocument) -> FeedFormat {
        if document.head.namesNetscape { return .rss091n }
        let version = document.root.attribute("version")?.trimmingWhitespace() ?? ""
        switch version {
        case "0.91": return .rss091u
        case "0.92": return .rss092
        case "0.93": return .rss093
        case "0.94": return .rss094
        default: return version.hasPrefix("2.") ? .rss20 : .rss
        }
    }
}
