import NewsgenFeeds
import NewsgenModel

/// What one source brought, made on a worker: its articles, without the feed they came from.
struct SourceParse: Sendable {
    var outcome: SourceOutcome
    var info: SourceInfo
    var incoming: [IncomingArticle]
    /// The source's own warnings, then those of its articles' HTML.
    var warnings: [BuildWarning]

    /// The Parse stage for one source: its file read and parsed (unless `fetched`
    /// already holds what the Fetch stage brought), each item turned into an
    /// incoming article, and the warnings a person should hear. The feed itself
    /// is dropped on return, so a build never holds every feed at once.
    /// The build runs this on every core, one source a call (`readSources`);
    /// `ParseStageProbe` runs the same function to time it.
    static func make(_ source: SourceConfig, fetched: SourceResult?, site: Site, offline: Bool) -> SourceParse {
        let result = fetched ?? FeedFileReader.read(source, site: site, offline: offline)
        let fromFeed = (result.feed?.items ?? []).compactMap { IncomingArticle(item: $0, sourceID: source.id) }
        let info = SourceInfo(id: source.id, title: source.title ?? result.feed?.title?.plainText ?? source.id, url: result.feed?.link)
        return SourceParse(outcome: result.outcome, info: info, incoming: fromFeed,
                           warnings: SiteBuilder.warnings(for: result, config: site.config, offline: offline)
                               + ContentBounds.warnings(fromFeed, sourceID: source.id))
    }
}
