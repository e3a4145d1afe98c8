import Foundation
import NewsgenModel

/// `newsgen source export`: every source as OPML 2.0, the very document a build publishes at
/// `/sources.opml` (`SiteFeeds.opml`), so `source import` on another site reads it back. A path
/// source's file is read for the address its feed names for itself (its `xmlUrl`); nothing is fetched.
public enum SourceExport {
    public static func opml(site: Site) throws(BuildError) -> String {
        var infos: [String: SourceInfo] = [:]
        for source in site.config.sources {
            guard case .file(let path) = source.location else { continue }
            let read = SourceParse.make(FeedFileReader.read(source, path: path, site: site), config: site.config, offline: true)
            infos[source.id] = read.info
        }
        return SiteFeeds.opml(config: site.config, sources: infos, strings: try site.themeStrings())
    }
}
