import Foundation
import NewsgenModel

/// What the Enrich stage hands to Render.
struct EnrichedArticles {
    /// Newest first, sanitized, summarized, their images served from the site.
    var articles: [PreparedArticle]
    /// The images to publish under `media/`, read from the site's media staging folder.
    var files: [OutputFile]
    var warnings: [BuildWarning]
    /// What the image cache did.
    var images: ImageCacheStatistics
    /// What the Enrich cache did.
    var cache: EnrichStatistics
    /// Source id → the media name of its favicon (`SourceIcons`).
    var icons: [String: String] = [:]
}

/// The Enrich stage: every article sanitized and given its list-row summary (`PreparedArticle`), or
/// that text taken from the Enrich cache when an earlier build made it (`CachedPreparation`), then its images fetched through the site's image cache, served from the site and thumbnailed
/// (`ImageStage`). The cache's index is saved before the site is rendered. Never fails the build.
enum EnrichStage {
    /// `articles` (newest first) are taken, not copied: once sanitized, the publisher's HTML
    /// is let go, so that it is not in memory twice while images are fetched. `timer` tells the
    /// sanitizing ("enrich") from the images ("images").
    /// `digests` are the articles' archive lines' as saved (`ArchiveStage.save`), the Enrich cache's keys.
    /// `sources` get their favicons looked for (`SourceIcons`), politely: `hosts` are state.json's, `now` the build's clock.
    static func run(_ articles: consuming [Article], digests: ArchiveDigests = ArchiveDigests(), site: Site, offline: Bool, network: Network,
                    sources: [String: SourceInfo] = [:], hosts: [String: FetchState.Host] = [:], now: Date? = nil,
                    timer: inout StageTimer, progress: (@Sendable (StageProgress) -> Void)? = nil) -> EnrichedArticles {
        let config = site.config
        let preparation = CachedPreparation.make(articles, digests: digests, embedHosts: config.embeds.allow,
                                                 store: EnrichCacheStore(directory: site.enrichCacheDirectory, bounds: site.bounds))
        _ = consume articles
        timer.lap("enrich")
        let cache = ImageCache(config: config.imageCache, siteFolder: site.directory, bounds: site.bounds,
                               timeoutSeconds: Double(config.fetch.timeoutSeconds),
                               userAgent: config.fetch.userAgent, offline: offline, network: network)
        var stage = ImageStage(cache: cache, thumbnailer: Thumbnailer(), concurrency: config.fetch.concurrency,
                               articlesDirectory: site.articlesDirectory, mediaFolder: site.mediaStagingDirectory, bounds: site.bounds)
        stage.progress = progress
        let output = stage.run(preparation.articles, recordsIn: ImageRecordStore(directory: site.imageRecordsDirectory, bounds: site.bounds))
        var warnings = preparation.warnings + output.warnings
        // The articles' images, as the build reports them and as `BuildRecord` judges the build: a source without
        // an icon is no failed image, and must not keep every later build from standing for the next.
        let statistics = cache.statistics
        let icons = SourceIcons(images: stage, network: network, settings: PolitenessSettings(config), hosts: hosts, offline: offline, now: now,
                                bounds: site.bounds).run(sources, feeds: SourceIcons.feeds(config))
        let published = Set(output.files.map(\.path))
        do {
            try cache.save()
        } catch {
            warnings.append(BuildWarning("the image cache's index was not saved (\(error)); the next build fetches its images again"))
        }
        timer.lap("images")
        return EnrichedArticles(articles: output.articles, files: output.files + icons.files.filter { !published.contains($0.path) },
                                warnings: warnings, images: statistics, cache: preparation.statistics, icons: icons.icons)
    }
}
