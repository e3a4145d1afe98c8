import Foundation
import NewsgenFeeds
import NewsgenModel

/// The Fetch and Parse stages for sources with a `path`: read the local file,
/// parse it with libxml2 (sources with a `url` are fetched by `SourceFetcher`; here they are only skipped offline). A failure is that source's outcome, never the build's.
///
/// Bounds: a file over `fetch.maxFeedMB` is refused before it is read, the
/// parser refuses markup and items beyond `ParseLimits`, and at most
/// `fetch.maxItemsPerFeed` items (the newest) are taken.
enum FeedFileReader {
    static func read(_ source: SourceConfig, site: Site, offline: Bool) -> SourceResult {
        guard let path = source.path else {
            let reason = offline ? "offline: archived articles are shown" : "not fetched; archived articles are shown"
            return SourceResult(source: source, outcome: .skipped(reason: reason))
        }
        let file = site.url(path)
        let index = site.config.sources.firstIndex(of: source) ?? 0
        guard FileSystem.exists(file) else {
            return SourceResult(source: source, outcome: .failed(reason: "\(path): not found (named by sources[\(index)].path in site.json)"))
        }
        if let link = FileSystem.linkLeavingSite(file, site: site.directory) {
            return SourceResult(source: source, outcome: .failed(reason: link.warning(shownAs: path, consequence: "not read").description))
        }
        if FileSystem.isDirectory(file) {
            return SourceResult(source: source, outcome: .failed(reason: folderReason(path, index: index, site: site)))
        }
        let limit = site.config.fetch.maxFeedMB * 1_048_576
        if let reason = FileSystem.oversizedFeedReason(file, limit: limit) {
            return SourceResult(source: source, outcome: .failed(reason: "\(path): \(reason)"))
        }
        let data: Data
        do {
            data = try FileSystem.read(file, shownAs: path)
        } catch {
            return SourceResult(source: source, outcome: .failed(reason: error.description))
        }
        do {
            var feed = try FeedParser.parse(data, maxBytes: limit)
            let total = feed.items.count
            feed.items = FeedItemCap.newest(feed.items, limit: site.config.fetch.maxItemsPerFeed)
            return SourceResult(source: source, outcome: .fresh(itemCount: feed.items.count), feed: feed,
                                itemsDropped: total - feed.items.count)
        } catch {
            return SourceResult(source: source, outcome: .failed(reason: error.located(in: path)))
        }
    }

    /// Why a folder cannot be a path source, with a file of it to name instead when there is one.
    static func folderReason(_ path: String, index: Int, site: Site) -> String {
        let feeds = (try? FileSystem.siteFiles(in: site.url(path), site: site.directory).files) ?? []
        let example = feeds.first { feed in [".xml", ".rss", ".atom", ".json"].contains { feed.path.lowercased().hasSuffix($0) } }
        let suggestion = example.map { ", such as \(path.hasSuffix("/") ? path : path + "/")\($0.path)" } ?? ""
        return "\(path): is a folder, not a feed file; sources[\(index)].path in site.json must name one file\(suggestion)"
    }
}
